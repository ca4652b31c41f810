"""The data schema: validate_data, and the provisional labels."""
from __future__ import annotations

import copy

from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.data import DATA, PROVISIONAL, validate_data


def test_shipped_data_is_valid():
    assert validate_data(DATA) == []


def test_validate_data_names_each_problem():
    broken = copy.deepcopy(DATA)
    broken["engineers"] = [e for e in broken["engineers"] if e["letter"] != "B"]
    broken["action_spaces"][0]["effect"] = {"type": "teleport"}
    broken["factories"].pop("5")
    broken["idea_tiles"][0]["status"] = "guessed"
    problems = validate_data(broken)
    assert any("B tiles" in p for p in problems)
    assert any("track_wood_1" in p and "unknown effect" in p for p in problems)
    assert any("factories.5" in p for p in problems)
    assert any("idea_tiles[0]" in p and "status" in p for p in problems)


def test_provisional_values_are_labelled_in_the_game_type():
    """Never present a provisional value as printed: the description lists them all."""
    assert PROVISIONAL and GAME.stage == "provisional"
    for path in PROVISIONAL:
        assert path in GAME.description
    assert "engineers[2]" in PROVISIONAL and "factories.5" in PROVISIONAL
