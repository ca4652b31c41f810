"""AKTION: VERBINDEN."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove

from .builders import ENGINE, a_game, apply


def in_bolton(era="canal"):
    return (a_game(3).on_turn(0, era=era, round=2).with_hand(0, "wigan", "oldham")
            .with_tile("bolton:0", 0, "cotton_mill", level=2))


def test_canal_link_costs_three():
    s = apply(in_bolton().state, 0, "connect bolton__bury card=wigan")
    assert s.links == {"bolton__bury": 0} and s.money[0] == 27 and s.spent[0] == 3


def test_network_is_a_synonym_of_connect():
    assert ENGINE.parse("network bolton__bury card=wigan") == ENGINE.parse("connect bolton__bury card=wigan")


def test_link_must_touch_the_network():
    with pytest.raises(IllegalMove, match="does not touch your network"):
        apply(in_bolton().state, 0, "connect manchester__oldham card=wigan")


def test_no_rail_links_in_the_canal_era_and_one_canal_only():
    g = in_bolton()
    with pytest.raises(IllegalMove, match="no line in the canal era"):
        apply(g.state, 0, "connect bolton__wigan card=wigan")
    with pytest.raises(IllegalMove, match="lay 1 link"):
        apply(g.state, 0, "connect bolton__bury bolton__manchester card=wigan")


def test_no_canal_links_in_the_rail_era():
    g = in_bolton("rail").with_tile("bolton:1", 1, "coal_mine", level=2)
    with pytest.raises(IllegalMove, match="no line in the rail era"):
        apply(g.state, 0, "connect ellesmere_port__liverpool card=wigan")


def test_rail_link_costs_five_and_one_coal():
    g = in_bolton("rail").with_tile("bolton:1", 1, "coal_mine", level=2)
    s = apply(g.state, 0, "connect bolton__wigan card=wigan")
    assert s.money[0] == 25 and s.board["bolton"][1]["cubes"] == 2


def test_two_rail_links_cost_fifteen_and_a_coal_each_placed_in_turn():
    """The second link may start from the first; each takes the coal nearest to it."""
    g = in_bolton("rail").with_tile("bolton:1", 1, "coal_mine", level=2)
    s = apply(g.state, 0, "connect bolton__wigan blackburn__wigan card=wigan")
    assert s.money[0] == 15 and s.board["bolton"][1]["cubes"] == 1
    assert set(s.links) == {"bolton__wigan", "blackburn__wigan"}


def test_rail_link_needs_coal_after_placement():
    g = in_bolton("rail")
    with pytest.raises(IllegalMove, match="coal source"):
        apply(g.state, 0, "connect bolton__wigan card=wigan")
    g.with_tile("wigan:0", 1, "coal_mine", level=2)   # reached only through the new link
    s = apply(g.state, 0, "connect bolton__wigan card=wigan")
    assert s.board["wigan"][0]["cubes"] == 2


def test_rail_coal_from_the_market_through_a_distant_market():
    g = in_bolton("rail").with_market(coal=8)
    g.with_tile("lancaster:0", 0, "port", level=2)
    s = apply(g.state, 0, "connect lancaster__scotland card=wigan")
    assert s.money[0] == 30 - 5 - 1 and s.coal_market == 7


def test_fourteen_link_tiles_at_most():
    g = in_bolton()
    for i, link in enumerate(["bolton__bury", "bolton__manchester", "bury__manchester", "manchester__oldham",
                              "manchester__stockport", "oldham__rochdale", "rochdale__yorkshire",
                              "colne__yorkshire", "burnley__colne", "blackburn__burnley", "blackburn__wigan",
                              "preston__wigan", "lancaster__preston", "fleetwood__preston"]):
        g.with_link(link, 0)
    with pytest.raises(IllegalMove, match="not enough link tiles"):
        apply(g.state, 0, "connect liverpool__wigan card=wigan")
