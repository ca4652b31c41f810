"""Property tests over random games: every rule check of the generic harness, the
game ends after the right number of rounds, pieces return, replay is exact."""
from __future__ import annotations

import pytest

from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.data import seat_rules
from tests.games.harness import canonical, full_check, play_random_game, replay

ENGINE = GAME.engine


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_game_passes_the_generic_checks(seats):
    """Every listed move applies, unlisted ones are refused, views leak nothing (1 seat:
    the solo game against Emil, which a 1-seat game defaults to)."""
    play_random_game(GAME, seats, seed=seats, check=full_check(seats))


def round_checks(rounds_seen: list):
    def check(engine, state, seat, moves, chooser):
        new_round = not rounds_seen or rounds_seen[-1] != state["round"]
        rounds_seen.append(state["round"])
        if new_round:
            assert not state["spaces"] and state["temps_holder"] is None
            for player in state["players"]:
                assert player["placed"] == 0 and player["temps"] == 0 and not player["wooden_placed"]
                assert player["coins"] >= 0
    return check


@pytest.mark.parametrize("seats,seed", [(2, 11), (3, 12), (4, 13), (4, 14)])
def test_game_ends_after_the_right_number_of_rounds(seats, seed):
    """ÄNDERUNGEN FÜR 2 UND 3 SPIELER*INNEN: 6 rounds at 2-3 seats, 7 at 4; workers,
    temporary workers and placed coins come back after each round."""
    rounds_seen = []
    played = play_random_game(GAME, seats, seed, check=round_checks(rounds_seen))
    assert max(rounds_seen) == seat_rules(seats)["rounds"]
    assert ENGINE.result(played.state) is not None
    assert played.state["strip"].count(None) >= 1


@pytest.mark.parametrize("seats,seed", [(1, 20), (2, 21), (3, 22), (4, 23)])
def test_replay_from_seed_and_log_gives_the_same_state(seats, seed):
    played = play_random_game(GAME, seats, seed)
    again = replay(GAME, seats, seed, None, played.log)
    assert canonical(ENGINE.dump(again)) == canonical(ENGINE.dump(played.state))


@pytest.mark.parametrize("seats,seed", [(1, 30), (2, 31), (4, 32)])
def test_notation_round_trips_every_listed_move(seats, seed):
    def check(engine, state, seat, moves, chooser):
        for move in moves:
            assert engine.parse(engine.format(move)) == move
    play_random_game(GAME, seats, seed, check=check)


def conservation_check(seats):
    """Doublers (30, limited) and locomotives are never created or lost; pieces stay
    within what a seat owns; at most 2 extra workers."""
    def check(engine, state, seat, moves, chooser):
        players = state["players"]
        assert state["doubler_supply"] + sum(p["doublers"] for p in players) == 30
        on_boards = sum(1 for p in players for r in p["locos"].values() for s in r if s not in (None, "1", "9*"))
        in_strips = sum(1 for p in players for f in p["factories"] if f not in (None, "1"))
        returned = sum(1 for s in state["returned"] if s != "1")
        in_hand = sum(1 for i in (state["pool"] or {"items": []})["items"]
                      if i["kind"] == "displaced" and i["stack"] not in ("1", "9*"))
        assert sum(state["stacks"].values()) + on_boards + in_strips + returned + in_hand == 10 * seats
        for p in players:
            assert 0 <= p["placed"] <= p["workers"] and p["coins"] >= 0 and p["extra_workers"] <= 2
    return check


@pytest.mark.parametrize("seats,seed", [(2, 41), (3, 42), (4, 43)])
def test_pieces_are_conserved(seats, seed):
    play_random_game(GAME, seats, seed, check=conservation_check(seats))
