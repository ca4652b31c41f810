"""AKTION: ENTWICKELN."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove

from .builders import a_game, apply


def test_develop_removes_the_lowest_tile_for_one_iron():
    g = a_game(3).on_turn(0, round=2).with_hand(0, "wigan", "bolton")
    s = apply(g.state, 0, "develop shipyard card=wigan")
    assert s.mats[0]["shipyard"] == [1, 2, 2] and s.iron_market == 7 and s.money[0] == 29
    assert s.boxed[0] == 1


def test_develop_two_tiles_of_different_industries():
    g = a_game(3).on_turn(0, round=2).with_hand(0, "wigan", "bolton")
    s = apply(g.state, 0, "develop cotton_mill port card=wigan")
    assert s.mats[0]["cotton_mill"] == [2, 3, 3, 3] and s.mats[0]["port"] == [1, 2, 2, 2]
    assert s.money[0] == 30 - 1 - 1 and s.iron_market == 6     # two £1 spaces


def test_develop_two_of_the_same_industry_goes_level_by_level():
    g = a_game(3).on_turn(0, round=2).with_hand(0, "wigan", "bolton")
    s = apply(g.state, 0, "develop coal_mine coal_mine card=wigan")
    assert s.mats[0]["coal_mine"] == [0, 1, 2, 2]


def test_develop_iron_from_works_chosen_by_the_player():
    g = (a_game(3).on_turn(0, round=2).with_hand(0, "wigan", "bolton")
         .with_tile("preston:2", 1, "iron_works", cubes=1).with_tile("bolton:2", 2, "iron_works"))
    with pytest.raises(IllegalMove, match="name the iron source"):
        apply(g.state, 0, "develop port port card=wigan")
    s = apply(g.state, 0, "develop port port card=wigan iron=bolton:2,preston:2")
    assert s.board["preston"][2]["flipped"] and s.board["bolton"][2]["cubes"] == 3 and s.money[0] == 30


def test_develop_needs_tiles_on_the_mat():
    g = a_game(3).on_turn(0, round=2).with_hand(0, "wigan", "bolton")
    g.state.mats[0]["iron_works"] = [0, 0, 0, 1]
    with pytest.raises(IllegalMove, match="not enough iron_works"):
        apply(g.state, 0, "develop iron_works iron_works card=wigan")
