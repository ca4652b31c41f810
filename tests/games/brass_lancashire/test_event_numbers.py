"""Issue 15, "events in numbers": a Brass move's event says what it paid, which cubes
it took from where, which tiles it flipped and for whom, and the income it brought."""
from __future__ import annotations

import random

import pytest

from service.games.registry import game_type
from tests.games.harness import play_game

GAME = game_type("brass-lancashire")


class Found(Exception):
    pass


def first_state_where(wanted, builds=("cotton_mill", "port", "coal_mine")):
    """The first state of a seeded game (mills, ports, mines built first) where
    `wanted(moves)` lists moves: (state, seat, those moves)."""
    chooser = random.Random(1)

    def choose(state, seat, moves):
        if found := wanted(moves):
            raise Found(state, seat, found)
        return chooser.choice([m for m in moves if m.get("industry") in builds] or moves)

    with pytest.raises(Found) as found:
        play_game(GAME, 2, 1, None, choose)
    return found.value.args


def test_a_sale_names_the_tiles_flipped_their_owner_and_the_income():
    """AKTION: VERKAUFEN: the mill flips (a port too), each owner's income advances."""
    state, seat, sells = first_state_where(
        lambda moves: [m for m in moves if m["action"] == "sell"], ("cotton_mill", "port"))
    _after, events = GAME.engine.apply(state, seat, sells[0])
    flipped = events[0]["flipped"]
    mill = sells[0]["mill"]
    assert {"tile": mill, "industry": "cotton_mill", "owner": seat} in flipped
    assert events[0]["income"][seat] > 0


def test_a_build_taking_coal_from_a_mine_names_the_mine_and_the_price():
    """AKTION: BAUEN: coal comes from the nearest connected mine (free) or the market."""
    def coal_from_a_mine(moves):
        return [m for m in moves if m["action"] == "build" and any(
            source != "market" for source in m.get("coal", []))]
    state, seat, builds = first_state_where(coal_from_a_mine)
    move = builds[0]
    _after, events = GAME.engine.apply(state, seat, move)
    source = next(s for s in move["coal"] if s != "market")
    assert events[0]["cubes_taken"][source] >= 1
    assert events[0]["money"][seat] < 0 and not any(events[0]["money"][:seat] +
                                                     events[0]["money"][seat + 1:])
