"""Random games on both maps (SPIELABLAUF, SPIELENDE): the generic engine checks,
conservation of money and cubes, a certain end, replay from seed + log, notation."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.games.age_of_industry import GAME
from service.games.age_of_industry.data import CUBES
from tests.games.age_of_industry.builders import cubes_total, money_total
from tests.games.harness import (assert_listed_moves_apply, assert_out_of_turn_refused,
                                 assert_round_trips, assert_unlisted_refused,
                                 assert_views_leak_nothing, canonical, full_check,
                                 play_random_game, replay)

ENGINE = GAME.engine
MAPS = ("germany", "new_england")
# A keen player: builds, sells and lays rails far more often than a uniform one,
# and borrows when broke, so ships, imports and sales happen in random games.
WEIGHTS = {"build": 12, "sell": 20, "end_sale": 1, "rail": 6, "draw": 3, "develop": 1,
           "pass": 1, "loan": 2, "repay": 1, "keep_loans": 1}


def invariants(state):
    assert money_total(state) == 0, "money is conserved between bank and players"
    for resource in ("coal", "iron"):
        assert cubes_total(state, resource) == CUBES[resource], f"{resource} cubes are conserved"


def keen_game(map_id, seats, seed, checks=True):
    state = ENGINE.setup(GAME.resolve_options({"map": map_id}), seats, seed)
    chooser, log = random.Random(seed), []
    while ENGINE.result(state) is None:
        assert len(log) < 3000, "the game ends"
        seat = ENGINE.to_act(state)[0]
        moves = ENGINE.legal_moves(state, seat)
        assert moves
        if checks:
            assert_listed_moves_apply(ENGINE, state, seat, moves, chooser, sample=3)
            assert_unlisted_refused(ENGINE, state, seat, moves, chooser, count=3, seats=seats)
            assert_out_of_turn_refused(ENGINE, state, seats, moves[0])
            assert_views_leak_nothing(ENGINE, state, seats)
        if state.players[seat].money < 6 and chooser.random() < 0.5:
            moves = [m for m in moves if m["action"] == "loan"] or moves
        move = chooser.choices(moves, [WEIGHTS[m["action"]] for m in moves])[0]
        state, _ = ENGINE.apply(state, seat, move)
        log.append((seat, move))
        invariants(state)
    return state, log


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("seats", (3, 4, 5))
def test_random_games_pass_the_generic_checks(map_id, seats):
    """The harness: listed moves apply, unlisted and out-of-turn ones are refused,
    views leak nothing, the state round-trips; the game ends."""
    played = play_random_game(GAME, seats, seats * 11, {"map": map_id}, check=full_check(seats))
    ranking = ENGINE.result(played.state)["ranking"]
    assert sorted(seat for group in ranking for seat in group) == list(range(seats)), \
        "every seat is ranked once"
    invariants(played.state)


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("seed", range(4))
def test_keen_games_conserve_money_and_cubes_and_replay(map_id, seed):
    """Money and cubes are conserved at every step; setup + log replays byte for byte."""
    state, log = keen_game(map_id, 3 + seed % 3, seed)
    again = replay(GAME, 3 + seed % 3, seed, {"map": map_id}, log)
    assert canonical(ENGINE.dump(again)) == canonical(ENGINE.dump(state))


def test_keen_games_reach_every_action_and_new_england_ships():
    """The random games exercise selling, rails, and on New England, ships."""
    seen = set()
    for seed in range(6):
        state, log = keen_game("new_england", 4, 100 + seed, checks=False)
        seen |= {m["action"] for _, m in log}
        seen |= {m["industry"] for _, m in log if m["action"] == "build"}
    assert {"sell", "rail", "build", "ship", "port", "coal_mine"} <= seen


@pytest.mark.parametrize("map_id", MAPS)
def test_notation_round_trips_every_listed_move(map_id):
    """parse(format(m)) == m for every listed move along a game."""
    played = play_random_game(GAME, 4, 5, {"map": map_id})
    state = ENGINE.setup(GAME.resolve_options({"map": map_id}), 4, 5)
    for seat, move in played.log[:60]:
        for listed in ENGINE.legal_moves(state, seat):
            assert ENGINE.parse(ENGINE.format(listed)) == listed
        state, _ = ENGINE.apply(state, seat, move)
    assert_round_trips(ENGINE, state)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), map_id=st.sampled_from(MAPS), seats=st.integers(3, 5))
def test_any_seed_ends_conserves_and_replays(seed, map_id, seats):
    """Property: for any seed, map and table size the game ends, money and cubes are
    conserved at every step (checked inside keen_game), and the log replays."""
    state, log = keen_game(map_id, seats, seed, checks=False)
    again = replay(GAME, seats, seed, {"map": map_id}, log)
    assert canonical(ENGINE.dump(again)) == canonical(ENGINE.dump(state))
