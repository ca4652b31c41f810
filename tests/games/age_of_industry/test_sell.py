"""AKTION: WAREN VERKAUFEN."""
from __future__ import annotations

from service.games.age_of_industry.data import LEVELS
from tests.games.age_of_industry.builders import (ENGINE, a_game, play, refused, with_rail,
                                                  with_tile)

RED, YELLOW = 0, 1


def sale_scene(poland_market="manufactured_goods"):
    """Red: cotton mills in Berlin and Magdeburg, a goods factory in Berlin, a port in
    Danzig; Yellow: a port in Hamburg; Poland's market."""
    state = a_game()
    with_tile(state, "berlin.1", RED, "cotton_mill")
    with_tile(state, "magdeburg.1", RED, "cotton_mill")
    with_tile(state, "berlin.2", RED, "manufactured_goods", level=3)
    with_tile(state, "danzig.1", RED, "port")
    with_tile(state, "hamburg.1", YELLOW, "port")
    for link, owner in (("berlin-poland", YELLOW), ("berlin-danzig", YELLOW),
                        ("hamburg-berlin", RED), ("magdeburg-berlin", YELLOW)):
        with_rail(state, link, owner)
    state.markets["poland"] = {"kind": poland_market, "flipped": False}
    return state


def test_sale_example_red_earns_37_yellow_5():
    """BEISPIEL: Rot verdient zwei Mal 8 $ (Baumwolle), 16 $ (Konsumgüter) und 5 $ (Hafen),
    insgesamt 37 $; Gelb verdient 5 $ durch seinen Hafen."""
    state = sale_scene()
    for mill, outlet in (("berlin.2", "poland.market"), ("berlin.1", "danzig.1"),
                         ("magdeburg.1", "hamburg.1")):
        state = play(state, RED, {"action": "sell", "mill": mill, "outlet": outlet})
    assert state.players[RED].money == 37 and state.players[YELLOW].money == 5
    assert all(state.tiles[s]["flipped"] for s in ("berlin.1", "berlin.2", "magdeburg.1",
                                                   "danzig.1", "hamburg.1"))
    assert state.markets["poland"]["flipped"]
    assert state.actions_left == 1 and not state.selling, "one action; no sale left ends it"


def test_level_one_port_sells_cotton_only():
    """Über einen Hafen mit Technologiestufe eins kann nur Baumwolle verkauft werden."""
    state = sale_scene()
    assert "outlet" in refused(state, RED, {"action": "sell", "mill": "berlin.2",
                                            "outlet": "danzig.1"}).reason
    assert LEVELS["port"][1].sells == ("cotton_mill",)


def test_market_takes_only_its_goods():
    """Der Markt muss die zu verkaufende Ware akzeptieren."""
    state = sale_scene(poland_market="manufactured_goods")
    assert refused(state, RED, {"action": "sell", "mill": "berlin.1", "outlet": "poland.market"})
    state = sale_scene(poland_market="cotton_or_goods")
    state = play(state, RED, {"action": "sell", "mill": "berlin.1", "outlet": "poland.market"})
    assert refused(state, RED, {"action": "sell", "mill": "berlin.2", "outlet": "poland.market"})


def test_no_demand_market_never_buys():
    """'No Demand' tiles stay on the board and buy nothing."""
    state = sale_scene(poland_market="no_demand")
    assert not any(m.get("outlet") == "poland.market" for m in ENGINE.legal_moves(state, RED))


def test_sale_needs_a_joined_outlet():
    """The mill must be joined to the outlet by built links (any owner)."""
    state = sale_scene()
    with_tile(state, "koeln.1", RED, "cotton_mill")
    assert "not joined" in refused(state, RED, {"action": "sell", "mill": "koeln.1",
                                                "outlet": "hamburg.1"}).reason


def test_sale_through_a_port_in_the_same_place():
    """Man kann auch an einen Hafen im selben Ort verkaufen."""
    state = a_game()
    with_tile(state, "danzig.2", RED, "cotton_mill")
    with_tile(state, "danzig.1", YELLOW, "port")
    state = play(state, RED, {"action": "sell", "mill": "danzig.2", "outlet": "danzig.1"})
    assert state.players[RED].money == LEVELS["cotton_mill"][1].profit


def test_sale_action_may_stop_early():
    """AKTION: WAREN VERKAUFEN: "Der aktive Spieler kann mit einer einzigen Aktion Waren
    verkaufen so viele Verkäufe tätigen, wie er möchte bzw. kann": one sale a move, the
    first uses the action, the player ends it (`end sale`) when he wants no more."""
    state = sale_scene()
    state = play(state, RED, {"action": "sell", "mill": "berlin.1", "outlet": "danzig.1"})
    assert state.selling and {"action": "end_sale"} in ENGINE.legal_moves(state, RED)
    assert all(m["action"] in ("sell", "end_sale", "loan", "repay") for m in ENGINE.legal_moves(state, RED))
    state = play(state, RED, {"action": "end_sale"})
    assert not state.selling and state.actions_left == 1


def test_each_outlet_once_before_it_flips():
    """Jeder Hafen und jeder Markt kann nur ein Mal benutzt werden."""
    state = sale_scene()
    state = play(state, RED, {"action": "sell", "mill": "berlin.1", "outlet": "danzig.1"})
    assert refused(state, RED, {"action": "sell", "mill": "magdeburg.1", "outlet": "danzig.1"})
