"""GERMAN RAILROADS (rulebook p.24-27): DIE WEICHE AUF DER STRECKE MÜNCHEN, DIE
STRECKENAUSBAUTEN (and its BEISPIEL), DAS SILBERNE GLEIS, EIN ZUSÄTZLICHER
SCHRAUBENSCHLÜSSEL, EINKOMMEN (and its BEISPIEL), SPEZIAL-GLEISPUNKTE-PLÄTTCHEN."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.board import can_step
from service.games.ultimate_railroads.boards import route
from service.games.ultimate_railroads.scoring import track_points

from .builders import a_game, act, item, place

ENGINE = GAME.engine


def decision(state, seat, kind, **params):
    from service.games.ultimate_railroads import pool
    pool.open_pool(state, seat, "start_bonus")
    pool.add(state, kind, False, **params)
    return state


def germany(seats=4, **options):
    return a_game(seats, board="germany", **options)


def test_weiche_auf_der_strecke_muenchen_the_step_onto_field_9_names_the_branch():
    """Sobald du das Gleis auf Feld 9 ziehst, musst du dich entscheiden (HAMBURG or
    BERLIN), for the rest of the game; only HAMBURG has the gold track. BEISPIEL: from
    field 6, 3 steps, the third reaches field 9: you choose Hamburg."""
    state = germany()
    state["players"][0]["tracks"]["muenchen"]["wood"] = 6
    state = decision(state, 0, "track", colours=["wood"], left=3)
    state = act(state, 0, "step #0 muenchen", "step #0 muenchen")
    onto_nine = [m for m in ENGINE.legal_moves(state, 0) if m.get("route") == "muenchen"]
    assert {m.get("branch") for m in onto_nine} == {"hamburg", "berlin"}
    with pytest.raises(IllegalMove):
        act(state, 0, "step #0 muenchen")                  # the branch must be named
    state = act(state, 0, "step #0 muenchen branch hamburg")
    player = state["players"][0]
    assert player["branch"] == "hamburg" and player["tracks"]["muenchen"]["wood"] == 9
    assert route(player, "muenchen")["length"] == 16 and "gold" in route(player, "muenchen")["colours"]
    berlin = germany()["players"][1]
    berlin["branch"] = "berlin"
    assert route(berlin, "muenchen")["length"] == 12 and "gold" not in route(berlin, "muenchen")["colours"]


def test_streckenausbauten_beispiel_field_4_of_nuernberg_fuerth_takes_a_4_extension():
    """BEISPIEL: you reach field 4 of NÜRNBERG-FÜRTH with the wood track, choose one of the
    4-extensions beside the board and lay it; the track stands on its first field and you
    may go on. Until it is laid, no track passes the station."""
    state = germany()
    state["players"][0]["tracks"]["nuernberg_fuerth"]["wood"] = 3
    state = decision(state, 0, "track", colours=["wood"], left=2)
    state = act(state, 0, "step #0 nuernberg_fuerth")
    player = state["players"][0]
    assert not can_step(player, "nuernberg_fuerth", "wood")
    extension = [i for i in state["pool"]["items"] if i["kind"] == "extension"][0]
    assert extension["direct"] and extension["size"] == 4
    offered = {m["tile"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "extension"}
    assert offered == {"e4a", "e4b", "e4c", "e4d", "e4e", "e4f"}
    state = act(state, 0, {"action": "extension", "item": extension["id"], "tile": "e4e"})
    player = state["players"][0]
    assert player["extensions"] == {"nuernberg_fuerth:4": "e4e"} and "e4e" not in state["extensions"]
    assert {"field": 4, "type": "bonus_star", "points": 5, "track": "wood", "locomotive": True, "at": 1} in \
        route(player, "nuernberg_fuerth")["specials"]
    state = act(state, 0, "step #0 nuernberg_fuerth")
    assert state["players"][0]["tracks"]["nuernberg_fuerth"]["wood"] == 5


def test_das_silberne_gleis_on_all_three_routes_but_only_two_tracks():
    """Alle 3 Strecken zeigen das silberne Gleis, du hast nur 2 silberne Gleise."""
    state = germany()
    player = state["players"][0]
    player["unlocked"] += ["green", "bronze", "silver"]
    for route_id, tracks in player["tracks"].items():
        tracks.update(wood=8, green=6, bronze=4, silver=0)
    assert all(can_step(player, r, "silver") for r in player["tracks"])
    player["tracks"]["dresden"]["silver"] = 1
    player["tracks"]["muenchen"]["silver"] = 2
    assert not can_step(player, "nuernberg_fuerth", "silver")
    assert can_step(player, "dresden", "silver")


def test_ein_zusaetzlicher_schraubenschluessel_up_to_three_with_the_idea_tile():
    """The field puts another wrench on the strip's start field; the 2nd-wrench idea tile
    still works: up to 3 (the purple one)."""
    state = germany()
    player = state["players"][0]
    player["tracks"]["dresden"].update(wood=10)
    player["locos"]["dresden"][0] = "10a"
    player["extensions"]["dresden:5"] = "e3f"
    player["fired"] += ["dresden:station:5", "dresden:3", "dresden:6"]
    from service.games.ultimate_railroads.special_fields import fire
    state = decision(state, 0, "idea")
    fire(state, 0)
    assert player["wrenches"] == [0, 0]
    state = act(state, 0, {"action": "idea", "item": 0, "tile": "second_wrench"})
    assert state["players"][0]["wrenches"] == [0, 0, 0]
    russia = a_game(4)
    russia["players"][0]["wrenches"] = [3, 0]
    russia = decision(russia, 0, "idea")
    russia = act(russia, 0, {"action": "idea", "item": 0, "tile": "second_wrench"})
    assert russia["players"][0]["wrenches"] == [3, 0]


def test_einkommen_beispiel_once_a_round_in_your_turn_before_or_after_your_action():
    """Take one of the income tiles left; use each once a round in your turn, before or
    after your action (also just before passing), then turn it over; not once passed; all
    turned back after the scoring. BEISPIEL: a wood and a green step."""
    state = germany(2)
    state["players"][0]["unlocked"].append("green")
    state["players"][0]["tracks"]["dresden"].update(wood=3, green=0)
    state = decision(state, 0, "income_tile")
    state = act(state, 0, {"action": "income_tile", "item": 0, "tile": "income_wood_green"})
    assert "income_wood_green" not in state["income_tiles"]
    assert {"action": "income", "use": "income_wood_green"} in ENGINE.legal_moves(state, 0)
    state = act(state, 0, {"action": "income", "use": "income_wood_green"})
    assert [(i["kind"], i["colours"]) for i in state["pool"]["items"]] == [("track", ["wood"]), ("track", ["green"])]
    state = act(state, 0, "step #0 dresden", "step #1 dresden")
    assert state["players"][0]["tracks"]["dresden"] == {"wood": 4, "green": 1, "bronze": None, "silver": None}
    assert ENGINE.to_act(state) == [0]                                  # still your turn
    assert {"action": "income", "use": "income_wood_green"} not in ENGINE.legal_moves(state, 0)
    state = act(state, 0, place("coins"))
    state = act(state, 1, "pass")
    state = act(state, 0, "pass")
    assert state["round"] == 2 and state["players"][0]["income_used"] == []


def test_spezial_gleispunkte_plaettchen_and_its_sonderfall():
    """The card replaces your track-points tile; SONDERFALL: then the revaluation idea tile
    may not be chosen, and once revalued the card may not be taken."""
    state = germany()
    assert "special_track_points" in state["idea_cards"]
    state = decision(state, 0, "idea_card")
    state = act(state, 0, {"action": "idea_card", "item": 0, "card": "special_track_points"})
    player = state["players"][0]
    assert track_points(player)["wood"] == 1
    state = decision(state, 0, "idea")
    assert "revaluation" not in {m["tile"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "idea"}
    other = germany()
    other["players"][1]["revalued"] = True
    other = decision(other, 1, "idea_card")
    assert "special_track_points" not in {m["card"] for m in ENGINE.legal_moves(other, 1) if m["action"] == "idea_card"}
    assert "special_track_points" not in a_game(4)["idea_cards"]


def test_einkommen_auch_vor_dem_passen_even_a_seat_that_can_only_pass():
    """EINKOMMEN: "Du darfst Einkommensplättchen nutzen bevor oder nachdem du eine Aktion
    (auch vor dem Passen) machst." Unlike coal, an income tile is offered to a seat with no
    worker and no coin left, and the pass may follow it in the same turn."""
    state = germany(2)
    player = state["players"][0]
    player.update(income=["income_wood_green"], placed=player["workers"], coins=0, temps=0, wooden=False)
    assert ENGINE.legal_moves(state, 0) == [{"action": "income", "use": "income_wood_green"}, {"action": "pass"}]
    wood = state["players"][0]["tracks"]["dresden"]["wood"]
    state = act(state, 0, {"action": "income", "use": "income_wood_green"})
    state = act(state, 0, "step #0 dresden")                 # (green not yet unlocked: no step)
    assert state["players"][0]["tracks"]["dresden"]["wood"] == wood + 1
    assert ENGINE.legal_moves(state, 0) == [{"action": "pass"}]
    state = act(state, 0, "pass")
    assert state["players"][0]["passed"] and state["players"][0]["income_used"] == ["income_wood_green"]


def test_einkommen_keine_wenn_du_einen_arbeiter_von_der_reihenfolgeleiste_versetzt():
    """EINKOMMEN: "Du darfst keine Einkommensplättchen nutzen, wenn du schon gepasst hast
    oder wenn du einen Arbeiter von der Reihenfolgeleiste versetzt": not offered then, and
    refused naming the rule."""
    state = germany(2)
    state["players"][0]["income"] = ["income_wood_green"]
    state.update(phase="relocation", relocation_queue=[0], claims={"1": 0})
    assert not [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "income"]
    with pytest.raises(IllegalMove) as refused:
        act(state, 0, {"action": "income", "use": "income_wood_green"})
    assert "EINKOMMEN" in refused.value.rule and "Reihenfolgeleiste" in refused.value.rule
    state = act(germany(2), 0, "pass")                      # once passed: no turn of yours, no tile
    state["players"][0]["income"] = ["income_wood_green"]
    assert ENGINE.to_act(state) == [1] and ENGINE.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove):
        act(state, 0, {"action": "income", "use": "income_wood_green"})
