"""KOHLE UND EISEN, KOHLE UND EISEN VON DER BEDARFSLEISTE, ZECHEN UND EISENHÜTTEN UMDREHEN."""
from __future__ import annotations

from service.games.age_of_industry.data import LEVELS, TRACKS
from service.games.age_of_industry.resources import track_price
from tests.games.age_of_industry.builders import (ENGINE, a_game, build, empty_track, play,
                                                  refused, with_hand, with_money, with_rail,
                                                  with_tile)

RED, YELLOW = 0, 1


def test_magdeburg_example_coal_from_yellow_mine_over_two_players_rails():
    """BEISPIEL: Rot baut eine Spinnerei Stufe zwei in Magdeburg; die Kohle kommt aus
    Gelbs Zeche in Polen, über die Strecken von Gelb und Rot."""
    state = with_money(with_hand(a_game(), RED, "cotton_mill"), RED, 20)
    state.players[RED].display["cotton_mill"] = [2, 2, 3, 3]
    with_tile(state, "poland.1", YELLOW, "coal_mine", cubes=2)
    with_rail(state, "berlin-poland", YELLOW)
    with_rail(state, "magdeburg-berlin", RED)
    state = play(state, RED, build("magdeburg.1", "cotton_mill", "cotton_mill"))
    assert state.tiles["poland.1"]["cubes"] == 1
    assert state.players[RED].money == 20 - LEVELS["cotton_mill"][2].cost


def regensburg_scene():
    """Red's mine in Mannheim (far), Yellow's last coal in Bohemia (near); two iron works
    one link from Regensburg: Red's in Augsburg, Yellow's in Muenchen."""
    state = with_money(with_hand(a_game(), RED, "brown"), RED, 30)
    state.players[RED].display["manufactured_goods"] = [3, 3]
    with_tile(state, "mannheim.1", RED, "coal_mine", cubes=3)
    with_tile(state, "bohemia.1", YELLOW, "coal_mine", cubes=1)
    with_tile(state, "augsburg.1", RED, "iron_works", cubes=1)
    with_tile(state, "muenchen.1", YELLOW, "iron_works", cubes=2)
    for link, owner in (("regensburg-bohemia", YELLOW), ("regensburg-muenchen", YELLOW),
                        ("regensburg-augsburg", RED), ("augsburg-stuttgart", RED),
                        ("stuttgart-mannheim", RED)):
        with_rail(state, link, owner)
    return state


def test_regensburg_example_nearest_coal_and_chosen_iron():
    """BEISPIEL: Rot muss die Kohle aus Gelbs Zeche in Böhmen nehmen, da sie am nächsten
    ist; beim Eisen (zwei gleich weite Quellen) wählt er seine eigene Hütte. Beide
    umgedrehten Plättchen zahlen ihren Besitzern sofort."""
    state = regensburg_scene()
    move = build("regensburg.1", "manufactured_goods", "brown")
    error = refused(state, RED, move)
    assert error.field == "iron_from" and sorted(error.options) == ["augsburg.1", "muenchen.1"]
    assert {m.get("iron_from") for m in ENGINE.legal_moves(state, RED)
            if m.get("space") == "regensburg.1" and m["industry"] == "manufactured_goods"} \
        == {"augsburg.1", "muenchen.1"}
    state = play(state, RED, {**move, "iron_from": "augsburg.1"})
    assert state.tiles["mannheim.1"]["cubes"] == 3
    assert state.tiles["bohemia.1"]["flipped"] and state.tiles["augsburg.1"]["flipped"]
    assert state.players[YELLOW].money == LEVELS["coal_mine"][1].profit == 4
    cost = LEVELS["manufactured_goods"][3].cost
    assert state.players[RED].money == 30 - cost + LEVELS["iron_works"][1].profit


def test_regensburg_example_no_second_tile_in_muenchen():
    """Rot hätte nicht in München bauen können (dort besitzt er bereits eine Industrie)."""
    state = regensburg_scene()
    with_tile(state, "muenchen.2", RED, "cotton_mill")
    assert refused(state, RED, build("muenchen.3", "manufactured_goods", "brown")).field == "space"


