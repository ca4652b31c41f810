"""AKTION: INDUSTRIE BAUEN: cards, spaces, places, the display, overbuilding."""
from __future__ import annotations

from service.games.age_of_industry.data import LEVELS
from tests.games.age_of_industry.builders import (ENGINE, a_game, build, play, refused, with_hand,
                                                  with_money, with_rail, with_tile)


def rich(state, seat=0, *cards):
    return with_money(with_hand(state, seat, *cards), seat, 50)


def test_industry_card_with_own_rail_link_to_the_place():
    """BEISPIEL: Rot könnte in Kassel bauen, da eine seiner Eisenbahnstrecken dorthin führt."""
    state = rich(a_game(), 0, "cotton_mill")
    with_tile(state, "hannover.1", 0, "iron_works")
    assert refused(state, 0, build("kassel.1", "cotton_mill", "cotton_mill")).field == "card"
    with_rail(state, "hannover-kassel", 0)
    assert play(state, 0, build("kassel.1", "cotton_mill", "cotton_mill")).tiles["kassel.1"]["owner"] == 0


def test_industry_card_own_tile_in_place_of_four_spaces():
    """Eigene Industrie an einem Ort mit vier Feldern (oder mehr) erlaubt eine zweite."""
    state = rich(a_game(), 0, "cotton_mill", "iron_works")
    with_tile(state, "berlin.1", 0, "iron_works")
    assert play(state, 0, build("berlin.2", "cotton_mill", "cotton_mill")).tiles["berlin.2"]
    with_tile(state, "magdeburg.1", 0, "coal_mine", cubes=0)
    assert refused(state, 0, build("magdeburg.2", "iron_works", "iron_works"))


def test_industry_card_anywhere_without_tiles_on_the_board():
    """Falls ein Spieler keine Industrieplättchen auf dem Plan hat, kann er überall bauen."""
    state = rich(a_game(), 0, "cotton_mill")
    assert play(state, 0, build("muenchen.1", "cotton_mill", "cotton_mill")).tiles["muenchen.1"]


def test_industry_card_builds_only_its_industry():
    """Wer eine Karte Baumwollspinnerei spielt, kann nur eine Baumwollspinnerei bauen."""
    state = rich(a_game(), 0, "cotton_mill")
    assert refused(state, 0, build("muenchen.1", "iron_works", "cotton_mill")).field == "card"


def test_location_card_any_place_of_its_colour():
    """Ortskarte: an jedem Ort gleicher Farbe, ohne Verbindung."""
    state = rich(a_game(), 0, "brown")
    with_tile(state, "kiel.1", 0, "port")
    assert play(state, 0, build("regensburg.1", "cotton_mill", "brown")).tiles["regensburg.1"]
    assert refused(state, 0, build("koeln.1", "cotton_mill", "brown")).field == "card"


def test_space_symbols():
    """Leeres Feld: Spinnerei, Konsumgüter, Eisenhütte; Lore: Zeche; Anker: Hafen."""
    state = rich(a_game(), 0, "cotton_mill", "coal_mine", "port", "light_green", "grey")
    assert refused(state, 0, build("belgium.1", "cotton_mill", "cotton_mill")).field == "space"
    assert refused(state, 0, build("koeln.1", "coal_mine", "coal_mine")).field == "space"
    assert refused(state, 0, build("kiel.1", "cotton_mill", "light_green")).field == "space"
    assert play(state, 0, build("belgium.1", "coal_mine", "grey")).tiles["belgium.1"]["industry"] == "coal_mine"


def test_one_tile_per_player_in_places_of_one_to_three_spaces():
    """BEISPIEL: Rot hätte nicht in München bauen können, er besitzt dort bereits eine."""
    state = rich(a_game(), 0, "brown")
    with_tile(state, "muenchen.1", 0, "cotton_mill")
    assert "one tile" in refused(state, 0, build("muenchen.2", "iron_works", "brown")).reason


def test_two_tiles_per_player_in_places_of_four_spaces():
    """An einem Ort mit vier Feldern darf ein Spieler bis zu zwei Plättchen besitzen, niemals mehr."""
    state = rich(a_game(), 0, "blue")
    with_tile(state, "berlin.1", 0, "cotton_mill")
    state = play(state, 0, build("berlin.2", "iron_works", "blue"))
    state.players[0].hand.append("blue")
    assert "two" in refused(state, 0, build("berlin.3", "cotton_mill", "blue")).reason


def test_lowest_tech_level_first():
    """Es muss immer das Plättchen mit der niedrigsten Technologiestufe gebaut werden."""
    state = rich(a_game(), 0, "cotton_mill")
    state = play(state, 0, build("koeln.1", "cotton_mill", "cotton_mill"))
    assert state.tiles["koeln.1"]["level"] == 1
    assert state.players[0].display["cotton_mill"][0] == 1 and state.players[0].money == 46


