"""Seeded random games on every board (Russian, German, Asian, American), every player count
(1: the solo game against Emil), every module and the Industrietableau through the generic
harness's checks: listed moves apply, unlisted ones are
refused, views leak nothing, the state round-trips, replay from the log is exact. Each is
a short game (its first two rounds, then the last round's scoring: `rounds` set to 2)
to keep the suite quick; test_random_games.py plays the base game to its end, and
test_every_module_together one full game with all modules."""
from __future__ import annotations

import random

import pytest

from service.games.ultimate_railroads import GAME
from tests.games.harness import canonical, full_check

ENGINE = GAME.engine
BOARDS = ["russia", "germany", "asia", "america"]
MODULES = [None, "coal", "werklok", "special_ideas", "extra_engineers"]
SHORT = 2


def short_game(options: dict, seats: int, seed: int, rounds: int | None = SHORT, check=None):
    """(the final state, the log), playing seeded random listed moves."""
    resolved = GAME.resolve_options(options, seats)
    state = ENGINE.setup(resolved, seats, seed)
    if rounds:
        state["rounds"] = rounds
    chooser, log = random.Random(seed), []
    while ENGINE.result(state) is None:
        assert len(log) < 5000
        seat = ENGINE.to_act(state)[0]
        moves = ENGINE.legal_moves(state, seat)
        assert moves
        if check:
            check(ENGINE, state, seat, moves, chooser)
        move = chooser.choice(moves)
        state, _ = ENGINE.apply(state, seat, move)
        log.append((seat, move))
    return resolved, state, log


def replayed(resolved: dict, seats: int, seed: int, rounds: int | None, log) -> dict:
    state = ENGINE.setup(resolved, seats, seed)
    if rounds:
        state["rounds"] = rounds
    for seat, move in log:
        state, _ = ENGINE.apply(state, seat, move)
    return state


SEATS = (1, 2, 3, 4)
# A pairwise design, not the cross product (suite time): one game per board x module, its seat
# count and whether the INDUSTRIETABLEAU lies chosen so that every pair of board, module, seat
# count and industry board occurs (test_the_design_covers_every_pair checks it).
CASES = [(board, module, SEATS[(b + m) % 4], bool((m + b // 2) % 2))
         for b, board in enumerate(BOARDS) for m, module in enumerate(MODULES)]


def test_the_design_covers_every_pair():
    factors = [BOARDS, MODULES, SEATS, [False, True]]
    for i, j in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]:
        assert {(case[i], case[j]) for case in CASES} == {(a, b) for a in factors[i] for b in factors[j]}


@pytest.mark.parametrize("board,module,seats,industry_board", CASES)
def test_random_short_game(board, module, seats, industry_board):
    short_checked_game({"board": board, **({module: True} if module else {}),
                        **({"industry_board": True} if industry_board else {})}, seats,
                       1000 * industry_board + 100 * seats + BOARDS.index(board) * 10 + MODULES.index(module))


def short_checked_game(options: dict, seats: int, seed: int):
    resolved, state, log = short_game(options, seats, seed, check=full_check(seats))
    assert ENGINE.result(state)["scores"] == [p["score"] for p in state["players"]]
    again = replayed(resolved, seats, seed, SHORT, log)
    assert canonical(ENGINE.dump(again)) == canonical(ENGINE.dump(state))


STRIPS = [("russia", "america", 2), ("germany", "america", 3), ("america", "russia", 4), ("america", "germany", 1)]


@pytest.mark.parametrize("board,strip,seats", STRIPS)
def test_random_short_game_with_another_industry_strip(board, strip, seats):
    """KOMBINATIONEN: AMERIKATABLEAU ODER AMERIKA-INDUSTRIELEISTE: the route board and the
    industry strip combined freely (with the Industrietableau no strip: test_america_industry_board)."""
    options = {"board": board, "strip": strip}
    seed = 1000 + 10 * seats + BOARDS.index(board)
    resolved, state, log = short_game(options, seats, seed, check=full_check(seats))
    again = replayed(resolved, seats, seed, SHORT, log)
    assert canonical(ENGINE.dump(again)) == canonical(ENGINE.dump(state))


def test_random_short_game_america_with_the_industry_board_against_emil():
    """AMERIKATABLEAU + INDUSTRIETABLEAU with EMIL + AMERIKA and EMIL + INDUSTRIETABLEAU (the
    pairwise design has America with the board for 2 and 4 players only)."""
    short_checked_game({"board": "america", "industry_board": True, "emil": True}, 1, 3013)


@pytest.mark.parametrize("board", ["russia", "germany", "asia"])
def test_every_module_together_a_whole_game(board):
    """KOMBINATIONEN: all four modules at once on each board, a whole game (3 players). The
    American board's whole game: over HTTP (tests/e2e, with coal), kept out of here for time
    (all four modules there cost about twice the German board's completion searches)."""
    options = {"board": board, "coal": True, "werklok": True, "special_ideas": True, "extra_engineers": True}
    resolved, state, log = short_game(options, 3, 7, rounds=None)
    assert state["round"] == state["rounds"] + 1 == 5 + 1
