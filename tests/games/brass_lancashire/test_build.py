"""AKTION: BAUEN and AKTION: BAUEN (FORTSETZUNG)."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.brass_lancashire.income import income_level

from .builders import ENGINE, a_game, apply


def started(players=3, **options):
    """Seat 0 on turn in round 2 of the canal era with a mill in Stockport."""
    return a_game(players, **options).on_turn(0, round=2).with_tile("stockport:0", 0, "cotton_mill")


def test_location_card_builds_outside_the_network():
    s = apply(started().with_hand(0, "preston", "wigan").state, 0, "build preston port card=preston")
    assert s.board["preston"][0]["industry"] == "port" and s.money[0] == 30 - 6


def test_slot_showing_only_that_industry_is_preferred():
    g = started().with_hand(0, "lancaster", "wigan")
    s = apply(g.state, 0, "build lancaster port card=lancaster")
    assert s.board["lancaster"] == [s.board["lancaster"][0], None]
    g.with_tile("lancaster:0", 1, "port")
    s = apply(g.state, 0, "build lancaster port card=lancaster")
    assert s.board["lancaster"][1]["owner"] == 0


def test_industry_card_builds_only_in_the_network():
    g = started().with_hand(0, "cotton_mill", "wigan")
    with pytest.raises(IllegalMove, match="not in your network"):
        apply(g.state, 0, "build manchester cotton_mill card=cotton_mill")
    g.with_link("manchester__stockport", 0)
    s = apply(g.state, 0, "build manchester cotton_mill card=cotton_mill")
    assert s.board["manchester"][0]["owner"] == 0


def test_first_build_anywhere_with_an_industry_card():
    """BAUEN OHNE PLÄTTCHEN AUF DEM SPIELPLAN."""
    g = a_game(3).on_turn(0, round=2).with_hand(0, "cotton_mill", "wigan")
    s = apply(g.state, 0, "build colne cotton_mill card=cotton_mill")
    assert s.board["colne"][0]["owner"] == 0


def test_a_link_on_the_board_ends_building_anywhere():
    """BAUEN OHNE PLÄTTCHEN: only while you have no industry *or link* tile on the board."""
    g = a_game(3).on_turn(0, round=2).with_hand(0, "cotton_mill", "wigan").with_link("bolton__bury", 0)
    with pytest.raises(IllegalMove, match="not in your network"):
        apply(g.state, 0, "build colne cotton_mill card=cotton_mill")
    apply(g.state, 0, "build bury cotton_mill card=cotton_mill")


def test_two_cards_build_anywhere_and_use_both_actions():
    g = started().with_hand(0, "bolton", "wigan", "oldham")
    s = apply(g.state, 0, "build preston port cards=bolton+wigan")
    assert s.board["preston"][0]["owner"] == 0 and ENGINE.to_act(s) != [0]
    assert sorted(s.discards[0]) == ["bolton", "wigan"]
    g.state.actions_left = 1
    with pytest.raises(IllegalMove, match="both actions"):
        apply(g.state, 0, "build preston port cards=bolton+wigan")


def test_canal_era_one_industry_tile_per_town():
    g = started().with_hand(0, "stockport", "wigan")
    with pytest.raises(IllegalMove, match="1 industry tile per town"):
        apply(g.state, 0, "build stockport cotton_mill card=stockport")
    g.state.era = "rail"
    g.state.mats[0]["cotton_mill"] = [0, 3, 3, 3]
    g.with_tile("manchester:0", 1, "coal_mine", level=2).with_link("manchester__stockport", 1)
    s = apply(g.state, 0, "build stockport cotton_mill card=stockport")
    assert s.board["stockport"][1]["level"] == 2


def test_level_1_tiles_cannot_be_built_in_the_rail_era():
    g = started().on_turn(0, era="rail").with_hand(0, "bolton", "wigan")
    with pytest.raises(IllegalMove, match="develop it away"):
        apply(g.state, 0, "build bolton cotton_mill card=bolton")


def test_locked_shipyards_are_never_built():
    g = started().with_hand(0, "liverpool", "wigan")
    with pytest.raises(IllegalMove, match="locked"):
        apply(g.state, 0, "build liverpool shipyard card=liverpool")


def test_shipyard_level_2_not_in_the_canal_era_and_flips_when_built():
    g = started().with_hand(0, "liverpool", "wigan").with_tile("liverpool:0", 1, "port")
    g.state.mats[0]["shipyard"] = [0, 0, 2]
    with pytest.raises(IllegalMove, match="canal era"):
        apply(g.state, 0, "build liverpool shipyard card=liverpool")
    g.state.mats[0]["shipyard"] = [0, 2, 2]
    s = apply(g.state, 0, "build liverpool shipyard card=liverpool")
    tile = s.board["liverpool"][3]
    assert tile["flipped"] and s.income[0] == 10 + 2
    assert s.money[0] == 30 - 16 - 1 - 1   # £16, coal and iron from the markets at £1


def test_overbuild_own_tile_with_a_higher_level():
    g = started().on_turn(0, era="rail").with_hand(0, "stockport", "wigan")
    g.state.mats[0]["cotton_mill"] = [0, 3, 3, 3]
    g.with_tile("manchester:0", 1, "coal_mine", level=2).with_link("manchester__stockport", 1)
    s = apply(g.state, 0, "build stockport cotton_mill card=stockport overbuild=0")
    assert s.board["stockport"][0]["level"] == 2 and s.boxed[0] == 1


def test_overbuild_others_only_coal_or_iron_when_none_is_left():
    g = started().with_hand(0, "wigan", "bolton").with_tile("wigan:0", 1, "coal_mine", cubes=0, flipped=True)
    g.state.mats[0]["coal_mine"] = [0, 2, 2, 2]
    with pytest.raises(IllegalMove, match="no coal is left"):
        apply(g.state, 0, "build wigan coal_mine card=wigan overbuild=0")
    g.with_market(coal=0)
    s = apply(g.state, 0, "build wigan coal_mine card=wigan overbuild=0")
    assert s.board["wigan"][0]["owner"] == 0 and s.boxed[1] == 1


def test_overbuild_others_blocked_by_a_cube_on_any_tile():
    """ÜBERBAUEN: no cube of that kind may be left "weder auf Industrieplättchen (aller
    Spieler), noch im jeweiligen Markt": an empty market is not enough."""
    g = (started().with_hand(0, "wigan", "bolton").with_market(coal=0)
         .with_tile("wigan:0", 1, "coal_mine", cubes=0, flipped=True)
         .with_tile("burnley:1", 2, "coal_mine", cubes=1))
    g.state.mats[0]["coal_mine"] = [0, 2, 2, 2]
    with pytest.raises(IllegalMove, match="no coal is left"):
        apply(g.state, 0, "build wigan coal_mine card=wigan overbuild=0")
    g.state.board["burnley"][1]["cubes"] = 0
    apply(g.state, 0, "build wigan coal_mine card=wigan overbuild=0")


