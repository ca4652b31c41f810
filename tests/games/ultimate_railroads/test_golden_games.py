"""Recorded games replay, from their notation, to their recorded result."""
from __future__ import annotations

import pytest

from service.games.ultimate_railroads import GAME

from .golden import GAMES, header, replay_file


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_recorded_game_replays_to_its_result(path):
    head, state = replay_file(path)
    assert GAME.engine.result(state) == head["result"]
    # recorded before the module options existed: those take their defaults
    recorded = {**head, "options": GAME.resolve_options(head["options"], head["seats"])}
    assert header(state, head["seats"], head["seed"], head.get("policy")) == recorded
    assert head["doublers_total"] == 30
