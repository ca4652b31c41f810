"""ALLGEMEIN: EINEN SPIELZUG AUSFÜHREN, MÜNZEN, DIE 2 LEIHARBEITER, passing (ZUGREIHENFOLGE)."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.ultimate_railroads.engine import ENGINE

from .builders import a_game, act, item, place


def test_turns_follow_the_turn_order_track_until_all_have_passed():
    state = a_game(3)
    state["order"] = [2, 0, 1]
    state["turn"] = 0
    assert ENGINE.to_act(state) == [2]
    state = act(state, 2, place("coins"))
    assert ENGINE.to_act(state) == [0]
    state = act(state, 0, "pass")
    state = act(state, 1, place("doubler"))
    assert ENGINE.to_act(state) == [2]          # passed seat 0 is skipped from now on
    state = act(state, 2, "pass")
    assert ENGINE.to_act(state) == [1]


def test_exactly_the_workers_shown_on_a_free_space():
    state = a_game(4)
    with pytest.raises(IllegalMove, match="exactly 2 worker"):
        act(state, 0, place("track_wood_2", workers=1))
    with pytest.raises(IllegalMove, match="exactly 2 worker"):
        act(state, 0, place("track_wood_2", workers=3))
    state = act(state, 0, place("coins"))
    with pytest.raises(IllegalMove, match="occupied"):
        act(state, 1, place("coins"))


def test_coins_stand_in_for_workers_never_the_reverse():
    """MÜNZEN: a coin may replace a worker; a worker can never replace a coin."""
    state = a_game(4)
    state = act(state, 0, place("coins", workers=0, coins=1))
    assert state["players"][0]["coins"] == 1 - 1 + 2
    assert state["players"][0]["placed"] == 0
    with pytest.raises(IllegalMove, match="never the reverse"):
        act(state, 1, place("track_any_coin", workers=2, coins=0))
    state = act(state, 1, place("track_any_coin", workers=1, coins=1))
    assert state["players"][1]["coins"] == 0


def test_a_seat_without_workers_plays_on_with_coins():
    """HINWEIS: with no workers left you need not pass; you may place coins."""
    state = a_game(2)
    state["players"][0]["placed"] = state["players"][0]["workers"]
    moves = ENGINE.legal_moves(state, 0)
    assert {m["action"] for m in moves} == {"place", "pass"}
    assert all(m["coins"] >= 1 for m in moves if m["action"] == "place")


def test_direct_actions_must_be_completed():
    """ACHTUNG: a direct action you cannot perform completely may not be taken."""
    state = a_game(4)
    assert not any(m.get("space") == "track_bronze_1" for m in ENGINE.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="performed completely"):
        act(state, 0, place("track_bronze_1"))
    state = act(state, 0, place("track_wood_2", workers=2))
    track = item(state, "track")
    assert {"action": "drop", "item": track} not in ENGINE.legal_moves(state, 0)


def test_indirect_actions_may_be_partial_or_dropped():
    """Own engineers, factories, idea tiles: partial use allowed (HINWEIS, Aktionspool)."""
    state = a_game(4)
    state["players"][0]["engineers"] = [3]               # 1 worker: 3 wood steps
    state = act(state, 0, place("engineer:3"), "step #0 kyiv")
    assert {"action": "drop", "item": 0} in ENGINE.legal_moves(state, 0)
    state = act(state, 0, "drop #0")
    assert state["pool"] is None and ENGINE.to_act(state) == [1]


def test_action_pool_any_order_nothing_saved():
    """Actions gained in a turn are resolved in any order and never saved."""
    state = a_game(4)
    state["players"][0]["factories"][0] = "2"            # wood step factory
    state["players"][0]["wrenches"] = [4]
    state = act(state, 0, place("industry_1_track_1", workers=2))
    kinds = sorted(i["kind"] for i in state["pool"]["items"])
    assert kinds == ["industry", "track"]
    state = act(state, 0, f"industry #{item(state, 'industry')}")
    assert len(state["pool"]["items"]) == 2               # the factory's step joined the pool
    state = act(state, 0, "drop #2")                       # the factory's (indirect) step
    state = act(state, 0, "step #1 transsib")
    assert state["pool"] is None and ENGINE.to_act(state) == [1]


def test_passing_scores_the_turn_order_card():
    """Passing: flip your turn-order card and take the points on its back."""
    state = a_game(4)
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    assert [p["score"] for p in state["players"][:3]] == [0, 2, 3]


def test_temporary_workers_usable_from_the_next_turn_and_returned():
    """DIE 2 LEIHARBEITER: yours for this round from your next turn; back at round end."""
    state = a_game(3)
    state = act(state, 0, place("temporary_workers"))
    assert state["players"][0]["temps"] == 2 and ENGINE.to_act(state) == [1]
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    state = act(state, 0, place("track_wood_2", workers=0, temps=2), "step #0 kyiv",
                "step #0 kyiv", "step #0 kyiv", "pass")
    assert state["round"] == 2 and state["players"][0]["temps"] == 0


def test_reusable_space_is_never_occupied():
    """The bottom track space may be used by everyone, again and again, 1 worker a turn."""
    state = a_game(2)
    state = act(state, 0, place("track_reusable"), "step #0 kyiv")
    state = act(state, 1, place("track_reusable"), "step #0 kyiv")
    state = act(state, 0, place("track_reusable"), "step #0 kyiv")
    assert state["players"][0]["tracks"]["kyiv"]["wood"] == 3
    assert "track_reusable" not in state["spaces"]


def test_coins_carry_over_placed_coins_go_to_the_supply():
    """Placed coins go back to the general supply after the round; coins you hold
    stay with you into the next round (unlike the temporary workers)."""
    state = a_game(2)                                      # 2 coins each at 2 players
    state = act(state, 0, place("coins", workers=0, coins=1))
    state = act(state, 1, "pass")
    state = act(state, 0, "pass")
    assert state["round"] == 2 and state["players"][0]["coins"] == 2 - 1 + 2
    assert "coins" not in state["spaces"]
