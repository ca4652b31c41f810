"""KOHLE VERBRAUCHEN and EISEN VERBRAUCHEN."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove

from .builders import ENGINE, a_game, apply


def bolton_between_two_mines():
    """Scenario: seat 0 builds an iron works in Bolton (1 coal). Seat 1's mine in Bury
    and seat 2's mine in Manchester are each 1 link away; seat 3's mine in Oldham is 2."""
    return (a_game(4).on_turn(0, round=2).with_hand(0, "bolton", "wigan")
            .with_tile("bury:0", 1, "coal_mine").with_link("bolton__bury", 1)
            .with_tile("manchester:0", 2, "coal_mine").with_link("bolton__manchester", 2)
            .with_tile("oldham:0", 3, "coal_mine").with_link("manchester__oldham", 3))


def test_coal_from_the_nearest_mine_ties_chosen_by_the_player():
    g = bolton_between_two_mines()
    with pytest.raises(IllegalMove, match=r"\[\['bury:0'\], \['manchester:0'\]\]"):
        apply(g.state, 0, "build bolton iron_works card=bolton")
    s = apply(g.state, 0, "build bolton iron_works card=bolton coal=manchester:0")
    assert [s.board[t][0]["cubes"] for t in ("bury", "manchester", "oldham")] == [2, 1, 2]
    assert s.money[0] == 30 - 5          # coal from a mine is free
    builds = [m for m in ENGINE.legal_moves(g.state, 0)
              if m["action"] == "build" and m["location"] == "bolton" and m["industry"] == "iron_works"
              and m.get("card") == "bolton"]
    assert sorted(m["coal"] for m in builds) == [["bury:0"], ["manchester:0"]]


def test_nearer_mine_is_forced_and_not_named():
    g = bolton_between_two_mines()
    g.state.links.pop("bolton__bury")
    with pytest.raises(IllegalMove, match="no choice of coal"):
        apply(g.state, 0, "build bolton iron_works card=bolton coal=manchester:0")
    s = apply(g.state, 0, "build bolton iron_works card=bolton")
    assert s.board["manchester"][0]["cubes"] == 1


def test_empty_mine_passes_to_the_next_nearest_and_flips():
    g = bolton_between_two_mines()
    g.state.board["bury"][0]["cubes"] = 0
    g.state.board["manchester"][0]["cubes"] = 1
    s = apply(g.state, 0, "build bolton iron_works card=bolton")
    assert s.board["manchester"][0]["flipped"] and s.income[2] == 10 + 4


def test_market_coal_only_with_a_distant_market_connection():
    g = a_game(4).on_turn(0, round=2).with_hand(0, "bolton", "wigan")
    with pytest.raises(IllegalMove, match="not connected to any coal"):
        apply(g.state, 0, "build bolton iron_works card=bolton")
    g.with_tile("manchester:1", 1, "port").with_link("bolton__manchester", 1)
    s = apply(g.state, 0, "build bolton iron_works card=bolton")
    assert s.money[0] == 30 - 5 - 1 and s.coal_market == 7


def test_five_pound_coal_still_needs_a_distant_market_connection():
    """KOHLE VERBRAUCHEN 2: "eine Verbindung zu einem Fernen Markt ist dennoch notwendig"."""
    g = a_game(4).on_turn(0, round=2).with_hand(0, "bolton", "wigan").with_market(coal=0)
    with pytest.raises(IllegalMove, match="not connected to any coal"):
        apply(g.state, 0, "build bolton iron_works card=bolton")


@pytest.mark.parametrize("cubes, price", [(8, 1), (3, 3), (1, 4), (0, 5)])
def test_market_coal_cheapest_first_five_pounds_when_empty(cubes, price):
    g = (a_game(4).on_turn(0, round=2).with_hand(0, "bolton", "wigan")
         .with_tile("manchester:1", 1, "port").with_link("bolton__manchester", 1).with_market(coal=cubes))
    s = apply(g.state, 0, "build bolton iron_works card=bolton")
    assert s.money[0] == 30 - 5 - price and s.coal_market == max(0, cubes - 1)


def test_iron_from_any_works_without_connection_the_player_chooses():
    g = (a_game(4).on_turn(0, round=2).with_hand(0, "wigan", "bolton")
         .with_tile("preston:2", 1, "iron_works").with_tile("barrow_in_furness:0", 2, "iron_works"))
    g.state.mats[0]["coal_mine"] = [0, 0, 2, 2]
    with pytest.raises(IllegalMove, match="name the iron source"):
        apply(g.state, 0, "build wigan coal_mine card=wigan")
    s = apply(g.state, 0, "build wigan coal_mine card=wigan iron=preston:2")
    assert s.board["preston"][2]["cubes"] == 3 and s.money[0] == 30 - 8


def test_iron_from_the_market_when_no_works_has_any():
    g = a_game(4).on_turn(0, round=2).with_hand(0, "wigan", "bolton").with_market(iron=1)
    g.state.mats[0]["coal_mine"] = [0, 0, 2, 2]
    s = apply(g.state, 0, "build wigan coal_mine card=wigan")
    assert s.money[0] == 30 - 8 - 4 and s.iron_market == 0
