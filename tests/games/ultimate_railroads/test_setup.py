"""AUFBAU UND VORBEREITUNG and ÄNDERUNGEN FÜR 2 UND 3 SPIELER*INNEN."""
from __future__ import annotations

import pytest

from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.data import DATA, ENGINEERS, SPACES, STACKS
from service.games.ultimate_railroads.spaces import space_spec

from .builders import act

ENGINE = GAME.engine


def fresh(seats, seed=3):
    return ENGINE.setup(GAME.resolve_options({}), seats, seed)


@pytest.mark.parametrize("seats,workers,coins", [(2, 6, 2), (3, 6, 1), (4, 5, 1)])
def test_setup_workers_and_coins_per_seat_count(seats, workers, coins):
    """5 workers and 1 coin; 6 workers at 2-3 players; 2 coins at 2 players."""
    state = fresh(seats)
    assert {p["workers"] for p in state["players"]} == {workers}
    assert {p["coins"] for p in state["players"]} == {coins}


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_locomotive_stacks_hold_one_per_seat(seats):
    """Legt von jedem Lokstapel 1 (3p) / 2 (2p) Loks zurück: one loco per player per stack."""
    assert fresh(seats)["stacks"] == {s: seats for s in STACKS}


@pytest.mark.parametrize("seats,a,b", [(2, 3, 3), (3, 3, 3), (4, 3, 4)])
def test_setup_engineers_3a_3b_at_two_and_three_seats(seats, a, b):
    """4 B on (6)(5)(4)(3), 3 A on (2)(1) and the hiring field; 6 engineers (3A, 3B) at
    2-3 players with the leftmost field empty."""
    strip = fresh(seats)["strip"]
    letters = [ENGINEERS[n]["letter"] if n else None for n in strip]
    assert letters[4:] == ["A", "A", "A"]
    assert letters[:4].count("B") == b and letters.count("A") == a
    assert (letters[0] is None) == (seats < 4)


def test_setup_two_player_board_side_crosses_out_spaces():
    """2 players: the back side; crossed-out spaces are not available."""
    two, four = fresh(2), fresh(4)
    absent = [s for s in SPACES if "two_player" not in SPACES[s]["sides"]]
    assert "track_wood_1" in absent and "turn_order_2" in absent
    for space in absent:
        assert space_spec(two, 0, space) is None
        assert space_spec(four, 0, space) is not None or SPACES[space].get("only_in_last_round")


def test_setup_player_board():
    """A wood track on field 1 of every route, the #1 loco on the TRANSIB, a wrench on
    the start field, nine idea tiles, the score at 0."""
    player = fresh(3)["players"][0]
    assert {r: t["wood"] for r, t in player["tracks"].items()} == {"transsib": 1, "petersburg": 1, "kyiv": 1}
    assert player["locos"]["transsib"].count("1") == 1
    assert player["wrenches"] == [0] and len(player["ideas"]) == 9 and player["score"] == 0


def test_setup_end_game_cards_two_out_unseen():
    """Shuffle the 12 end-game cards, put 2 back in the box unseen."""
    state = fresh(4)
    assert len(state["end_deck"]) == len(DATA["end_game_cards"]) - 2
    assert ENGINE.view(state, 0)["public"]["end_deck"] == 10


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_start_bonus_cards_chosen_from_the_last_seat_forward(seats):
    """Position 4 chooses first, then 3, then 2; the start player gets none."""
    state = fresh(seats, seed=5)
    order = state["order"]
    chosen = []
    while state["phase"] == "start_bonus" or state["pool"]:
        seat = ENGINE.to_act(state)[0]
        if state["pool"]:
            state = act(state, seat, {"action": "drop", "item": state["pool"]["items"][0]["id"]}) \
                if not state["pool"]["items"][0]["direct"] else act(state, seat, ENGINE.legal_moves(state, seat)[0])
            continue
        chosen.append(seat)
        state = act(state, seat, ENGINE.legal_moves(state, seat)[0])
    assert chosen == order[1:][::-1]
    assert ENGINE.to_act(state) == [order[0]]
    assert len(state["start_bonus"]) == 4 - (seats - 1)


def test_start_bonus_cards_done_once_all_have_chosen():
    """Then everyone who got a card does it, in the order they chose."""
    state = fresh(3, seed=5)
    last, second = state["order"][2], state["order"][1]
    coins = state["players"][last]["coins"]
    state = act(state, last, "start_bonus coin")
    assert state["players"][last]["coins"] == coins
    state = act(state, second, "start_bonus wood_step")
    assert state["players"][last]["coins"] == coins + 1
    assert ENGINE.to_act(state) == [second] and state["pool"]["items"][0]["kind"] == "track"
    state = act(state, second, "step #0 kyiv")
    assert state["players"][second]["tracks"]["kyiv"]["wood"] == 2
    assert state["phase"] == "actions" and ENGINE.to_act(state) == [state["order"][0]]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_engineers_one_per_round_each_reaches_the_hiring_field(seats):
    """As many engineers as rounds (7 at 4 players; 6 = 3A + 3B at 2 and 3), and every
    one reaches the hiring field by the last round: at 3 players "das ganz linke Feld
    bleibt leer"; at 2 players the text only says 3A + 3B and points to a note printed
    on the board: the engine keeps the leftmost field empty there too, the only layout
    in which no dealt engineer is still on her way when the game ends."""
    state = fresh(seats)
    rounds = state["rounds"]
    dealt = [field for field, number in enumerate(state["strip"]) if number is not None]
    assert len(dealt) == rounds
    assert all(field + (rounds - 1) >= len(state["strip"]) - 1 for field in dealt)
