"""INDUSTRIALISIERUNG."""
from __future__ import annotations

from service.games.ultimate_railroads.engine import ENGINE
from service.games.ultimate_railroads.industry import room, strip_points
from service.games.ultimate_railroads.scoring import round_points

from .builders import a_game, act, place, with_decision


def test_industry_wrench_steps():
    state = a_game(4)
    state = act(state, 0, place("industry_2", workers=2), "industry #0", "industry #0")
    assert state["players"][0]["wrenches"] == [2]


def test_industry_gaps_block_the_wrench():
    """Nach den ersten 4 Schritten stehst du vor einer Lücke: never into or over it."""
    state = a_game(4)
    state["players"][0]["wrenches"] = [3]
    assert room(state["players"][0]) == 1
    assert not any(m.get("space") == "industry_2" for m in ENGINE.legal_moves(state, 0))
    state["players"][0]["factories"][0] = "6"
    assert room(state["players"][0]) == 3


def test_industry_factory_action_on_landing():
    """Landing on a factory gives its action at once (here the #6: 1 coin, provisional)."""
    state = a_game(4)
    state["players"][0]["wrenches"] = [4]
    state["players"][0]["factories"][0] = "6"
    coins = state["players"][0]["coins"]
    state = act(state, 0, place("industry_1"), "industry #0")
    assert state["players"][0]["coins"] == coins + 1


def test_industry_scoring_next_lower_printed_value():
    """Rulebook example: the wrench on a factory in gap 1 scores 5 points."""
    state = a_game(4)
    player = state["players"][0]
    player["factories"][0] = "2"
    player["wrenches"] = [5]
    assert round_points(player)["industry"] == 5
    assert [strip_points(a_game(4)["players"][0], f) for f in (0, 1, 4, 6, 10)] == [0, 1, 5, 10, 15]


def test_industry_idea_field_used_once():
    state = a_game(4)
    player = state["players"][0]
    player["factories"][:3] = ["2", "2", "2"]
    player["wrenches"] = [9]
    state = act(state, 0, place("industry_1"))
    state = act(state, 0, "industry #0")
    assert [i["kind"] for i in state["pool"]["items"]] == ["idea"]
    assert "industry:idea" in state["players"][0]["fired"]


def test_second_wrench_both_score_and_retrigger_factories():
    """IDEENPLÄTTCHEN: the 2nd wrench starts on the start field with 2 industry steps;
    both wrenches score; a factory is triggered again by the 2nd."""
    state = a_game(4)
    player = state["players"][0]
    player["factories"][0] = "6"
    player["wrenches"] = [6]
    state = act(with_decision(state, 0, "idea"), 0, "idea #0 second_wrench")
    assert state["players"][0]["wrenches"] == [6, 0]
    assert [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "industry"] == [
        {"action": "industry", "item": 1}]          # only the 2nd wrench can move: no choice
    coins = state["players"][0]["coins"]
    state = act(state, 0, "industry #1")
    assert round_points(state["players"][0])["industry"] == 10 + 1
    state["players"][0]["wrenches"][1] = 4
    state = act(with_decision(state, 0, "industry", left=1), 0, "industry #0")
    assert state["players"][0]["coins"] == coins + 1
    assert round_points(state["players"][0])["industry"] == 10 + 5


def test_industry_event_names_the_wrench_counted_from_one():
    """IDEENPLÄTTCHEN, ZWEITER SCHRAUBENSCHLÜSSEL: the 2nd wrench (index 1, as the event's
    field and the move count) is said "wrench 2"."""
    state = a_game(4)
    state["players"][0]["wrenches"] = [2, 0]
    _, events = ENGINE.apply(with_decision(state, 0, "industry", left=1), 0, ENGINE.parse("industry #0 wrench 1"))
    assert (events[0]["wrench"], events[0]["text"]) == (1, "seat 0 moves wrench 2 to field 1 of the industry strip")


def test_industry_steps_split_between_two_wrenches():
    """Du darfst wählen, mit welchem deiner beiden du nach vorne rückst."""
    state = a_game(4)
    state["players"][0]["wrenches"] = [1, 0]
    state = with_decision(state, 0, "industry", left=2)
    assert [m.get("wrench") for m in ENGINE.legal_moves(state, 0) if m["action"] == "industry"] == [0, 1]
    state = act(state, 0, "industry #0 wrench 1", "industry #0 wrench 0")
    assert state["players"][0]["wrenches"] == [2, 1]
