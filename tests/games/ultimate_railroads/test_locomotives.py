"""LOKOMOTIVEN UND FABRIKEN."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.events import Saying
from service.games.ultimate_railroads.board import loco_reach
from service.games.ultimate_railroads.engine import ENGINE
from service.games.ultimate_railroads.events import EVENTS
from service.i18n import speech_of

from .builders import a_game, act, item, place


def moves_of(state, seat, action):
    return [m for m in ENGINE.legal_moves(state, seat) if m["action"] == action]


def test_locomotive_from_the_lowest_stack_only():
    state = a_game(4)
    state["stacks"]["2"] = 0
    state = act(state, 0, place("loco_or_factory_1"))
    assert moves_of(state, 0, "lay") and all("source" not in m for m in moves_of(state, 0, "lay"))
    with pytest.raises(IllegalMove):
        act(state, 0, "lay #0 4 kyiv 0")
    state = act(state, 0, "lay #0 kyiv 0")
    assert state["players"][0]["locos"]["kyiv"] == ["3"] and state["stacks"]["3"] == 3


def test_both_ten_stacks_open_at_once():
    """Beide 10er-Lok Stapel stehen gleichzeitig zur Verfügung, sobald die 9er aufgebraucht sind."""
    state = a_game(4)
    for stack in ("2", "3", "4", "5", "6", "7", "8", "9"):
        state["stacks"][stack] = 0
    state = act(state, 0, place("loco_or_factory_1"))
    assert {m["source"] for m in moves_of(state, 0, "lay")} == {"10a", "10b"}


def test_route_capacity_transsib_two_others_one():
    """TRANSSIB up to 2 locos whose numbers add up; PETERBURG and KYIV 1 each."""
    state = a_game(4)
    player = state["players"][0]
    assert [len(player["locos"][r]) for r in ("transsib", "petersburg", "kyiv")] == [2, 1, 1]
    state = act(state, 0, place("loco_or_factory_1"), "lay #0 transsib 0")
    assert loco_reach(state["players"][0], "transsib") == 3


def test_upgrading_with_the_chain_of_displaced_locomotives():
    """Beispiel: a 4 onto PETERBURG displaces the 2 to KYIV, which displaces the 1;
    the 1 fits nowhere and is returned as a factory."""
    state = a_game(4)
    player = state["players"][0]
    player["locos"] = {"transsib": ["3", "4"], "petersburg": ["2"], "kyiv": ["1"]}
    state["stacks"].update({"2": 0, "3": 0})
    state = act(state, 0, place("loco_or_factory_1"), "lay #0 petersburg 0")
    assert [m for m in moves_of(state, 0, "lay")] == [{"action": "lay", "item": 1, "route": "kyiv", "slot": 0}]
    assert {"action": "return", "item": 1} in ENGINE.legal_moves(state, 0)
    state = act(state, 0, "lay #1 kyiv 0")
    assert moves_of(state, 0, "lay") == []
    state = act(state, 0, "return #2")
    assert state["returned"] == ["1"]
    assert state["players"][0]["locos"] == {"transsib": ["3", "4"], "petersburg": ["4"], "kyiv": ["2"]}


def test_displaced_locomotive_must_be_laid_while_a_slot_is_free():
    """Solange du freie Lokplätze hast, musst du Loks an deine Strecken legen."""
    state = a_game(4)
    state = act(state, 0, place("loco_or_factory_1"), "lay #0 transsib 1")
    assert {"action": "return", "item": 1} not in ENGINE.legal_moves(state, 0)
    assert {"action": "drop", "item": 1} not in ENGINE.legal_moves(state, 0)
    state = act(state, 0, "lay #1 kyiv 0")
    assert state["players"][0]["locos"]["kyiv"] == ["1"]


def test_returned_locomotive_can_become_a_factory():
    """AUSNAHME: a factory may be the lowest stack's loco or a returned one."""
    state = a_game(4)
    state["returned"] = ["1", "5"]
    state = act(state, 0, place("loco_or_factory_1"))
    assert {m["source"] for m in moves_of(state, 0, "factory")} == {"2", "1", "5"}
    state = act(state, 0, "factory #0 5")
    assert state["returned"] == ["1"] and state["players"][0]["factories"][0] == "5"
    assert state["stacks"]["2"] == 4


def test_factories_fill_the_gaps_left_to_right():
    state = a_game(4)
    state["players"][0]["factories"][:2] = ["2", "2"]
    state = act(state, 0, place("loco_or_factory_1"))
    assert all("gap" not in m for m in moves_of(state, 0, "factory"))
    state = act(state, 0, "factory #0")
    assert state["players"][0]["factories"] == ["2", "2", "2", None, None]


def test_factories_replaced_once_all_five_are_filled():
    """Sind alle 5 Lücken gefüllt, darfst du Fabriken austauschen; the old one returns."""
    state = a_game(4)
    state["players"][0]["factories"] = ["2", "3", "4", "5", "6"]
    state = act(state, 0, place("loco_or_factory_1"))
    assert {m["gap"] for m in moves_of(state, 0, "factory")} == {0, 1, 2, 3, 4}
    state = act(state, 0, "factory #0 gap 3")
    assert state["players"][0]["factories"][3] == "2" and state["returned"] == ["5"]


def test_factory_event_names_the_gap_as_the_strip_counts_it_from_one():
    """WIE BAUST DU FABRIKEN: "eine der 5 Lücken deiner Industrieleiste", filled from left
    to right: the 4th gap (index 3, as the event's field and the move count) is said
    "gap 4", in English and German."""
    state = a_game(4)
    state["players"][0]["factories"] = ["2", "3", "4", "5", "6"]
    state = act(state, 0, place("loco_or_factory_1"))
    _, events = ENGINE.apply(state, 0, ENGINE.parse("factory #0 gap 3"))
    built = next(e for e in events if e["type"] == "factory")
    assert built["gap"] == 3 and built["text"].endswith("in gap 4")
    assert EVENTS.said(built, Saying(speech=speech_of("de"))).endswith("in Lücke 4")


def test_three_worker_space_one_of_each_order_chosen():
    """Du musst 1 Lok und 1 Fabrik anlegen, in der Reihenfolge deiner Wahl."""
    state = a_game(4)
    state["stacks"]["2"] = 1
    state = act(state, 0, place("loco_and_factory_3", workers=3))
    assert sorted(i["kind"] for i in state["pool"]["items"]) == ["factory", "loco"]
    assert {"action": "drop", "item": 0} not in ENGINE.legal_moves(state, 0)
    state = act(state, 0, f"factory #{item(state, 'factory')}")
    # the 2s are gone: the loco now comes from the 3-stack
    state = act(state, 0, "lay #0 kyiv 0")
    assert state["players"][0]["locos"]["kyiv"] == ["3"]
    assert state["pool"] is None


def test_locomotive_and_factory_space_loco_first_then_its_displaced_as_factory():
    """HINWEIS: lay the loco first, return the displaced one, build it as the factory."""
    state = a_game(4)
    state["players"][0]["locos"] = {"transsib": ["3", "1"], "petersburg": ["2"], "kyiv": ["2"]}
    state = act(state, 0, place("loco_and_factory_3", workers=3), "lay #0 transsib 1", "return #2")
    assert state["returned"] == ["1"]
    state = act(state, 0, "factory #1 1")
    assert state["players"][0]["factories"][0] == "1" and state["returned"] == []
    assert state["stacks"]["2"] == 3