def test_cubes_from_the_same_place_first():
    """Falls möglich müssen Klötzchen aus demselben Ort genommen werden."""
    state = with_money(with_hand(a_game(), RED, "grey"), RED, 20)
    state.players[RED].display["cotton_mill"] = [2, 3]
    with_tile(state, "koeln.4", YELLOW, "coal_mine", cubes=2)
    with_tile(state, "belgium.1", RED, "coal_mine", cubes=2)
    with_rail(state, "koeln-belgium", RED)
    state = play(state, RED, build("koeln.1", "cotton_mill", "grey"))
    assert state.tiles["koeln.4"]["cubes"] == 1 and state.tiles["belgium.1"]["cubes"] == 2


def test_demand_track_only_when_joined_to_a_port():
    """Von der Bedarfsleiste nur mit Verbindung zu einem gebauten Hafen oder Fernhafen."""
    state = with_money(with_hand(a_game(), RED, "cotton_mill"), RED, 20)
    state.players[RED].display["cotton_mill"] = [2, 3]
    assert "no coal can reach" in refused(state, RED, build("kassel.1", "cotton_mill", "cotton_mill")).reason
    with_tile(state, "hamburg.1", YELLOW, "port", flipped=True)
    with_rail(state, "hamburg-hannover", YELLOW)
    with_rail(state, "hannover-kassel", RED)
    state = play(state, RED, build("kassel.1", "cotton_mill", "cotton_mill"))
    assert state.track["coal"] == len(TRACKS["coal"]) - 1
    assert state.players[RED].money == 20 - LEVELS["cotton_mill"][2].cost - TRACKS["coal"][0]


def test_demand_track_cheapest_cube_first_then_four_dollars_from_supply():
    """Immer das günstigste Klötzchen; ist die Leiste leer, 4 $ aus dem Vorrat."""
    state = with_money(with_hand(a_game(), RED, "pink", "pink"), RED, 40)
    state.players[RED].display["cotton_mill"] = [2, 2, 3]
    empty_track(state, "coal", cubes=1)
    with_tile(state, "mannheim.2", RED, "cotton_mill")
    with_rail(state, "mannheim-france", RED)
    state = play(state, RED, build("mannheim.2", "cotton_mill", "pink"))
    assert state.players[RED].money == 40 - 6 - TRACKS["coal"][-1]
    state.players[RED].display["cotton_mill"] = [3]
    with_tile(state, "france.1", YELLOW, "iron_works", cubes=1)   # an iron source in France
    state = play(state, RED, build("mannheim.2", "cotton_mill", "pink"))
    assert state.players[RED].money == 40 - 6 - TRACKS["coal"][-1] - 12 - 4


def test_mine_sells_cubes_to_demand_track_when_joined_to_a_port():
    """BEISPIEL: Zeche Stufe zwei, vier Klötzchen, mit einem gebauten Hafen verbunden:
    drei davon auf die leeren Kohlefelder, zusammen 4 $."""
    state = with_money(with_hand(a_game(), RED, "coal_mine"), RED, 20)
    state.players[RED].display["coal_mine"] = [2, 3]
    with_tile(state, "hamburg.1", YELLOW, "port")
    with_tile(state, "hamburg.2", YELLOW, "iron_works", cubes=2)
    with_rail(state, "hamburg-hannover", RED)
    empty_track(state, "coal", cubes=len(TRACKS["coal"]) - 3)
    state = play(state, RED, build("hannover.2", "coal_mine", "coal_mine"))
    assert state.tiles["hannover.2"]["cubes"] == 1
    assert state.track["coal"] == len(TRACKS["coal"])
    assert state.players[RED].money == 20 - LEVELS["coal_mine"][2].cost + 4


