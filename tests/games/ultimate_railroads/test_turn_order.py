"""ZUGREIHENFOLGE and ARBEITER VON DER REIHENFOLGELEISTE VERSETZEN."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.ultimate_railroads.engine import ENGINE
from service.games.ultimate_railroads.turn_order import resort

from .builders import a_game, act, place


def test_turn_order_resort_rulebook_example():
    """You (3rd) and Red (4th) claim: you 1st, Red 2nd; Yellow and Blue slide right."""
    yellow, blue, you, red = 0, 1, 2, 3
    assert resort([yellow, blue, you, red], {"1": you, "2": red}) == [you, red, yellow, blue]


def test_turn_order_special_case_start_player_claims_second():
    """SONDERFALL: the start player on 2nd, nobody on 1st: the order does not change."""
    assert resort([0, 1, 2, 3], {"2": 0}) == [0, 1, 2, 3]
    assert resort([0, 1, 2, 3], {"2": 3}) == [0, 3, 1, 2]


def test_turn_order_not_under_your_own_position_and_never_both():
    state = a_game(4)
    with pytest.raises(IllegalMove, match="own position"):
        act(state, 0, place("turn_order_1"))
    state = act(a_game(4), 0, place("coins"))
    state = act(state, 1, place("doubler"))
    state = act(state, 2, place("turn_order_2"))
    state = act(state, 3, "pass")
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    with pytest.raises(IllegalMove, match="both"):
        act(state, 2, place("turn_order_1"))


def test_turn_order_two_players_may_claim_under_own_position():
    state = a_game(2)
    state = act(state, 0, place("turn_order_1"))
    assert state["claims"] == {"1": 0}


def test_turn_order_temporary_worker_or_coin_swapped_at_once():
    """SONDERFALL: a coin on a turn-order space is swapped with one of your workers."""
    state = a_game(4)
    state = act(state, 0, place("coins"))
    state = act(state, 1, place("doubler"))
    state = act(state, 2, place("industry_1"), "industry #0")
    state = act(state, 3, place("track_wood_1"), "step #0 kyiv", "step #0 kyiv")
    with pytest.raises(IllegalMove, match="swap"):
        act(state, 0, place("turn_order_2", workers=0, coins=1))
    state = act(state, 0, place("turn_order_2", workers=0, coins=1, swap="coins"))
    assert state["spaces"]["coins"]["workers"] == 0 and state["spaces"]["coins"]["coins"] == 1
    assert state["spaces"]["turn_order_2"]["workers"] == 1


def finish_round(state):
    while state["phase"] == "actions":
        seat = ENGINE.to_act(state)[0]
        state = act(state, seat, "pass")
    return state


def test_turn_order_workers_relocated_second_then_first():
    """After the re-sort: the worker on 2nd, then on 1st, moves to a free 1-worker space
    (own engineers too) and does that action at once."""
    state = a_game(4)
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    state = act(state, 2, place("turn_order_1"))
    state = act(state, 3, place("turn_order_2"))
    state = finish_round(state)
    assert state["order"] == [2, 3, 0, 1] and state["phase"] == "relocation"
    assert ENGINE.to_act(state) == [3]
    moves = ENGINE.legal_moves(state, 3)
    assert {"action": "stay"} in moves
    assert all(m["space"] not in ("track_wood_2", "turn_order_1", "engineer_hire")
               for m in moves if m["action"] == "relocate")
    state = act(state, 3, "relocate coins")
    assert ENGINE.to_act(state) == [2]
    state = act(state, 2, "stay")
    assert state["round"] == 2 and state["players"][3]["coins"] == 3
    assert [state["players"][s]["card"] for s in (2, 3, 0, 1)] == [1, 2, 3, 4]


def test_last_round_tile_three_industry_steps_no_turn_order_spaces():
    """NUR FÜR DIE LETZTE RUNDE: the tile covers the turn-order spaces: 3 industry steps."""
    state = a_game(4)
    state["round"] = state["rounds"]
    state["players"][0]["wrenches"] = [2]              # 2 steps of room: cannot do all 3
    spaces = {m.get("space") for m in ENGINE.legal_moves(state, 0)}
    assert "last_round" not in spaces
    state["players"][0]["wrenches"] = [1]
    spaces = {m.get("space") for m in ENGINE.legal_moves(state, 0)}
    assert "last_round" in spaces and not {"turn_order_1", "turn_order_2"} & spaces


def test_turn_order_special_case_worker_still_relocated():
    """Auch im obigen Sonderfall (keine Änderung der Zugreihenfolge) darfst du deinen
    Arbeiter versetzen."""
    state = a_game(4)
    state = act(state, 0, place("turn_order_2"))
    state = finish_round(state)
    assert state["order"] == [0, 1, 2, 3] and state["phase"] == "relocation"
    assert ENGINE.to_act(state) == [0]
    state = act(state, 0, "relocate coins")
    assert state["round"] == 2 and state["players"][0]["coins"] == 1 + 2


def test_last_round_tile_only_in_the_last_round():
    """The tile is laid out at the start of the last round only; before it, the
    turn-order spaces are open and the tile is not."""
    state = a_game(4)
    state.update(round=state["rounds"] - 1, turn=2)
    spaces = {m.get("space") for m in ENGINE.legal_moves(state, 2)}
    assert "last_round" not in spaces and {"turn_order_1", "turn_order_2"} <= spaces


@pytest.mark.parametrize("seats,rounds", [(2, 6), (3, 6), (4, 7)])
def test_game_lasts_seven_rounds_at_four_six_at_two_and_three(seats, rounds):
    """Das Spiel zu viert läuft über 7 Runden; zu zweit und zu dritt nur 6 Runden."""
    state = a_game(seats)
    while ENGINE.result(state) is None:
        assert state["round"] <= rounds
        state = act(state, ENGINE.to_act(state)[0], "pass")
    assert state["round"] == rounds + 1                 # the final scoring followed round `rounds`


def test_turn_order_sonderfall_swap_with_a_worker_on_the_reusable_track_space():
    """ZUGREIHENFOLGE, SONDERFALL: "so musst du diese sofort gegen einen bereits
    eingesetzten Arbeiter in deiner Farbe von einem anderen Aktionsfeld austauschen".
    The reusable track space (STRECKENBAU: "das einzige im Spiel, das mehrmals pro Runde
    genutzt werden kann") is such an action space, though never marked occupied: a seat
    whose only placed worker stands there may put a coin on a turn-order space and swap."""
    state = a_game(4)
    state = act(state, 0, place("track_reusable"), "step #0 kyiv")
    state = act(state, 1, place("doubler"))
    state = act(state, 2, place("coins"))
    state = act(state, 3, "pass")
    offered = [m for m in ENGINE.legal_moves(state, 0) if m.get("space") == "turn_order_2"]
    assert {m.get("swap") for m in offered if m["coins"]} == {"track_reusable"}
    state = act(state, 0, place("turn_order_2", workers=0, coins=1, swap="track_reusable"))
    assert state["spaces"]["turn_order_2"] == {"seat": 0, "workers": 1, "temps": 0, "wood": 0, "coins": 0}
    assert state["players"][0]["on_reusable"] == {"track_reusable": 0}
    # the worker has been swapped away: a second coin finds no worker to swap with
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    assert state["claims"] == {"2": 0}


def test_turn_order_sonderfall_no_swap_without_a_placed_worker():
    """Without any own worker on another action space the coin cannot be swapped."""
    state = a_game(4)
    with pytest.raises(IllegalMove, match="name it in 'swap'"):
        act(state, 0, place("turn_order_2", workers=0, coins=1, swap="track_reusable"))
    assert not [m for m in ENGINE.legal_moves(state, 0) if m.get("space") == "turn_order_2" and m["coins"]]
