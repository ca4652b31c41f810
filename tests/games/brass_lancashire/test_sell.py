"""AKTION: VERKAUFEN."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.brass_lancashire.data import INCOME_TRACK

from .builders import ENGINE, a_game, apply


def two_mills_in_colne(marker=0, tiles=(-1,)):
    """Rail era: seat 0 has two level-2 mills in Colne, joined to Yorkshire by seat 1's
    link. The face-down cotton tiles are known (the last one is on top)."""
    g = (a_game(3).on_turn(0, era="rail", round=2).with_hand(0, "wigan", "bolton")
         .with_tile("colne:0", 0, "cotton_mill", level=2).with_tile("colne:1", 0, "cotton_mill", level=2)
         .with_link("colne__yorkshire", 1))
    g.state.cotton_marker = marker
    g.state.cotton_face_down = list(tiles)
    return g


def test_sell_through_a_distant_market():
    """Tile -1 moves the marker from the top space to the 2nd: +3 income spaces, then the
    level-2 mill flips: +4 more (10 -> 17, income level 4)."""
    s = apply(two_mills_in_colne().state, 0, "sell colne:0 via=distant card=wigan")
    assert s.cotton_marker == 1 and s.cotton_revealed == [-1]
    assert s.board["colne"][0]["flipped"] and s.income[0] == 17
    assert s.pending == [] and s.actions_left == 1   # no tile left to sell through


def test_selling_to_the_x_ends_the_action():
    """Marker on the 7th space, tile -3: the marker reaches the X, the mill is not flipped
    and no further mill may be sold."""
    g = two_mills_in_colne(marker=6, tiles=(-2, -3))
    s = apply(g.state, 0, "sell colne:0 via=distant card=wigan")
    assert s.cotton_marker == 8 and not s.board["colne"][0]["flipped"] and s.income[0] == 10
    assert s.pending == [] and ENGINE.to_act(s) == [0] and s.actions_left == 1
    assert not [m for m in ENGINE.legal_moves(s, 0) if m["action"] == "sell"]


def test_sell_several_mills_in_one_action():
    g = two_mills_in_colne(tiles=(0, 0))
    s = apply(g.state, 0, "sell colne:0 via=distant card=wigan")
    assert s.pending == [{"kind": "sell", "seat": 0}]
    assert sorted(ENGINE.format(m) for m in ENGINE.legal_moves(s, 0)) == ["done", "sell colne:1 via=distant"]
    s = apply(s, 0, "sell colne:1 via=distant")
    assert s.board["colne"][1]["flipped"] and s.income[0] == 10 + 3 + 4 + 3 + 4
    assert s.actions_left == 1 and s.pending == []


def test_stop_selling():
    s = apply(two_mills_in_colne(tiles=(0, 0)).state, 0, "sell colne:0 via=distant card=wigan")
    s = apply(s, 0, "done")
    assert s.pending == [] and not s.board["colne"][1]["flipped"]


def test_sell_through_a_port_flips_it_for_its_owner():
    g = (a_game(3).on_turn(0, round=2).with_hand(0, "wigan", "bolton")
         .with_tile("preston:1", 0, "cotton_mill").with_tile("preston:0", 1, "port"))
    s = apply(g.state, 0, "sell preston:1 via=preston:0 card=wigan")
    assert s.board["preston"][0]["flipped"] and s.income[1] == 10 + 3
    assert s.board["preston"][1]["flipped"] and s.income[0] == 10 + 5
    assert s.cotton_marker == 0


def test_an_unflipped_port_as_distant_market_is_not_flipped():
    """VERKAUFEN über einen Fernen Markt: a port tile (flipped or not) is a distant
    market; "drehe das Hafenplättchen nicht um"."""
    g = (a_game(3).on_turn(0, round=2).with_hand(0, "wigan", "bolton")
         .with_tile("preston:1", 0, "cotton_mill").with_tile("preston:0", 1, "port"))
    g.state.cotton_face_down = [-1]
    s = apply(g.state, 0, "sell preston:1 via=distant card=wigan")
    assert not s.board["preston"][0]["flipped"] and s.income[1] == 10
    assert s.board["preston"][1]["flipped"] and s.income[0] == 10 + 3 + 5


def test_sell_needs_a_connection():
    g = a_game(3).on_turn(0, round=2).with_hand(0, "wigan", "bolton").with_tile("stockport:0", 0, "cotton_mill")
    with pytest.raises(IllegalMove, match="not connected to a distant market"):
        apply(g.state, 0, "sell stockport:0 via=distant card=wigan")
    g.with_link("macclesfield__stockport", 1).with_link("macclesfield__the_midlands", 2)
    apply(g.state, 0, "sell stockport:0 via=distant card=wigan")


def test_no_distant_sale_while_the_marker_is_on_the_x():
    g = two_mills_in_colne(marker=8)
    with pytest.raises(IllegalMove, match="on the X"):
        apply(g.state, 0, "sell colne:0 via=distant card=wigan")


def test_income_never_beyond_level_30():
    """EINKOMMEN ERHÖHEN, Ausnahme: the marker stops on the last space of level 30."""
    g = (a_game(3).on_turn(0, round=2).with_hand(0, "wigan", "bolton")
         .with_tile("preston:1", 0, "cotton_mill").with_tile("preston:0", 1, "port"))
    top = len(INCOME_TRACK) - 1
    g.state.income[0] = top - 2
    s = apply(g.state, 0, "sell preston:1 via=preston:0 card=wigan")
    assert s.income[0] == top and INCOME_TRACK[top] == 30 and INCOME_TRACK[top - 2] == 30
