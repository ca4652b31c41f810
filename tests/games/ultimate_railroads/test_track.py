"""STRECKENBAU: steps, colours in order, split over routes, colour sets, unlocks."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.ultimate_railroads.engine import ENGINE
from service.games.ultimate_railroads.track import possible_steps

from .builders import a_game, act, item, place, with_tracks


def steps_listed(state, seat):
    """(route, colour) of every step the seat may make now; a step names its colour
    only where more than one colour could move."""
    steps = {(m["route"], m.get("colour")) for m in ENGINE.legal_moves(state, seat) if m["action"] == "step"}
    colours = {c for _, c in steps}
    if colours == {None}:
        only = {c for i in state["pool"]["items"] if i["kind"] == "track"
                for _, c in possible_steps(state, seat, i)}
        assert len(only) == 1
        colour = next(iter(only))
        steps = {(r, colour) for r, _ in steps}
    return steps


def test_track_steps_split_across_routes():
    """BEISPIEL 2: 2 steps on one route, 1 on another: 3 steps in all."""
    state = a_game(4)
    state = act(state, 0, place("track_wood_2", workers=2), "step #0 transsib",
                "step #0 transsib", "step #0 kyiv")
    tracks = state["players"][0]["tracks"]
    assert (tracks["transsib"]["wood"], tracks["kyiv"]["wood"]) == (3, 2)
    assert state["pool"] is None


def test_track_never_catches_up_with_the_track_ahead():
    """Ein Gleis kann niemals mit dem vorderen Gleis gleichziehen oder dieses überholen."""
    state = with_tracks(a_game(4), 0, "kyiv", wood=3, green=2)
    with_tracks(state, 0, "transsib", wood=5, green=0)
    state = act(state, 0, place("track_green_1"))
    assert ("transsib", "green") in steps_listed(state, 0)
    assert ("kyiv", "green") not in steps_listed(state, 0)
    with pytest.raises(IllegalMove):
        act(state, 0, "step #0 kyiv green")


def test_track_colours_each_route_allows():
    """Not every colour on every route: gold only on the TRANSIB, silver not on KYIV."""
    state = a_game(4)
    player = state["players"][0]
    for route, colours in (("transsib", 5), ("petersburg", 4), ("kyiv", 3)):
        assert len(player["tracks"][route]) == colours
    for route in ("transsib", "petersburg", "kyiv"):
        with_tracks(state, 0, route, wood=9, green=8, bronze=7)
    with_tracks(state, 0, "transsib", silver=5)
    with_tracks(state, 0, "petersburg", silver=5)
    state = act(state, 0, place("track_silver_1"))
    assert {r for r, _ in steps_listed(state, 0)} == {"transsib", "petersburg"}


def test_track_new_colour_unlocked_by_the_field_reached():
    """The wood track reaching TRANSIB field 2 gives the 3 green tracks; a new track
    enters field 1 with its first step."""
    state = a_game(4)
    state = act(state, 0, place("track_wood_2", workers=2), "step #0 transsib")
    player = state["players"][0]
    assert "green" in player["unlocked"]
    assert {r: t["green"] for r, t in player["tracks"].items()} == {"transsib": 0, "petersburg": 0, "kyiv": 0}
    state = act(state, 0, "step #0 transsib", "step #0 kyiv")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    state = act(state, 3, "pass")
    state = act(state, 0, place("track_green_1"), "step #0 kyiv", "step #0 transsib")
    assert state["players"][0]["tracks"]["kyiv"]["green"] == 1


def test_track_gold_unlock_gives_up_to_two_gold_steps():
    """Feld 15: 1 track and up to 2 steps with it (steps lost without free fields)."""
    state = with_tracks(a_game(4), 0, "transsib", wood=14, green=13, bronze=12, silver=11)
    state = act(state, 0, place("track_wood_1"), "step #0 transsib")
    gold = [i for i in state["pool"]["items"] if i["kind"] == "track" and i["colours"] == ["gold"]]
    assert gold and gold[0]["left"] == 2 and not gold[0]["direct"]


def test_track_coin_space_two_steps_of_unlocked_colours():
    """Worker + a mandatory coin: 2 steps with colours you have unlocked."""
    state = a_game(4)
    state = act(state, 0, place("track_any_coin", workers=1, coins=1))
    assert {c for _, c in steps_listed(state, 0)} == {"wood"}
    state = act(state, 0, "step #0 transsib")
    assert {c for _, c in steps_listed(state, 0)} == {"wood", "green"}


def test_track_reusable_space_wood_or_green():
    state = with_tracks(a_game(4), 0, "kyiv", wood=3, green=1)
    state = act(state, 0, place("track_reusable"))
    assert {c for _, c in steps_listed(state, 0)} == {"wood", "green"}


def test_track_never_past_the_last_field():
    state = with_tracks(a_game(4), 0, "kyiv", wood=9)
    state = act(state, 0, place("track_wood_1"))
    assert ("kyiv", "wood") not in steps_listed(state, 0)


def test_wooden_worker_gives_one_more_wood_step():
    """OFFENLIEGENDE IDEENKARTEN: the wooden worker on a space showing a wood step
    gives 1 more wood step; not on a space of any colour."""
    state = a_game(4)
    state["players"][0]["wooden"] = True
    state = act(state, 0, place("track_wood_1", workers=0, wood=1))
    assert sorted(i["left"] for i in state["pool"]["items"]) == [1, 2]
    other = a_game(4)
    other["players"][0]["wooden"] = True
    other = act(other, 0, place("track_any_coin", workers=0, wood=1, coins=1))
    assert len(other["pool"]["items"]) == 1
    assert item(other, "track") == 0