def test_level_zero_tiles_never_built():
    """Konsumgüterfabriken Stufe null können nie gebaut werden."""
    state = rich(a_game(), 0, "manufactured_goods")
    assert "level-0" in refused(state, 0, build("koeln.1", "manufactured_goods", "manufactured_goods")).reason


def test_build_costs_money_counted_as_spent():
    """Die Baukosten stehen auf der Spielertafel; das Geld kommt auf die Reihenfolgeleiste."""
    state = with_hand(a_game(), 0, "cotton_mill")
    assert "costs $4" in refused(state, 0, build("koeln.1", "cotton_mill", "cotton_mill")).reason
    state = play(with_money(state, 0, 4), 0, build("koeln.1", "cotton_mill", "cotton_mill"))
    assert state.players[0].money == 0 and state.players[0].spent == LEVELS["cotton_mill"][1].cost


def test_overbuild_own_tile_with_higher_level_any_industry():
    """Eigene Plättchen mit höherer Stufe überbauen, auch eine andere Industrieart."""
    state = rich(a_game(), 0, "iron_works")
    with_tile(state, "koeln.1", 0, "cotton_mill", level=1)
    with_tile(state, "koeln.4", 1, "coal_mine", cubes=2)
    state.players[0].display["iron_works"] = [2, 3]
    state = play(state, 0, build("koeln.1", "iron_works", "iron_works"))
    assert state.tiles["koeln.1"]["industry"] == "iron_works" and state.tiles["koeln.1"]["level"] == 2


def test_overbuild_needs_a_higher_level():
    state = rich(a_game(), 0, "cotton_mill")
    with_tile(state, "koeln.1", 0, "cotton_mill", level=2)
    assert "higher level" in refused(state, 0, build("koeln.1", "cotton_mill", "cotton_mill")).reason


def test_overbuild_others_mine_only_without_coal_anywhere():
    """Fremde Zeche nur überbauen, falls es weder auf dem Plan noch auf der Bedarfsleiste Kohle gibt."""
    state = rich(a_game(), 0, "coal_mine")
    with_tile(state, "belgium.1", 1, "coal_mine", level=1, flipped=True)
    with_tile(state, "koeln.1", 0, "iron_works", cubes=2)
    with_rail(state, "koeln-belgium", 0)
    state.players[0].display["coal_mine"] = [2, 3]
    assert "no coal" in refused(state, 0, build("belgium.1", "coal_mine", "coal_mine")).reason
    state.supply["coal"] += state.track["coal"]
    state.track["coal"] = 0
    state = play(state, 0, build("belgium.1", "coal_mine", "coal_mine"))
    assert state.tiles["belgium.1"]["owner"] == 0


def test_overbuild_others_other_tiles_never():
    """Andere Plättchen fremder Spieler können nicht überbaut werden."""
    state = rich(a_game(), 0, "grey")
    with_tile(state, "koeln.1", 1, "cotton_mill", level=1)
    assert refused(state, 0, build("koeln.1", "iron_works", "grey")).field == "space"


def test_new_mine_cubes_on_its_tile():
    """BEISPIEL: Zeche Stufe eins: drei Kohleklötzchen darauf."""
    state = play(rich(a_game(), 0, "coal_mine"), 0, build("belgium.1", "coal_mine", "coal_mine"))
    assert state.tiles["belgium.1"]["cubes"] == 3


def test_germany_ship_cards_only_pay_for_develop_or_pass():
    """Auf dem Deutschlandplan können Schiffskarten nur abgeworfen werden (Entwicklung, Passen)."""
    state = rich(a_game(), 0, "ship")
    assert "ship cards" in refused(state, 0, build("koeln.1", "cotton_mill", "ship", combined=True)).reason
    assert {m["action"] for m in ENGINE.legal_moves(state, 0)} >= {"develop", "pass"}
    assert not any(m["action"] == "build" for m in ENGINE.legal_moves(state, 0))


def test_koeln_example_blank_spaces_take_three_industries():
    """BEISPIEL: Auf diesen beiden Feldern in Köln könnte jede der drei Industrien gebaut werden."""
    state = rich(a_game(), 0, "grey")
    state.players[0].display["manufactured_goods"] = [3, 3]
    built = {(m["space"], m["industry"]) for m in ENGINE.legal_moves(state, 0)
             if m["action"] == "build" and m["space"] in ("koeln.1", "koeln.2")}
    assert built >= {(s, i) for s in ("koeln.1", "koeln.2") for i in ("cotton_mill", "iron_works")}
    with_tile(state, "koeln.4", 1, "coal_mine", cubes=1)     # goods need coal and iron
    with_tile(state, "koeln.3", 1, "iron_works", cubes=1)
    built = {(m["space"], m["industry"]) for m in ENGINE.legal_moves(state, 0) if m["action"] == "build"}
    assert {("koeln.1", "manufactured_goods"), ("koeln.2", "manufactured_goods")} <= built