def test_overbuilt_own_tile_returns_its_cubes_to_the_supply():
    """ÜBERBAUEN (own tile): cubes still on the old tile go back to the general supply."""
    g = a_game(3).on_turn(0, round=2).with_hand(0, "wigan", "bolton").with_tile("wigan:0", 0, "coal_mine")
    supply = g.state.supply["coal"]
    s = apply(g.state, 0, "build wigan coal_mine card=wigan overbuild=0")
    assert s.board["wigan"][0]["level"] == 2 and s.board["wigan"][0]["cubes"] == 3
    assert s.supply["coal"] == supply + 2 - 3


def test_overbuild_others_cotton_mill_is_refused():
    g = started().with_hand(0, "bolton", "wigan").with_tile("bolton:0", 1, "cotton_mill")
    g.state.mats[0]["cotton_mill"] = [0, 3, 3, 3]
    with pytest.raises(IllegalMove, match="only if it is a coal mine or iron works"):
        apply(g.state, 0, "build bolton cotton_mill card=bolton overbuild=0")


def test_coal_mine_connected_to_a_distant_market_sells_to_the_market():
    """KOHLE UND EISEN AN DEN MARKT VERKAUFEN: dearest empty spaces first; the mine
    flips when its last cube is sold."""
    g = started().with_hand(0, "warrington_runcorn", "wigan").with_tile("warrington_runcorn:1", 1, "port")
    g.with_market(coal=5)
    s = apply(g.state, 0, "build warrington_runcorn coal_mine card=warrington_runcorn")
    tile = s.board["warrington_runcorn"][0]
    assert s.coal_market == 7 and s.money[0] == 30 - 5 + 2 + 1
    assert tile["cubes"] == 0 and tile["flipped"] and s.income[0] == 10 + 4


def test_coal_mine_without_a_distant_market_keeps_its_cubes():
    g = started().with_hand(0, "wigan", "bolton").with_market(coal=5)
    s = apply(g.state, 0, "build wigan coal_mine card=wigan")
    assert s.board["wigan"][0]["cubes"] == 2 and s.coal_market == 5


def test_iron_works_always_sells_to_the_market():
    g = started().with_hand(0, "bolton", "wigan").with_tile("bolton:0", 1, "coal_mine").with_market(iron=6)
    s = apply(g.state, 0, "build bolton iron_works card=bolton")
    assert s.iron_market == 8 and s.board["bolton"][2]["cubes"] == 2
    assert s.money[0] == 30 - 5 + 1 + 1 and s.board["bolton"][0]["cubes"] == 1


def test_build_needs_the_money():
    g = started().with_hand(0, "preston", "wigan").with_money(0, 5)
    with pytest.raises(IllegalMove, match="costs £6"):
        apply(g.state, 0, "build preston port card=preston")
    assert income_level(g.state.income[0]) == 0


def test_classic_virtual_connection_between_liverpool_and_birkenhead():
    """KLASSISCHE REGELN: with Liverpool in your network you may build in Birkenhead
    with an industry card; the virtual connection carries no coal."""
    def shipyards_in_birkenhead(rules, linked):
        g = (a_game(3, rules=rules).on_turn(0, era="rail", round=2).with_hand(0, "shipyard", "wigan")
             .with_tile("liverpool:0", 0, "port", level=2))
        g.state.mats[0]["shipyard"] = [0, 0, 2]
        if linked:   # coal reaches Birkenhead from the market through Ellesmere Port's port
            g.with_tile("ellesmere_port:0", 2, "port", level=2).with_link("birkenhead__ellesmere_port", 2)
        return [m for m in ENGINE.legal_moves(g.state, 0)
                if m["action"] == "build" and m.get("card") == "shipyard" and m["location"] == "birkenhead"]
    assert shipyards_in_birkenhead("classic", linked=True)
    assert not shipyards_in_birkenhead("roxley", linked=True)
    assert not shipyards_in_birkenhead("classic", linked=False)


def test_move_fields_must_have_their_types():
    g = started().with_hand(0, "preston", "wigan")
    with pytest.raises(IllegalMove, match="must be a text"):
        apply(g.state, 0, {"action": "build", "location": ["preston"], "industry": "port", "card": "preston"})
    with pytest.raises(IllegalMove, match="whole number"):
        apply(g.state, 0, {"action": "loan", "amount": 10.0, "card": "preston"})
