"""SONSTIGE AKTIONSFELDER (VERDOPPLER, MÜNZEN) and INGENIEURINNEN."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.ultimate_railroads.data import ENGINEERS
from service.games.ultimate_railroads.engine import ENGINE
from service.games.ultimate_railroads.scoring import majority

from .builders import a_game, act, place


def test_doubler_on_the_leftmost_free_doubler_field():
    state = a_game(4)
    state = act(state, 0, place("doubler"))
    assert state["players"][0]["doublers"] == 1 and state["doubler_supply"] == 29


def test_doubler_space_closed_when_supply_or_fields_run_out():
    """Sind keine Verdoppler mehr im Vorrat, kann dieses Aktionsfeld nicht mehr genutzt werden."""
    state = a_game(4)
    state["doubler_supply"] = 0
    with pytest.raises(IllegalMove, match="completely"):
        act(state, 0, place("doubler"))
    state = a_game(4)
    state["players"][0]["doublers"] = 8
    assert not any(m.get("space") == "doubler" for m in ENGINE.legal_moves(state, 0))


def test_two_coin_space():
    state = a_game(4)
    state = act(state, 0, place("coins"))
    assert state["players"][0]["coins"] == 3


def test_engineer_hire_one_per_round_with_a_coin():
    """Jede Runde kann genau 1 Ingenieurin angeworben werden: 1 coin, no worker."""
    state = a_game(4)
    hired = state["strip"][6]
    state = act(state, 0, place("engineer_hire", workers=0, coins=1))
    assert state["players"][0]["engineers"] == [hired] and state["players"][0]["coins"] == 0
    with pytest.raises(IllegalMove):
        act(state, 1, place("engineer_hire", workers=0, coins=1))
    with pytest.raises(IllegalMove, match="never the reverse"):
        act(a_game(4), 0, place("engineer_hire", workers=1, coins=0))


def test_hired_engineer_is_a_private_indirect_space():
    state = a_game(4)
    state["players"][1]["engineers"] = [3]
    with pytest.raises(IllegalMove, match="open to you"):
        act(state, 0, place("engineer:3"))
    state = act(state, 0, "pass")
    assert any(m.get("space") == "engineer:3" for m in ENGINE.legal_moves(state, 1))
    state = act(state, 1, place("engineer:3"), "step #0 kyiv")
    assert {"action": "drop", "item": 0} in ENGINE.legal_moves(state, 1)


def test_public_engineer_spaces_are_direct_actions():
    """The two horizontal engineers: usable like main-board spaces, done completely."""
    state = a_game(4)
    state["strip"][4] = 2                        # provisional #2: 1 doubler + 5 points
    state = act(state, 0, place("engineer_left", workers=ENGINEERS[2]["workers"]))
    assert state["players"][0]["doublers"] == 1 and state["players"][0]["score"] == 5
    state = a_game(4)
    state["strip"][5] = 2
    state["doubler_supply"] = 0
    assert not any(m.get("space") == "engineer_right" for m in ENGINE.legal_moves(state, 0))


def test_engineers_move_right_each_round():
    """After each round every engineer moves one field right; an unhired one leaves."""
    state = a_game(2)
    before = list(state["strip"])
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    assert state["strip"] == [None] + before[:-1]


def test_engineer_majority_40_20_ties_by_highest_number():
    """MEHRHEIT DER INGENIEURINNEN, the rulebook's example: you 3 engineers, Blue and
    Red 2 each (Red holds the higher number), Yellow none."""
    players = [{"engineers": [2, 5, 9], "end_cards": []}, {"engineers": [3, 8], "end_cards": []},
               {"engineers": [4, 12], "end_cards": []}, {"engineers": [], "end_cards": []}]
    assert majority(players) == [40, 0, 20, 0]


def test_engineer_majority_nobody_without_engineers():
    players = [{"engineers": [], "end_cards": ["extra_engineer"]}, {"engineers": [3], "end_cards": []}]
    assert majority(players) == [0, 40]
