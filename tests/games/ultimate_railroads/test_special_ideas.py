"""SPEZIAL-IDEEN-MODUL and ZUSÄTZLICHE INGENIEURINNEN (rulebook p.43)."""
from __future__ import annotations

from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.data import ENGINEERS, ordinal

from .builders import a_game, act, item, place, with_decision

ENGINE = GAME.engine


def decision(state, seat, kind, **params):
    """A decision outside anyone's turn (as a start bonus card's): the turn stays."""
    from service.games.ultimate_railroads import pool
    pool.open_pool(state, seat, "start_bonus")
    pool.add(state, kind, False, **params)
    return state


def choose_card(state, seat, card):
    state = decision(state, seat, "special_card")
    return act(state, seat, {"action": "special_card", "item": 0, "card": card})


def test_spezial_ideen_modul_setup_and_the_tile_takes_one_card_for_good():
    """Dazu erhält jede Spieler*in das Spezial-Ideenplättchen; die 5 Spezial-Ideenkarten
    offen; the card chosen is out of the game for the others."""
    state = a_game(3, special_ideas=True)
    assert all("special_idea" in p["ideas"] for p in state["players"])
    assert len(state["special_cards"]) == 5
    state = decision(state, 0, "idea")
    state = act(state, 0, {"action": "idea", "item": 0, "tile": "special_idea"})
    options = {m["card"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "special_card"}
    assert options == set(state["special_cards"])
    state = act(state, 0, {"action": "special_card", "item": item(state, "special_card"), "card": "double_industry"})
    assert "double_industry" not in state["special_cards"] and state["players"][0]["double_industry"]


def test_spezial_idee_industrieschritte_verdoppeln_not_from_idea_tiles():
    """Du darfst ab sofort Industrieschritte verdoppeln (ganz oder teilweise darauf
    verzichten); ACHTUNG: not those from idea tiles or idea cards."""
    state = choose_card(a_game(4, special_ideas=True), 0, "double_industry")
    state["players"][0]["factories"][:2] = ["2", "3"]
    state = act(state, 0, place("industry_1"))
    items = state["pool"]["items"]
    assert [(i["kind"], i["direct"], i["left"]) for i in items] == [("industry", True, 1), ("industry", False, 1)]
    state = act(state, 0, "industry #0", "drop #1")             # the doubled step forgone
    assert state["players"][0]["wrenches"] == [1]
    state = with_decision(a_game(4, special_ideas=True), 1, "idea")
    state["players"][1]["double_industry"] = True
    state = act(state, 1, {"action": "idea", "item": 0, "tile": "second_wrench"})
    assert [i["left"] for i in state["pool"]["items"] if i["kind"] == "industry"] == [2]
    state = with_decision(a_game(4, special_ideas=True), 1, "idea")
    state["players"][1]["double_industry"] = True
    state = act(state, 1, {"action": "idea", "item": 0, "tile": "industry"})
    assert [i["left"] for i in state["pool"]["items"] if i["kind"] == "industry"] == [2]


def test_spezial_idee_ingenieurin_aus_der_schachtel_not_an_ordinal_in_play():
    """Eine der noch in der Schachtel liegenden Ingenieurinnen, keine, deren Ordnungszahl
    sich bereits im Spiel befindet; extra engineers only with that module."""
    state = a_game(4, special_ideas=True, extra_engineers=True)
    dealt = [n for n in state["strip"] if n is not None]
    state = choose_card(state, 0, "engineer_from_box")
    offered = [m["engineer"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "box_engineer"]
    assert offered and not set(offered) & set(dealt)
    assert not {ordinal(n) for n in offered} & {ordinal(n) for n in dealt}
    assert any(n > 100 for n in offered)
    state = act(state, 0, {"action": "box_engineer", "item": item(state, "box_engineer"), "engineer": offered[0]})
    assert state["players"][0]["engineers"] == [offered[0]]
    assert f"engineer:{offered[0]}" in {m["space"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "place"} \
        or ENGINEERS[offered[0]]["workers"] > state["players"][0]["workers"]
    base_only = choose_card(a_game(4, special_ideas=True), 0, "engineer_from_box")
    assert all(m["engineer"] < 100 for m in ENGINE.legal_moves(base_only, 0) if m["action"] == "box_engineer")


def test_spezial_idee_gueterwagen_two_steps_on_its_route_before_each_scoring():
    """Hinter eine Lok im Wert von mindestens 3; jede Runde direkt vor der Wertung 2
    beliebige Gleisschritte auf der Strecke mit dem Güterwagen."""
    state = a_game(2, special_ideas=True)
    state = choose_card(state, 0, "freight_car")
    assert all(m["action"] != "freight_car" for m in ENGINE.legal_moves(state, 0))     # no loco of 3 or more
    state = a_game(2, special_ideas=True)
    state["players"][0]["locos"]["kyiv"][0] = "3"
    state = choose_card(state, 0, "freight_car")
    assert [m["route"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "freight_car"] == ["kyiv"]
    state = act(state, 0, {"action": "freight_car", "item": item(state, "freight_car"), "route": "kyiv"})
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    assert state["phase"] == "relocation" and ENGINE.to_act(state) == [0]
    steps = ENGINE.legal_moves(state, 0)
    assert {m.get("route") for m in steps if m["action"] == "step"} == {"kyiv"}
    state = act(state, 0, "step #0 kyiv", "step #0 kyiv")
    assert state["players"][0]["tracks"]["kyiv"]["wood"] == 3
    assert state["round"] == 2 and state["last_scoring"] is not None


def test_spezial_idee_spezial_fabrik_two_idea_tiles_on_it_lost_when_overbuilt():
    """Wenn du auf die Fabrik ziehst, nutzt du 2 deiner Ideenplättchen und legst sie auf
    die Fabrik; ein weiterer Schraubenschlüssel bekommt nichts; overbuilt, the tiles go
    to the box (they no longer count for the end-game card)."""
    state = choose_card(a_game(4, special_ideas=True), 0, "special_factory")
    state = act(state, 0, {"action": "module_factory", "item": item(state, "module_factory"), "gap": 0})
    player = state["players"][0]
    assert player["factories"][0] == "special"
    player["wrenches"] = [4]
    state = decision(state, 0, "industry", left=1)
    state = act(state, 0, "industry #0")
    ideas = [i for i in state["pool"]["items"] if i["kind"] == "idea"]
    assert len(ideas) == 2
    state = act(state, 0, {"action": "idea", "item": ideas[0]["id"], "tile": "medal"},
                {"action": "idea", "item": ideas[1]["id"], "tile": "revaluation"})
    player = state["players"][0]
    assert player["special_factory_tiles"] == ["medal", "revaluation"]
    assert player["ideas_used"] == ["medal", "revaluation"]
    state = decision(state, 0, "factory")
    state["players"][0]["factories"] = ["special", "2", "3", "4", "5"]
    state = act(state, 0, {"action": "factory", "item": 0, "gap": 0})
    player = state["players"][0]
    assert player["factories"][0] != "special" and "special" not in state["returned"]
    assert player["ideas_used"] == [] and player["ideas_removed"] == ["medal", "revaluation"]


def test_zusaetzliche_ingenieurinnen_never_two_with_the_same_ordinal():
    """Ihr dürft keine zwei Ingenieurinnen mit der gleichen Ordnungszahl auslegen; the
    extras go into their own group (A or B)."""
    extras_seen = set()
    for seed in range(40):
        state = a_game(4, seed=seed, extra_engineers=True)
        dealt = [n for n in state["strip"] if n is not None]
        assert len({ordinal(n) for n in dealt}) == len(dealt) == 7
        assert [ENGINEERS[n]["letter"] for n in dealt] == ["B"] * 4 + ["A"] * 3
        extras_seen |= {n for n in dealt if n > 100}
    assert len(extras_seen) >= 6
    assert all(n < 100 for n in a_game(4, seed=3)["strip"] if n)
