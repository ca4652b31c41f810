"""Seeded random games for every module and player count (1: the solo game against
Emil) through the generic harness: listed moves apply, unlisted ones are refused,
views leak nothing, replay from the log is exact. One short game each."""
from __future__ import annotations

import pytest

from service.games.ultimate_railroads import GAME
from tests.games.harness import canonical, full_check, play_random_game, replay

ENGINE = GAME.engine
MODULES = ["coal", "werklok", "special_ideas", "extra_engineers"]


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_module_game(module, seats):
    options = {module: True}
    check = full_check(seats) if seats in (1, 3) else None      # the exact checks on two counts
    played = play_random_game(GAME, seats, seed=100 + seats, options=options, check=check)
    assert ENGINE.result(played.state) is not None
    again = replay(GAME, seats, 100 + seats, GAME.resolve_options(options, seats), played.log)
    assert canonical(ENGINE.dump(again)) == canonical(ENGINE.dump(played.state))
