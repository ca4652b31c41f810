"""Seeded random games: every listed move applies, unlisted ones are refused (the
generic harness), the invariants hold at every step, the game ends after the right
number of rounds, and setup + log replays to the same state."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.games.brass_lancashire.data import ROUNDS_PER_ERA
from service.games.brass_lancashire.setup import deck_faces
from tests.games.harness import (assert_listed_moves_apply, assert_unlisted_refused, canonical,
                                 full_check, play_random_game, replay)

from .builders import ENGINE, GAME, assert_conserved, balanced_chooser

VARIANTS = [{}, {"rules": "classic"}, {"length": "introductory"}]


def play_balanced(players, seed, options, check=None):
    options = GAME.resolve_options(options)
    state = ENGINE.setup(options, players, seed)
    chooser = random.Random(seed)
    choose = balanced_chooser(chooser)
    deck_size = len(deck_faces(options, players))
    log = []
    while ENGINE.result(state) is None:
        assert len(log) < 5000
        seat = ENGINE.to_act(state)[0]
        moves = ENGINE.legal_moves(state, seat)
        assert moves, f"seat {seat} has no legal move"
        if check:
            check(ENGINE, state, seat, moves, chooser)
        move = choose(moves)
        state, _ = ENGINE.apply(state, seat, move)
        log.append((seat, move))
        assert_conserved(state, deck_size)
    return state, log


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", VARIANTS, ids=["roxley", "classic", "introductory"])
def test_listed_moves_apply_and_unlisted_are_refused(players, options):
    """SPIELVERLAUF: the harness's generic checks at every step, with uniform random
    play (mostly two-card builds) and with balanced play (every kind of action)."""
    play_random_game(GAME, players, players, options, check=full_check(players))
    play_balanced(players, 100 + players, options, check=full_check(players))


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32),
       options=st.sampled_from(VARIANTS))
def test_money_tiles_cubes_and_cards_are_conserved(players, seed, options):
    """Money between bank and players, 37 tiles a seat, 20 cubes a kind, every card:
    checked after every move of a game (play_balanced)."""
    play_balanced(players, seed, options)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rounds_per_era(players):
    """RUNDEN: 10 (2 players), 9 (3) or 8 (4) rounds in each era."""
    state, _ = play_balanced(players, 7, {})
    rounds = ROUNDS_PER_ERA[players]
    assert ENGINE.result(state)["details"]["rounds"] == {"canal": rounds, "rail": rounds}


def test_introductory_game_ends_after_the_canal_era():
    """VARIANTE ZUM EINSTIEG: only the canal era is played."""
    state, _ = play_balanced(3, 8, {"length": "introductory"})
    assert ENGINE.result(state)["details"]["rounds"] == {"canal": 9}


@pytest.mark.parametrize("players", [2, 4])
def test_replay_from_seed_and_log_gives_the_same_state(players):
    state, log = play_balanced(players, 11, {})
    again = replay(GAME, players, 11, {}, log)
    assert canonical(ENGINE.dump(again)) == canonical(ENGINE.dump(state))


def test_every_listed_move_round_trips_through_the_notation():
    """Text notation: parse(format(m)) == m for every listed move of a game."""
    state = ENGINE.setup(GAME.resolve_options({}), 3, 5)
    chooser = random.Random(5)
    choose = balanced_chooser(chooser)
    while ENGINE.result(state) is None:
        seat = ENGINE.to_act(state)[0]
        moves = ENGINE.legal_moves(state, seat)
        for move in moves:
            assert ENGINE.parse(ENGINE.format(move)) == move
        state, _ = ENGINE.apply(state, seat, choose(moves))


@pytest.mark.parametrize("players", [2, 4])
def test_no_loans_in_the_last_four_rounds_of_the_rail_era(players):
    """AKTION: KREDIT AUFNEHMEN: once the deck is used up (the last 4 rounds) no loans;
    in the round before, after the Rothschild tile surfaced, still loans."""
    seen = {}

    def check(engine, state, seat, moves, chooser):
        if state.era == "rail" and not state.pending:
            offered = any(m["action"] == "loan" for m in moves)
            seen[state.round] = seen.get(state.round, False) or offered

    play_balanced(players, 3, {}, check=check)
    last = ROUNDS_PER_ERA[players]
    assert not any(seen[r] for r in range(last - 3, last + 1))
    assert seen[last - 4]


def listed_exactly(engine, state, seat, moves, chooser):
    """A lighter per-step check for many games: one more listed move applies (besides
    the one played) and two plausible unlisted ones are refused."""
    assert_listed_moves_apply(engine, state, seat, moves, chooser, sample=1)
    assert_unlisted_refused(engine, state, seat, moves, chooser, count=2, seats=len(state.hands))


@pytest.mark.parametrize("batch", range(4))
def test_hundreds_of_random_games_list_their_moves_exactly(batch):
    """legal_moves is complete and exact over 200 random games (50 a batch) of 2, 3
    and 4 seats and every variant: at every step of every game the move played and
    one more listed move apply, and unlisted moves are refused."""
    for n in range(50):
        game = batch * 50 + n
        play_random_game(GAME, 2 + game % 3, 5000 + game, VARIANTS[game // 3 % 3],
                         check=listed_exactly)
