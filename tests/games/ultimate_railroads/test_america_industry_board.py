"""AMERICAN RAILROADS with ASIAN RAILROADS' INDUSTRIETABLEAU (rulebook, KOMBINATIONEN UND
SONDERFÄLLE: AMERIKATABLEAU ODER AMERIKA-INDUSTRIELEISTE, AMERIKATABLEAU + INDUSTRIETABLEAU)."""
from __future__ import annotations

import pytest

from service.games.base import OptionError
from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.america import LEVELS, NUT_FIELD, level_of
from service.games.ultimate_railroads.data import AMERICA, STACKS

from .builders import a_game, act, item, with_decision, with_tracks

ENGINE = GAME.engine


def moves_of(state, seat, action):
    return [m for m in ENGINE.legal_moves(state, seat) if m["action"] == action]


def wrench_onto_the_last_field(state, seat):
    state["players"][seat]["wrenches"] = [NUT_FIELD - 1]
    state = with_decision(state, seat, "industry", left=1)
    return act(state, seat, f"industry #{item(state, 'industry')}")


def test_amerikatableau_oder_amerika_industrieleiste_with_the_industrietableau_only_the_routes_rubble():
    """"Spielt ihr das Amerikatableau mit ... dem Industrietableau, legt ihr lediglich das
    Geröllplättchen auf dem Streckentableau aus": no strip, one wrench on the shared board."""
    player = a_game(2, board="america", industry_board=True)["players"][0]
    assert player["rubble"] == ["route"]
    assert "strip" not in player and "wrench_tracks" not in player and player["wrenches"] == [0]
    assert "lane" in player


@pytest.mark.parametrize("strip", ["russia", "germany", "america"])
def test_amerikatableau_oder_amerika_industrieleiste_a_strip_with_the_industrietableau_is_refused(strip):
    """The Industrietableau takes the place of the strips (the heading names it beside "einer
    anderen Industrieleiste"): a strip chosen with it is refused, naming the option."""
    with pytest.raises(OptionError) as refused:
        GAME.resolve_options({"board": "america", "strip": strip, "industry_board": True}, 2)
    assert refused.value.name == "strip" and "industry_board" in refused.value.reason
    assert GAME.resolve_options({"board": "america", "strip": "board", "industry_board": True}, 2)["strip"] == "board"


@pytest.mark.parametrize("reward", ["key", "stock"])
def test_amerikatableau_und_industrietableau_the_big_nut_on_field_35_a_key_or_a_stock_step(reward):
    """"Legt beim Spielaufbau die große Mutter auf das letzte Feld (35) des Industrietableaus.
    Erreichst du dieses Feld ..., erhältst du entweder einen Schlüssel oder einen Aktienschnitt.\""""
    state = wrench_onto_the_last_field(a_game(2, board="america", industry_board=True), 0)
    nut = item(state, "nut")
    assert moves_of(state, 0, "nut") == [{"action": "nut", "item": nut, "reward": r} for r in ("key", "stock")]
    keys = state["players"][0]["keys"]
    state = act(state, 0, f"nut #{nut} {reward}")
    assert state["players"][0]["keys"] == keys + (reward == "key")
    assert level_of(state, 0) == (reward == "stock") and LEVELS > 1


def test_amerikatableau_und_industrietableau_the_nut_lies_only_with_the_america_board():
    state = wrench_onto_the_last_field(a_game(2, board="russia", industry_board=True), 0)
    assert not moves_of(state, 0, "nut")


def test_amerikatableau_und_industrietableau_the_steelworks_leaves_the_game_for_1_track_step():
    """"Das Stahlwerk darfst du nicht auf dem Industrietableau einsetzen. Erhältst du eines, so
    lege es aus dem Spiel und nimm dir 1 Gleisschritt" (the step: the steelworks' own, a
    reading); the general payout after the turn stays (DAS STAHLWERK, ACHTUNG)."""
    state = a_game(4, board="america", industry_board=True)
    for stack in STACKS:
        state["stacks"][stack] = 0 if STACKS[stack] < 4 else state["stacks"][stack]
    state["stacks"]["4"] = 1
    works = next(s for s in AMERICA["steelworks"] if s["id"] == "steelworks_4")
    with_tracks(state, 0, "sacramento", wood=5, **{works["effect"]["colours"][0]: 0})
    state = with_decision(state, 0, "loco", direct=True)
    state = act(state, 0, f"lay #{item(state, 'loco')} sacramento 0")
    assert "4" not in state["steelworks"] and not moves_of(state, 0, "steelworks")
    assert [i["colours"] for i in state["pool"]["items"] if i["kind"] == "track"] == [works["effect"]["colours"]]
    assert state["payout_queue"] == [0, 1, 2, 3]
    assert all("steelworks_4" not in stack for stack in state["industry_board"]["spots"])
