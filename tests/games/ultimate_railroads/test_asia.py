"""ASIAN RAILROADS (rulebook p.33-35), the route board (`board: asia`): MATERIAL UND
AUFBAU, ASIEN-TABLEAU, BAUSTELLEN-PLÄTTCHEN, WEITERE VORTEILE (BONUSPUNKTE, LOKOMOTIVE
NEHMEN, SILBERNE GLEISE), OSAKA-STRECKENAUSBAU (its HINWEIS and ACHTUNG), the medal's
several fields (ERKLÄRUNG VON KARTEN UND PLÄTTCHEN), ASIENTABLEAU ODER INDUSTRIETABLEAU.
Field numbers other than TOKYO 1 and 6, BEIJING 17 and OSAKA 8 are provisional (data/asia.json)."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.boards import route
from service.games.ultimate_railroads.data import DATA
from service.games.ultimate_railroads.locomotives import lay_places
from service.games.ultimate_railroads.scoring import route_points

from .builders import a_game, act, item, with_decision, with_tracks

ENGINE = GAME.engine


def asia(seats=2, **options):
    return a_game(seats, board="asia", **options)


def kinds(state):
    return [i["kind"] for i in state["pool"]["items"]] if state["pool"] else []


def test_material_und_aufbau_asia_board_construction_tiles_and_the_osaka_idea_tile():
    """① the Asia board, ② 3 construction tiles on the printed extra loco slots,
    ⑤ the Osaka extension and its idea tile; the base game's #2 locos may stay
    (ASIENTABLEAU ODER INDUSTRIETABLEAU: without the industry board)."""
    state = asia()
    player = state["players"][0]
    assert list(player["tracks"]) == ["beijing", "seoul", "tokyo"]
    assert {r: len(s) for r, s in player["locos"].items()} == {"beijing": 3, "seoul": 2, "tokyo": 1}
    assert player["construction"] == {"beijing": 2, "seoul": 1} and player["osaka"] is False
    assert "osaka" in player["ideas"] and "osaka" not in a_game(2)["players"][0]["ideas"]
    assert route(player, "tokyo")["colours"] == ["wood", "green"]
    assert state["stacks"] == a_game(2)["stacks"]


def test_baustellen_plaettchen_block_the_extra_loco_slots():
    """Diese zusätzlichen Lok-Plätze sind zu Beginn wegen Bauarbeiten gesperrt."""
    player = asia()["players"][0]
    assert sorted(lay_places(player, 3)) == [("beijing", 2), ("seoul", 1), ("tokyo", 0)]
    player["construction"]["beijing"] = 1
    assert ("beijing", 1) in lay_places(player, 3) and ("beijing", 0) not in lay_places(player, 3)


def test_baustellen_plaettchen_tokyo_1_forces_removing_one_for_an_industry_step_or_a_coin():
    """Durch das Erreichen bestimmter Felder (z.B. TOKYO 1) ... musst du sofort ein
    Baustellen-Plättchen deiner Wahl entfernen; 1 Industrieschritt oder 1 Münze; the freed
    slot then takes locos without further restriction."""
    state = with_decision(asia(), 0, "loco", direct=True)
    state = act(state, 0, f"lay #{item(state, 'loco')} tokyo 0")
    construction = next(i for i in state["pool"]["items"] if i["kind"] == "construction")
    assert construction["direct"]
    options = [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "construction"]
    assert {(m["route"], m["reward"]) for m in options} == {
        ("beijing", "coin"), ("beijing", "industry"), ("seoul", "coin"), ("seoul", "industry")}
    assert not any(m["action"] == "drop" and m["item"] == construction["id"] for m in ENGINE.legal_moves(state, 0))
    coins = state["players"][0]["coins"]
    state = act(state, 0, f"construction #{construction['id']} seoul coin")
    player = state["players"][0]
    assert player["coins"] == coins + 1 and player["construction"] == {"beijing": 2, "seoul": 0}
    assert ("seoul", 0) in lay_places(player, 5)
    state = with_decision(asia(), 0, "construction", direct=True)
    state = act(state, 0, "construction #0 beijing industry")
    assert kinds(state) == ["industry"] and state["players"][0]["construction"]["beijing"] == 1


def test_baustellen_plaettchen_none_left_nothing_more_to_remove():
    state = asia()
    state["players"][0]["construction"] = {"beijing": 0, "seoul": 0}
    state = with_decision(state, 0, "loco", direct=True)
    state = act(state, 0, f"lay #{item(state, 'loco')} tokyo 0")
    assert "construction" not in kinds(state)


def test_lokomotive_nehmen_gives_the_locomotive_action_no_factory():
    """Erfüllst du die Voraussetzungen für eines dieser Felder, erhältst du die Aktion
    Lokomotivenbau nach den üblichen Regeln (du darfst mit dieser Aktion keine Fabrik bauen)."""
    state = with_tracks(asia(), 0, "beijing", wood=4)
    state = with_decision(state, 0, "track", colours=["wood"], left=1)
    state = act(state, 0, "step #0 beijing")
    assert kinds(state) == ["loco"]
    assert {m["action"] for m in ENGINE.legal_moves(state, 0)} == {"lay", "drop"}


def test_silberne_gleise_from_two_fields_only_the_first_counts():
    """Auf diesem Tableau kannst du die Gleise über zwei verschiedene Felder bekommen ...
    Erreichst du zu einem späteren Zeitpunkt auch das andere Feld, bringt dies keinen Vorteil mehr."""
    state = with_tracks(asia(), 0, "seoul", wood=6)
    state = with_decision(state, 0, "track", colours=["wood"], left=1)
    state = act(state, 0, "step #0 seoul")
    player = state["players"][0]
    assert "silver" in player["unlocked"]
    assert player["tracks"]["beijing"]["silver"] == 0 and player["tracks"]["seoul"]["silver"] == 0
    player["tracks"]["seoul"]["silver"] = 3
    state = with_tracks(state, 0, "beijing", wood=9)
    state = with_decision(state, 0, "track", colours=["wood"], left=1)
    state = act(state, 0, "step #0 beijing")
    player = state["players"][0]
    assert player["unlocked"].count("silver") == 1 and player["tracks"]["seoul"]["silver"] == 3


def test_bonuspunkte_stars_score_at_every_scoring_when_met():
    """BONUSPUNKTE: bei allen folgenden Wertungen die in den Sternen angegebenen Punkte."""
    player = asia()["players"][0]
    player["tracks"]["beijing"]["wood"] = 8
    base = route_points(player, "beijing")
    player["locos"]["beijing"][2] = "8"        # the loco reaches field 8: its star counts
    reached = sum(DATA["track_points"]["base"]["value"]["wood"] for _ in range(8))
    assert base == 1 * 0 + DATA["track_points"]["base"]["value"]["wood"] * 1
    assert route_points(player, "beijing") == reached + 3


def test_osaka_streckenausbau_tracks_stay_only_osakas_fields_count():
    """Wählst du das neue Ideenplättchen ... legst du sofort das Streckenausbau-Plättchen,
    auch wenn du hier schon Holz und Grün gebaut hast; die Gleise setzt du an gleicher
    Stelle wieder ein; die alten Vorteile kannst du nicht mehr erhalten. HINWEIS: the
    benefits of fields 1 and 6 had already are not had again."""
    state = with_tracks(asia(), 0, "tokyo", wood=6, green=2)
    player = state["players"][0]
    player["locos"]["tokyo"][0] = "3"
    player["fired"] += ["tokyo:1", "tokyo:6"]
    state = with_decision(state, 0, "idea")
    state = act(state, 0, "idea #0 osaka")
    player = state["players"][0]
    assert player["osaka"] and player["tracks"]["tokyo"] == {"wood": 6, "green": 2}
    assert route(player, "tokyo")["length"] == 12 and route(player, "tokyo")["name"] == "OSAKA"
    assert kinds(state) == ["loco"]     # OSAKA 4 (passed already) counts; 1 and 6 are not had again
    values = DATA["track_points"]["base"]["value"]
    assert route_points(player, "tokyo") == 2 * values["green"] + values["wood"] + 3     # OSAKA 3's star


def test_osaka_streckenausbau_gold_steps_and_key_twice_from_osaka_8_and_beijing_17():
    """Mit dem Osaka-Streckenausbau kannst du das Gleis sowohl über Feld 8 der Strecke OSAKA
    als auch über Feld 17 der Strecke BEIJING erhalten. Die beiden Gleisschritte und den
    Schlüssel kannst du so 2 Mal erhalten."""
    state = with_tracks(asia(), 0, "tokyo", wood=7)
    state = with_tracks(state, 0, "beijing", wood=16, green=10, bronze=8, silver=6)   # room for gold
    state["players"][0]["osaka"] = True
    state["players"][0]["fired"] += ["tokyo:1", "tokyo:4", "tokyo:6", "tokyo:7", "beijing:5"]
    state = with_decision(state, 0, "track", colours=["wood"], left=1)
    state = act(state, 0, "step #0 tokyo")
    player = state["players"][0]
    assert "gold" in player["unlocked"] and player["keys"] == 1
    assert sorted(kinds(state)) == ["key", "track"]
    state = with_decision(state, 0, "track", colours=["wood"], left=1)
    state = act(state, 0, "step #0 beijing")
    player = state["players"][0]
    assert player["unlocked"].count("gold") == 1 and player["keys"] == 2
    gold = next(i for i in state["pool"]["items"] if i["kind"] == "track")
    assert gold["colours"] == ["gold"] and gold["left"] == 2


def test_osaka_streckenausbau_achtung_the_key_of_beijing_17_retroactively():
    """ACHTUNG: Bist du mit dem Gleis bereits auf oder über Feld 17 der Strecke BEIJING
    gezogen, wenn du den Osaka-Streckenausbau hinlegst, erhältst du den Schlüssel rückwirkend.
    Without OSAKA, BEIJING 17 gives the gold track and its steps, no key."""
    state = with_tracks(asia(), 0, "beijing", wood=16)
    state = with_decision(state, 0, "track", colours=["wood"], left=1)
    state = act(state, 0, "step #0 beijing")
    assert "gold" in state["players"][0]["unlocked"] and state["players"][0]["keys"] == 0
    state = with_decision(state, 0, "idea")
    state = act(state, 0, "idea #0 osaka")
    assert state["players"][0]["keys"] == 1 and "key" in kinds(state)


def test_medaille_on_the_asia_board_one_of_several_fields_once():
    """Beim Asientableau hast du mehrere Felder, auf die du die 20-Punkte Medaille legen
    kannst. Du kannst sie jedoch nur 1 Mal auslegen."""
    state = with_decision(asia(), 0, "idea")
    state = act(state, 0, "idea #0 medal")
    fields = {m["field"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "medal"}
    assert fields == {"beijing:14", "seoul:7"}
    state = act(state, 0, f"medal #{item(state, 'medal_field')} seoul:7")
    player = state["players"][0]
    assert player["medal"] == "seoul:7" and "medal" not in player["ideas"]
    with_tracks(state, 0, "seoul", wood=7, green=7)
    player["locos"]["seoul"][1] = "7"
    with_medal = route_points(player, "seoul")
    player["medal"] = "beijing:14"
    assert with_medal - route_points(player, "seoul") == 20
    with pytest.raises(IllegalMove):
        act(with_decision(asia(), 0, "medal_field"), 0, "medal #0 tokyo:5")


def test_asia_notation_round_trips():
    for text in ("construction #0 beijing coin", "construction #2 seoul industry", "medal #1 beijing:14"):
        assert ENGINE.format(ENGINE.parse(text)) == text
