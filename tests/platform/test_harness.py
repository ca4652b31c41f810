"""The generic engine checks themselves, on the platform test game: they pass on a
correct engine and catch a broken one."""
from __future__ import annotations

import copy
import random

import pytest

from service.games.base import GameType
from tests.games import harness
from tests.platform_game import GAME, Pile


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_pass_every_generic_check(seats):
    for seed in range(10):
        played = harness.play_random_game(GAME, seats, seed, check=harness.full_check(seats))
        replayed = harness.replay(GAME, seats, seed, None, played.log)
        assert harness.canonical(GAME.engine.dump(replayed)) == \
            harness.canonical(GAME.engine.dump(played.state))


class LeakyPile(Pile):
    def view(self, state, seat):
        view = super().view(state, seat)
        view["public"]["viewer_hand"] = state["hands"][seat] if seat is not None else []
        return view


class LaxPile(Pile):
    def apply(self, state, seat, move):
        state = copy.deepcopy(state)
        state["turn"] = (seat + 1) % len(state["hands"])
        return state, []


def broken(engine) -> GameType:
    return GameType(id="broken", name="broken", min_seats=2, max_seats=4, engine=engine,
                    engine_version="0", description="", options=GAME.options)


def test_the_leak_check_catches_a_hand_in_the_public_view():
    with pytest.raises(AssertionError, match="public view differs"):
        harness.play_random_game(broken(LeakyPile()), 2, 1, check=harness.full_check(2))


def test_the_refusal_check_catches_an_engine_that_accepts_anything():
    with pytest.raises(AssertionError, match="accepted|out of turn"):
        harness.play_random_game(broken(LaxPile()), 2, 1, check=harness.full_check(2))


class GeneratorShowingPile(Pile):
    def view(self, state, seat):
        view = super().view(state, seat)
        view["public"]["next"] = state["rng"]
        return view


def test_the_leak_check_catches_the_generator_state_in_a_view():
    with pytest.raises(AssertionError, match="generator"):
        harness.play_random_game(broken(GeneratorShowingPile()), 2, 1,
                                 check=harness.full_check(2))


class WaitingSeatLaxPile(Pile):
    """Refuses unlisted moves from the seat to act, takes them from a waiting seat."""
    def apply(self, state, seat, move):
        if seat not in self.to_act(state):
            return copy.deepcopy(state), []
        return super().apply(state, seat, move)


def test_the_refusal_check_tries_unlisted_moves_from_waiting_seats_too():
    """Issue 12 finding 7: assert_unlisted_refused does what its docstring says, for
    the seat to act and for every waiting seat. Its listed moves here (one of them made
    up) mutate into unlisted ones the acting seat cannot play."""
    engine = WaitingSeatLaxPile()
    state = engine.setup(GAME.resolve_options({}), 3, 1)
    listed = [{"action": "play", "card": 9}, {"action": "draw", "card": 8}]
    harness.assert_unlisted_refused(Pile(), state, 0, listed, random.Random(1), seats=3)
    with pytest.raises(AssertionError, match="accepted from seat 1"):
        harness.assert_unlisted_refused(engine, state, 0, listed, random.Random(1), seats=3)
