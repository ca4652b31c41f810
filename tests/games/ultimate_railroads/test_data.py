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


def test_module_and_germany_data_are_checked():
    """data/modules.json and data/germany.json are sound; a broken record is named."""
    import copy

    from service.games.ultimate_railroads.data import (DATA, GERMANY, MODULES, validate_germany,
                                                       validate_modules)
    colours = DATA["track_colours"]
    assert validate_modules(MODULES, colours) == [] and validate_germany(GERMANY, colours) == []
    broken = copy.deepcopy(MODULES)
    broken["werklok"]["tiles"][0]["effect"] = {"type": "nonsense"}
    assert any("werklok.tiles" in p for p in validate_modules(broken, colours))
    board = copy.deepcopy(GERMANY)
    board["extensions"][0]["specials"][0]["at"] = 9
    assert validate_germany(board, colours) == ["germany.json: extensions[0]: a special field outside the extension"]
