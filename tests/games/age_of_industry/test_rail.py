"""AKTION: EISENBAHNSTRECKE BAUEN."""
from __future__ import annotations

from tests.games.age_of_industry.builders import (ENGINE, a_game, empty_track, play, refused,
                                                  with_money, with_rail, with_tile)

RED, YELLOW = 0, 1


def test_rail_first_link_costs_one_dollar():
    """Das erste Eisenbahnplättchen kostet 1 $."""
    state = with_money(a_game(), RED, 1)
    with_tile(state, "koeln.1", RED, "cotton_mill")
    state = play(state, RED, {"action": "rail", "link": "koeln-essen"})
    assert state.rails == {"koeln-essen": RED} and state.players[RED].money == 0
    assert state.players[RED].rails_left == 11 and state.players[RED].spent == 1


def test_rail_example_later_link_needs_coal_and_iron():
    """BEISPIEL: Gelb baut Regensburg-Böhmen. "Er kann ein Eisen aus seiner eigenen Hütte
    in Augsburg nehmen. Er kann keine Kohle vom Plan nehmen, also muss er eine von der
    Bedarfsleiste kaufen. Das ist möglich, da der Ort, den er anschließen will, ein
    Hafensymbol hat. Er muss insgesamt 2 $ zahlen." The iron "kann" come from Augsburg
    (to Regensburg) or be bought (to Bohemia); the coal "muss" be bought."""
    state = with_money(a_game(), YELLOW, 5)
    state.turn = 1
    with_tile(state, "augsburg.1", YELLOW, "iron_works", cubes=2)
    with_rail(state, "regensburg-augsburg", YELLOW)
    move = {"action": "rail", "link": "regensburg-bohemia"}
    error = refused(state, YELLOW, move)
    assert error.field == "iron_from" and sorted(error.options) == ["augsburg.1", "track"]
    assert refused(state, YELLOW, {**move, "iron_from": "augsburg.1",
                                   "coal_from": "track"}).field == "coal_from", "coal: no choice"
    state = play(state, YELLOW, {**move, "iron_from": "augsburg.1"})
    assert state.players[YELLOW].money == 3 and state.players[YELLOW].spent == 2
    assert state.tiles["augsburg.1"]["cubes"] == 1


def test_rail_needs_own_industry_or_rail_at_an_end():
    """Nur Strecken mit Verbindung zu einem Ort mit eigener Industrie oder eigener Bahn."""
    state = with_money(a_game(), RED, 5)
    assert refused(state, RED, {"action": "rail", "link": "koeln-essen"}).field == "link"
    with_tile(state, "koeln.1", RED, "cotton_mill")
    links = {m["link"] for m in ENGINE.legal_moves(state, RED) if m["action"] == "rail"}
    assert links == {"frankfurt-koeln", "koeln-essen", "koeln-belgium"}


def test_rail_one_tile_per_link():
    """Auf jede Strecke kann immer nur ein Eisenbahnplättchen gelegt werden."""
    state = with_money(a_game(), RED, 5)
    with_tile(state, "koeln.1", RED, "cotton_mill")
    with_rail(state, "koeln-essen", YELLOW)
    assert "already" in refused(state, RED, {"action": "rail", "link": "koeln-essen"}).reason


def test_rail_twelve_tiles_only():
    """Zwölf Eisenbahnplättchen je Spieler."""
    state = with_money(a_game(), RED, 5)
    with_tile(state, "koeln.1", RED, "cotton_mill")
    state.players[RED].rails_left = 0
    assert "no rail tile" in refused(state, RED, {"action": "rail", "link": "koeln-essen"}).reason


def test_rail_later_link_without_coal_access_refused():
    """Coal and iron must reach one end; without a source or port the link is refused."""
    state = with_money(a_game(), RED, 20)
    with_tile(state, "koeln.1", RED, "cotton_mill")
    with_rail(state, "frankfurt-koeln", RED)
    assert "no coal" in refused(state, RED, {"action": "rail", "link": "koeln-essen"}).reason
    empty_track(state, "iron")
    with_rail(state, "koeln-belgium", YELLOW)
    with_rail(state, "belgium-france", YELLOW)
    state = play(state, RED, {"action": "rail", "link": "koeln-essen"})
    assert state.players[RED].money == 20 - 1 - 1 - 4     # $1 link, $1 track coal, $4 supply iron


def test_settlements_extend_routes():
    """Ansiedlungen: hier kann nicht gebaut werden, aber man kann von dort aus weiterbauen."""
    state = with_money(a_game(), RED, 20)
    with_tile(state, "frankfurt.1", RED, "cotton_mill")
    with_tile(state, "kassel.1", YELLOW, "iron_works", cubes=2)
    with_tile(state, "mannheim.1", YELLOW, "coal_mine", cubes=2)
    with_rail(state, "mannheim-frankfurt", YELLOW)
    state = play(state, RED, {"action": "rail", "link": "frankfurt-fulda"})
    assert {"action": "rail", "link": "fulda-kassel"} in [
        {k: m[k] for k in ("action", "link")} for m in ENGINE.legal_moves(state, RED) if m["action"] == "rail"]
    assert not any(m.get("space", "").startswith("fulda") for m in ENGINE.legal_moves(state, RED))


def test_rail_cubes_to_either_end_by_the_players_choice():
    """AKTION: EISENBAHNSTRECKE BAUEN: "je ein Kohle- und Eisenklötzchen an einen der beiden
    Orte bringen ... Es spielt keine Rolle, an welchen der beiden Orte diese Rohstoffe
    gebracht werden ... Die oben genannten Regeln für Kohle und Eisen gelten auch hierfür
    unverändert": the nearest coal to Köln (Belgium) and the nearest to Essen (Essen's
    own mine) are both allowed; a farther one is not."""
    state = with_money(a_game(), RED, 10)
    with_tile(state, "koeln.1", RED, "iron_works", cubes=2)
    with_tile(state, "belgium.1", YELLOW, "coal_mine", cubes=2)
    with_tile(state, "essen.1", YELLOW, "coal_mine", cubes=2)
    with_tile(state, "france.1", RED, "coal_mine", cubes=2)
    for link in ("frankfurt-koeln", "koeln-belgium", "belgium-france"):
        with_rail(state, link, RED)
    move = {"action": "rail", "link": "koeln-essen"}
    error = refused(state, RED, move)
    assert error.field == "coal_from" and sorted(error.options) == ["belgium.1", "essen.1"]
    assert {m.get("coal_from") for m in ENGINE.legal_moves(state, RED)
            if m["action"] == "rail" and m["link"] == "koeln-essen"} == {"belgium.1", "essen.1"}
    assert refused(state, RED, {**move, "coal_from": "france.1"}).field == "coal_from"
    state = play(state, RED, {**move, "coal_from": "belgium.1"})
    assert state.tiles["belgium.1"]["cubes"] == 1 and state.tiles["essen.1"]["cubes"] == 2
    assert state.tiles["koeln.1"]["cubes"] == 1 and state.players[RED].money == 9