def test_mine_not_joined_to_a_port_keeps_its_cubes():
    """Nur falls der Ort mit einem gebauten Hafen oder Hafensymbol verbunden ist."""
    state = with_money(with_hand(a_game(), RED, "coal_mine"), RED, 20)
    empty_track(state, "coal", cubes=2)
    state = play(state, RED, build("belgium.1", "coal_mine", "coal_mine"))
    assert state.tiles["belgium.1"]["cubes"] == 3 and state.track["coal"] == 2


def test_mine_emptied_onto_the_track_flips_and_pays():
    """A new mine whose every cube goes to the track flips and pays its owner at once."""
    state = with_money(with_hand(a_game(), RED, "coal_mine"), RED, 20)
    empty_track(state, "coal")
    state = play(state, RED, build("bohemia.1", "coal_mine", "coal_mine"))   # Bohemia: distant port
    sold = sum(TRACKS["coal"][-3:])          # the dearest empty spaces fill first
    assert state.tiles["bohemia.1"]["flipped"]
    assert state.players[RED].money == 20 - 1 + sold + LEVELS["coal_mine"][1].profit


def test_connecting_an_old_mine_later_moves_no_cubes():
    """Wird eine Zeche später mit einem Hafen verbunden, kommen keine Klötzchen auf die Leiste."""
    state = with_money(a_game(), RED, 20)
    with_tile(state, "essen.1", RED, "coal_mine", cubes=3)
    empty_track(state, "coal")
    state = play(state, RED, {"action": "rail", "link": "essen-netherlands"})
    assert state.tiles["essen.1"]["cubes"] == 3 and state.track["coal"] == 0


def test_port_being_built_buys_from_the_track_through_itself():
    """Wenn ein Hafen gebaut wird, der Kohle braucht, kommt sie über diesen Hafen von der Leiste."""
    state = with_money(with_hand(a_game(), RED, "light_green"), RED, 20)
    state.players[RED].display["port"] = [2]
    state = play(state, RED, build("bremen.1", "port", "light_green"))
    assert state.track["coal"] == len(TRACKS["coal"]) - 1
    assert state.players[RED].money == 20 - LEVELS["port"][2].cost - TRACKS["coal"][0]


def test_supply_cube_for_four_dollars_needs_the_port_connection_too():
    """KOHLE UND EISEN VON DER BEDARFSLEISTE: "Falls auch die Bedarfsleiste leer ist, kann
    das benötigte Klötzchen trotzdem aus dem Vorrat genommen werden, es kostet dann jeweils
    4 $." The $4 cube is the track purchase's fallback ("auch", "trotzdem"), so it needs the
    track's condition: "dass der Ort ... mit einem bereits gebauten Hafen verbunden ist oder
    einem Ort, neben dessen Namen ein Symbol für einen Fernhafen ist" (Übersicht Bauaktion:
    "In dem Fall muss eine Verbindung vom Bauort aus zu einem Hafen ... bestehen")."""
    state = with_money(with_hand(a_game(), RED, "cotton_mill"), RED, 20)
    state.players[RED].display["cotton_mill"] = [2, 3]
    empty_track(state, "coal")
    move = build("kassel.1", "cotton_mill", "cotton_mill")
    assert "no coal can reach" in refused(state, RED, move).reason
    with_tile(state, "hamburg.1", YELLOW, "port")
    with_rail(state, "hamburg-hannover", YELLOW)
    with_rail(state, "hannover-kassel", RED)
    state = play(state, RED, move)
    assert state.players[RED].money == 20 - LEVELS["cotton_mill"][2].cost - 4
    assert state.track["coal"] == 0


