"""The New England rules: ships, shipping lines, coal imports, Pennsylvania
(DER SPIELPLAN: Schiffahrtslinie, Kohleimporte; KOHLE UND EISEN; WAREN VERKAUFEN)."""
from __future__ import annotations

from service.games.age_of_industry.data import LEVELS, MAPS, TRACKS
from tests.games.age_of_industry.builders import (a_game, build, empty_track, play, refused,
                                                  with_hand, with_money, with_rail, with_tile)

RED, YELLOW = 0, 1
IMPORT = MAPS["new_england"].locations["nova_scotia"].imports
SHIP = LEVELS["ship"][1]


def england(*cards, money=40):
    state = with_money(with_hand(a_game("new_england"), RED, *cards), RED, money)
    state.players[RED].display["ship"] = [1, 1, 2, 2]
    return state


def test_ship_needs_a_shipping_line_to_a_built_port():
    """Ein Schiff nur, wenn das Feld mit einem bereits gebauten Hafen verbunden ist; mit
    einer Ortskarte darf der Hafen jedem Spieler gehören (BEISPIEL: hellgrüne Karte)."""
    state = england("light_green")
    move = build("nova_scotia.1", "ship", "light_green")
    assert "built port" in refused(state, RED, move).reason
    with_tile(state, "boston.1", YELLOW, "port")
    state = play(state, RED, move)
    assert state.tiles["nova_scotia.1"]["industry"] == "ship"
    assert state.imports["nova_scotia"] == IMPORT - SHIP.coal, "its own import coal feeds the build"
    assert state.players[RED].money == 40 - SHIP.cost


def ship_card_scene():
    """Yellow's port in Boston, across the shipping line from Nova Scotia; Red holds a
    mill in Hartford, far from Boston, so he has tiles on the board.

    BESCHRÄNKUNGEN FÜR INDUSTRIEKARTEN: "Falls ein Spieler eine Schiffskarte spielt und der
    fragliche Ort mit einem Ort verbunden ist, der ein Hafenplättchen enthält und ein
    eigenes Plättchen (das kann auch das Hafenplättchen selbst sein oder eine mit diesem
    Ort verbundene eigene Eisenbahnstrecke des Spielers)." The overview page (Übersicht
    Bauaktion) shortens it to "muss der Hafen dem Spieler selbst gehören"; the rule
    section's fuller sentence, which names the rail link and the other tile, governs."""
    state = england("ship")
    with_tile(state, "boston.1", YELLOW, "port")
    with_tile(state, "hartford.1", RED, "cotton_mill")
    return state


def test_ship_card_refused_beside_another_players_port_alone():
    """BESCHRÄNKUNGEN FÜR INDUSTRIEKARTEN: another player's port with nothing of yours at
    its place does not let a ship card build (see ship_card_scene)."""
    state = ship_card_scene()
    assert refused(state, RED, build("nova_scotia.1", "ship", "ship")).field == "card"


def test_ship_card_beside_own_port():
    """BEISPIEL: "Spieler Rot könnte in dem oben abgebildeten Schiffsfeld ein Schiff bauen,
    da ein eigener Hafen über eine Schifffahrtlinie damit verbunden ist." """
    state = ship_card_scene()
    state.tiles["boston.1"]["owner"] = RED
    del state.tiles["hartford.1"]
    assert play(state, RED, build("nova_scotia.1", "ship", "ship")).tiles["nova_scotia.1"]["owner"] == RED


def test_ship_card_another_players_port_with_own_rail_link_there():
    """BESCHRÄNKUNGEN FÜR INDUSTRIEKARTEN: "... oder eine mit diesem Ort verbundene eigene
    Eisenbahnstrecke des Spielers" (see ship_card_scene)."""
    state = ship_card_scene()
    with_rail(state, "boston-worcester", RED)
    assert play(state, RED, build("nova_scotia.1", "ship", "ship")).tiles["nova_scotia.1"]["owner"] == RED


def test_ship_card_another_players_port_with_own_tile_there():
    """BESCHRÄNKUNGEN FÜR INDUSTRIEKARTEN: "... der ein Hafenplättchen enthält und ein
    eigenes Plättchen" (see ship_card_scene)."""
    state = ship_card_scene()
    with_tile(state, "boston.2", RED, "cotton_mill")
    assert play(state, RED, build("nova_scotia.1", "ship", "ship")).tiles["nova_scotia.1"]["owner"] == RED


