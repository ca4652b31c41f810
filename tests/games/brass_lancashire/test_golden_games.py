"""Golden games replay to their recorded result, with money, tiles, cubes and cards
conserved."""
from __future__ import annotations

import pytest

from service.games.brass_lancashire.setup import deck_faces

from .builders import ENGINE, assert_conserved
from .golden import GAMES, replay


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_recorded_game_replays_to_its_result(path):
    header, state = replay(path)
    assert ENGINE.result(state) == header["result"]
    assert_conserved(state, len(deck_faces(header["options"], header["seats"])))


def test_there_is_a_golden_game_per_variant():
    names = {p.stem for p in GAMES.glob("*.jsonl")}
    assert {"roxley_4p", "classic_4p", "introductory_3p"} <= names
