"""Recorded games replay from their notation to their recorded result (STYLE.md:
golden games). Re-record with `python -m tests.games.age_of_industry.record`; what
the two kinds of recording are is told there."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.games.age_of_industry import GAME
from tests.games.age_of_industry.builders import money_total
from tests.games.age_of_industry.record import replay

GAMES = sorted((Path(__file__).parent / "games").glob("*.jsonl"))


def test_there_are_golden_games_for_both_maps():
    assert {json.loads(p.read_text().splitlines()[0])["options"]["map"] for p in GAMES} == \
        {"germany", "new_england"}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recorded_game_replays_to_its_result(path):
    header, state = replay(path)
    assert GAME.engine.result(state) == header["result"]
    assert money_total(state) == 0