def test_ship_import_coal_goes_to_the_track_like_a_new_mine():
    """Ein Schiff bauen gilt wie der Bau einer Zeche: Kohle auf die leeren Bedarfsfelder,
    der Erbauer wird bezahlt; ohne Kohle und mit 'No Demand' wird es sofort umgedreht."""
    state = england("light_green")
    with_tile(state, "portland.1", YELLOW, "port")
    empty_track(state, "coal", cubes=len(TRACKS["coal"]) - 2)
    state.markets["nova_scotia"] = {"kind": "no_demand", "flipped": False}
    state = play(state, RED, build("nova_scotia.1", "ship", "light_green"))
    assert state.imports["nova_scotia"] == 0 and state.track["coal"] == len(TRACKS["coal"])
    assert state.tiles["nova_scotia.1"]["flipped"]
    assert state.players[RED].money == 40 - SHIP.cost + sum(TRACKS["coal"][:2]) + SHIP.profit


def ship_scene(market="cotton_mill", imports=0):
    state = a_game("new_england")
    with_tile(state, "boston.1", YELLOW, "port")
    with_tile(state, "boston.2", RED, "cotton_mill")
    with_tile(state, "nova_scotia.1", YELLOW, "ship")
    state.imports["nova_scotia"] = imports
    state.supply["coal"] -= imports
    state.markets["nova_scotia"] = {"kind": market, "flipped": False}
    return state


def test_ship_flips_when_its_coal_and_market_are_used_up():
    """BEISPIEL: Rot verkauft über den Markt, der nur durch das Schiff zugänglich ist; da
    auch alle Kohle genommen wurde, wird das Schiff umgedreht."""
    state = play(ship_scene(), RED, {"action": "sell", "mill": "boston.2", "outlet": "nova_scotia.market"})
    assert state.markets["nova_scotia"]["flipped"] and state.tiles["nova_scotia.1"]["flipped"]
    assert state.players[YELLOW].money == SHIP.profit


def test_ship_with_coal_left_does_not_flip():
    state = play(ship_scene(imports=1), RED, {"action": "sell", "mill": "boston.2",
                                              "outlet": "nova_scotia.market"})
    assert not state.tiles["nova_scotia.1"]["flipped"]


def test_overbuilt_ship_never_flips_and_brings_nothing():
    """Überbaute Schiffe werden nicht umgedreht; keine neue Kohle, kein neuer Markt."""
    state = england("light_green")
    with_tile(state, "boston.1", YELLOW, "port")
    with_tile(state, "nova_scotia.1", RED, "ship", level=1)
    state.imports["nova_scotia"] = 0
    state.players[RED].display["ship"] = [2]
    state.markets["nova_scotia"] = {"kind": "no_demand", "flipped": False}
    with_tile(state, "boston.2", YELLOW, "coal_mine", cubes=0)
    with_tile(state, "worcester.1", YELLOW, "iron_works", cubes=1)
    with_rail(state, "boston-worcester", YELLOW)
    state = play(state, RED, build("nova_scotia.1", "ship", "light_green"))
    assert state.tiles["nova_scotia.1"]["level"] == 2 and not state.tiles["nova_scotia.1"]["flipped"]
    assert state.imports["nova_scotia"] == 0


def test_market_across_the_sea_needs_the_ship():
    """Durch ein Feld mit einem Schiffsplättchen wird der verbundene Markt zugänglich."""
    state = ship_scene()
    del state.tiles["nova_scotia.1"]
    assert "not joined" in refused(state, RED, {"action": "sell", "mill": "boston.2",
                                                "outlet": "nova_scotia.market"}).reason


def test_coal_crosses_two_shipping_lines_with_a_ship_between():
    """Manche Kohle muss über zwei Schifffahrtslinien; dazwischen muss ein Schiff liegen."""
    state = with_money(with_hand(a_game("new_england"), RED, "blue"), RED, 40)
    state.players[RED].display["cotton_mill"] = [2, 3]
    with_tile(state, "providence.1", YELLOW, "port")
    with_tile(state, "new_york.1", YELLOW, "port")
    with_tile(state, "virginia.1", YELLOW, "ship")
    state.imports["virginia"] = 2
    state.supply["coal"] -= 2
    move = build("providence.2", "cotton_mill", "blue")
    without = play(state, RED, move)
    assert without.imports["virginia"] == 2, "no ship in the West Indies: track coal"
    with_tile(state, "west_indies.1", YELLOW, "ship")
    state.imports["west_indies"] = 0
    state = play(state, RED, move)
    assert state.imports["virginia"] == 1
    assert state.players[RED].money == 40 - LEVELS["cotton_mill"][2].cost


def pennsylvania_scene():
    state = with_money(a_game("new_england"), RED, 40)
    with_tile(state, "ohio.1", YELLOW, "coal_mine", cubes=3)
    for link in ("pittsburgh-ohio", "scranton-pittsburgh", "new_york-scranton"):
        with_rail(state, link, YELLOW)
    state.players[RED].display["cotton_mill"] = [2, 3]
    return state