def test_track_refilled_from_the_bottom_dearest_empty_space_first():
    """KOHLE UND EISEN: "Die Bedarfsleiste wird von unten nach oben nachgefüllt", while a
    buyer "muss immer das günstigste Klötzchen" take: the cubes always fill one end of the
    track, and a new mine's cubes go onto the empty spaces next to them, the dearest
    empty one first. Three cubes into four empty spaces are paid for the three dearest."""
    state = with_money(with_hand(a_game(), RED, "coal_mine"), RED, 20)
    spaces = len(TRACKS["coal"])
    empty_track(state, "coal", cubes=spaces - 4)
    state = play(state, RED, build("bohemia.1", "coal_mine", "coal_mine"))   # distant port
    paid = sum(TRACKS["coal"][1:4])
    assert state.track["coal"] == spaces - 1 and state.tiles["bohemia.1"]["flipped"]
    assert state.players[RED].money == 20 - LEVELS["coal_mine"][1].cost + paid \
        + LEVELS["coal_mine"][1].profit
    assert track_price(state, "coal") == TRACKS["coal"][1], "the next buyer pays the cheapest"


def test_iron_works_cubes_onto_the_iron_track_paid_per_row():
    """KOHLE UND EISEN: a new iron works joined to a built port or a distant-port place puts
    cubes on the empty iron spaces; "Der Spieler erhält dann für jedes auf die
    Bedarfsleiste beförderte Klötzchen so viel Geld, wie in der Reihe angegeben." """
    state = with_money(with_hand(a_game(), RED, "iron_works"), RED, 20)
    spaces = len(TRACKS["iron"])
    empty_track(state, "iron", cubes=spaces - 2)
    with_rail(state, "mannheim-france", YELLOW)          # France: distant port
    state = play(state, RED, build("mannheim.2", "iron_works", "iron_works"))
    assert state.tiles["mannheim.2"]["cubes"] == LEVELS["iron_works"][1].cubes - 2
    assert state.track["iron"] == spaces
    assert state.players[RED].money == 20 - LEVELS["iron_works"][1].cost + sum(TRACKS["iron"][:2])


def test_overbuild_others_mine_refused_while_coal_lies_on_the_board():
    """INDUSTRIEPLÄTTCHEN ÜBERBAUEN: "Eine fremde Zeche kann nur überbaut werden, falls es
    weder auf dem Spielplan noch auf der Bedarfsleiste Kohle gibt": coal on any mine on
    the board (even unreachable, even the builder's own) forbids it."""
    state = with_money(with_hand(a_game(), RED, "coal_mine"), RED, 20)
    state.players[RED].display["coal_mine"] = [2, 3]
    empty_track(state, "coal")
    with_tile(state, "belgium.1", YELLOW, "coal_mine", flipped=True)
    with_tile(state, "koeln.1", RED, "iron_works", cubes=2)
    with_rail(state, "koeln-belgium", RED)
    with_tile(state, "poland.1", RED, "coal_mine", cubes=1)
    move = build("belgium.1", "coal_mine", "coal_mine")
    assert "no coal" in refused(state, RED, move).reason
    del state.tiles["poland.1"]
    state.supply["coal"] += 1
    assert play(state, RED, move).tiles["belgium.1"] == {**state.tiles["belgium.1"], "owner": RED,
                                                         "level": 2, "cubes": 4, "flipped": False}


def test_overbuild_others_iron_works_only_without_iron_anywhere():
    """INDUSTRIEPLÄTTCHEN ÜBERBAUEN: "fremde Eisenhütten können nur überbaut werden, falls
    es weder auf dem Spielplan noch auf der Bedarfsleiste Eisen gibt und das neue Plättchen
    muss von höherer Stufe sein"; it must be an iron works again."""
    state = with_money(with_hand(a_game(), RED, "grey", "grey"), RED, 30)
    state.players[RED].display["iron_works"] = [2, 3]
    with_tile(state, "koeln.1", YELLOW, "iron_works", flipped=True)
    with_tile(state, "koeln.4", RED, "coal_mine", cubes=2)
    assert "no coal (iron)" in refused(state, RED, build("koeln.1", "iron_works", "grey")).reason
    empty_track(state, "iron")
    assert refused(state, RED, build("koeln.1", "cotton_mill", "grey")).field == "space"
    state = play(state, RED, build("koeln.1", "iron_works", "grey"))
    assert state.tiles["koeln.1"]["owner"] == RED and state.tiles["koeln.1"]["level"] == 2
