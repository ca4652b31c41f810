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
    """BEISPIEL: Gelb baut Regensburg-Böhmen: Eisen aus seiner Hütte in Augsburg, Kohle
    von der Bedarfsleiste (Böhmen hat ein Hafensymbol): insgesamt 2 $."""
    state = with_money(a_game(), YELLOW, 5)
    state.turn = 1
    with_tile(state, "augsburg.1", YELLOW, "iron_works", cubes=2)
    with_rail(state, "regensburg-augsburg", YELLOW)
    state = play(state, YELLOW, {"action": "rail", "link": "regensburg-bohemia"})
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