def test_pennsylvania_coal_in_and_out_but_not_through():
    """Kohle kann nach Pennsylvania hinein oder heraus, aber nicht hindurch."""
    state = with_hand(pennsylvania_scene(), RED, "brown", "brown")
    assert "no coal" in refused(state, RED, build("new_york.2", "cotton_mill", "brown")).reason
    state = play(state, RED, build("pittsburgh.2", "cotton_mill", "brown"))
    assert state.tiles["ohio.1"]["cubes"] == 2
    with_tile(state, "scranton.1", YELLOW, "coal_mine", cubes=1)
    state.tiles.pop("pittsburgh.2")
    state.players[RED].display["cotton_mill"] = [2]
    state = play(state, RED, build("new_york.2", "cotton_mill", "brown"))
    assert state.tiles["scranton.1"]["flipped"], "coal mined in Pennsylvania may leave it"


def test_pennsylvania_no_sale_through_it():
    """Man kann nicht über eine Strecke verkaufen, die nach Pennsylvania hinein und wieder
    heraus verläuft; Waren aus Pennsylvania heraus schon."""
    state = pennsylvania_scene()
    state.markets["ohio"] = {"kind": "cotton_or_goods", "flipped": False}
    with_tile(state, "new_york.2", RED, "cotton_mill")
    assert "not joined" in refused(state, RED, {"action": "sell", "mill": "new_york.2",
                                                "outlet": "ohio.market"}).reason
    with_tile(state, "pittsburgh.2", RED, "cotton_mill")
    state = play(state, RED, {"action": "sell", "mill": "pittsburgh.2", "outlet": "ohio.market"})
    assert state.markets["ohio"]["flipped"]


def test_germany_has_no_ship_spaces():
    """Auf dem Deutschlandspielplan können keine Schiffe gebaut werden."""
    assert not any("ship" in loc.spaces for loc in MAPS["germany"].locations.values())


def test_ship_flips_when_a_rail_link_takes_its_last_import_coal():
    """The flip happens whenever the last import cube goes, whatever takes it."""
    state = ship_scene(market="cotton_mill", imports=1)
    state.markets["nova_scotia"]["flipped"] = True
    with_money(state, RED, 10)
    with_tile(state, "worcester.1", YELLOW, "iron_works", cubes=1)
    with_rail(state, "boston-worcester", RED)
    state = play(state, RED, {"action": "rail", "link": "lowell-boston"})
    assert state.imports["nova_scotia"] == 0 and state.tiles["nova_scotia.1"]["flipped"]
    assert state.players[YELLOW].money == SHIP.profit + LEVELS["iron_works"][1].profit


def test_shipping_line_counts_as_one_built_link_for_the_nearest_source():
    """KOHLE UND EISEN: "Eine Schifffahrtslinie gilt in diesem Sinne als gebaute
    Eisenbahnstrecke": Virginia's import coal (one shipping line from New York) and the
    Scranton mine (one rail link) are equally near, so the builder chooses."""
    state = with_money(with_hand(a_game("new_england"), RED, "brown"), RED, 40)
    state.players[RED].display["cotton_mill"] = [2, 3]
    with_tile(state, "new_york.1", YELLOW, "port")
    with_tile(state, "virginia.1", YELLOW, "ship")
    state.imports["virginia"] = 1
    state.supply["coal"] -= 1
    with_tile(state, "scranton.1", YELLOW, "coal_mine", cubes=1)
    with_rail(state, "new_york-scranton", YELLOW)
    move = build("new_york.2", "cotton_mill", "brown")
    error = refused(state, RED, move)
    assert error.field == "coal_from" and sorted(error.options) == ["scranton.1", "virginia.import"]
    state = play(state, RED, {**move, "coal_from": "virginia.import"})
    assert state.imports["virginia"] == 0 and state.tiles["scranton.1"]["cubes"] == 1


def test_import_coal_is_coal_on_the_board_for_overbuilding():
    """INDUSTRIEPLÄTTCHEN ÜBERBAUEN: "falls es weder auf dem Spielplan noch auf der
    Bedarfsleiste Kohle gibt": coal waiting on an import space is coal on the board."""
    state = with_money(with_hand(a_game("new_england"), RED, "brown"), RED, 40)
    state.players[RED].display["coal_mine"] = [2, 3]
    empty_track(state, "coal")
    with_tile(state, "scranton.1", YELLOW, "coal_mine", flipped=True)
    with_tile(state, "new_york.1", YELLOW, "port")
    with_rail(state, "new_york-scranton", YELLOW)
    with_tile(state, "virginia.1", YELLOW, "ship")
    state.imports["virginia"] = 1
    state.supply["coal"] -= 1
    move = build("scranton.1", "coal_mine", "brown")
    assert "no coal" in refused(state, RED, move).reason
    state.imports["virginia"] = 0
    state.supply["coal"] += 1
    assert play(state, RED, move).tiles["scranton.1"]["owner"] == RED
