"""ASIAN RAILROADS, INDUSTRIETABLEAU (rulebook p.35-37; option `industry_board`): AUFBAU,
WAS MUSS ICH BEIM BAU EINER FABRIK BEACHTEN? (and its BEISPIEL), WAS PASSIERT, WENN ICH EINE
FABRIK BAUE? (its ACHTUNG and both BEISPIELE), SCHRAUBENSCHLÜSSEL AUF EINE FABRIK BEWEGEN,
IDEENPLÄTTCHEN ODER SCHLÜSSEL, DIE WARTUNGSWAGEN (EINEN AKTIVEN WARTUNGSWAGEN EINSETZEN and
its BEISPIEL, ... IN DER WERKSTATT ERNEUT EINSETZEN), IDEENKARTE MIT 3 LILA WARTUNGSWAGEN, and
KOMBINATIONEN UND SONDERFÄLLE with it. The layout and printed factories are provisional
(data/industry_board.json): the tests name spots by index, not by printed values."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.coal import stoker_places
from service.games.ultimate_railroads.data import ENGINEERS, factory_effect
from service.games.ultimate_railroads.industry import room
from service.games.ultimate_railroads.industry_board import (
    buildable,
    mirror,
    open_spots,
)
from service.games.ultimate_railroads.modules import engineer_box
from service.games.ultimate_railroads.scoring import end_card_points

from .builders import a_game, act, item, place, with_decision

ENGINE = GAME.engine


def board_game(seats=2, **options):
    return a_game(seats, industry_board=True, **options)


def kinds(state):
    return [i["kind"] for i in state["pool"]["items"]] if state["pool"] else []


def built(state, *stacks):
    state["industry_board"]["spots"] = [list(s) for s in stacks]
    mirror(state)
    return state


PRINTED = ["printed_1", "printed_2", "printed_3", "printed_4", "printed_5"]


def test_aufbau_one_shared_board_cars_purple_card_and_the_side_by_player_count():
    """4: keine Industrieleisten, das Industrietableau (side by player count), each wrench on
    the start field; 3: 3 maintenance cars each; 6: the idea card with the purple cars."""
    state = board_game(2)
    assert state["industry_board"]["spots"] == [[p] for p in PRINTED]
    player = state["players"][0]
    assert player["cars"] == {"supply": 3, "workshop": []} and player["wrenches"] == [0]
    assert player["lane"] == "small" and board_game(3)["players"][0]["lane"] == "large"
    assert "purple_cars" in state["idea_cards"] and "purple_cars" not in a_game(2)["idea_cards"]


def test_industrietableau_printed_factories_cannot_be_entered():
    """Eingezeichnete Fabriken können nie betreten werden. Sie müssen zuerst überbaut werden,
    weshalb du manchmal stehenbleiben musst."""
    state = board_game()
    player = state["players"][0]
    assert room(player) == 3                   # fields 1-3, then the printed factory of spot 0
    built(state, ["printed_1", "4"], *[[p] for p in PRINTED[1:]])
    assert room(state["players"][0]) == 7      # on to spot 1's printed factory


def test_bau_einer_fabrik_beispiel_the_next_level_only_when_every_spot_has_one_more():
    """Du darfst also nur eine dritte Fabrik auf einen der Stapel legen, wenn an allen Plätzen
    bereits 2 Fabriken liegen."""
    state = built(board_game(), ["printed_1", "4"], ["printed_2", "4"], ["printed_3"], ["printed_4", "6"],
                  ["printed_5"])
    assert open_spots(state) == [2, 4]
    built(state, *[[p, "4"] for p in PRINTED])
    assert open_spots(state) == [0, 1, 2, 3, 4]


def test_fabrik_bauen_gives_the_covered_action_directly_and_a_maintenance_car():
    """1: the action of the factory you overbuild, also a printed one; 2: place one of your
    cars lying beside a factory of your choice (also one not built over yet)."""
    state = with_decision(board_game(), 0, "factory", direct=True)
    spots = {m.get("gap") for m in ENGINE.legal_moves(state, 0) if m["action"] == "factory"}
    assert spots == {0, 1, 2, 3, 4}
    coins = state["players"][0]["coins"]
    state = act(state, 0, {"action": "factory", "item": 0, "gap": 1})       # printed_2: 1 coin
    assert state["industry_board"]["spots"][1] == ["printed_2", "2a"]      # the alternative #2
    assert state["players"][0]["coins"] == coins + 1
    assert state["players"][1]["factories"][1] == "2a"                     # shared: every wrench's way
    car = item(state, "car")
    assert {m["spot"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "car"} == {0, 1, 2, 3, 4}
    state = act(state, 0, f"car #{car} 3")
    assert state["industry_board"]["cars"][3] == [{"seat": 0, "kind": "own", "active": False}]
    assert state["players"][0]["cars"]["supply"] == 2


def test_fabrik_bauen_achtung_only_where_the_covered_action_can_be_done_completely():
    """ACHTUNG/BEISPIEL: 1 wood, 1 green, 1 bronze step: without green tracks you may not
    build over that factory (here: a factory with a green step)."""
    state = built(board_game(), ["printed_1", "3"], ["printed_2", "3"], ["printed_3"], ["printed_4", "3"],
                  ["printed_5", "3"])
    assert buildable(state, 0) == [2]
    state = built(state, *[[p, "3"] for p in PRINTED])
    assert buildable(state, 0) == []
    state["players"][0]["unlocked"].append("green")
    state["players"][0]["tracks"]["transsib"].update(wood=3, green=0)
    assert buildable(state, 0) == [0, 1, 2, 3, 4]


def test_fabrik_bauen_beispiel_an_idea_tile_you_cannot_take_does_not_forbid_it():
    """BEISPIEL: 2 steps of your choice unlock an idea tile, but you have used them all:
    you may still build over the factory."""
    state = board_game()
    player = state["players"][0]
    player["tracks"]["petersburg"]["wood"] = 3             # field 4: an idea tile (with a loco)
    player["locos"]["petersburg"][0] = "5"
    player["ideas"] = []
    state = built(state, ["printed_1", "4"], ["printed_2", "4"], ["printed_3"], ["printed_4", "4"],
                  ["printed_5", "4"])                       # spot 2: printed_3, 2 steps of any colour
    assert buildable(state, 0) == [2]
    state = with_decision(state, 0, "factory", direct=True)
    state = act(state, 0, {"action": "factory", "item": 0}, "step #1 petersburg")
    assert "idea" not in kinds(state) and state["industry_board"]["spots"][2][-1] == "2a"


def test_wartungswagen_moved_when_none_left_and_none_when_all_are_in_the_workshop():
    """... platzieren oder umsetzen (falls du keine mehr vor dir liegen hast); 1 car of your
    colour per factory; befinden sich alle deine Wartungswagen auf dem Werkstattfeld,
    entfällt diese Aktion."""
    state = board_game()
    board = state["industry_board"]
    board["cars"][0] = [{"seat": 0, "kind": "own", "active": True}]
    board["cars"][1] = [{"seat": 0, "kind": "own", "active": False}]
    board["cars"][2] = [{"seat": 0, "kind": "own", "active": False}]
    state["players"][0]["cars"]["supply"] = 0
    state = with_decision(state, 0, "car", source="build")
    moves = {(m["from"], m["spot"]) for m in ENGINE.legal_moves(state, 0) if m["action"] == "car"}
    assert moves == {(f, s) for f in (0, 1, 2) for s in (3, 4)}
    state = act(state, 0, "car #0 4 from 0")
    assert board_cars(state, 0) == [] and board_cars(state, 4) == [{"seat": 0, "kind": "own", "active": False}]
    state = board_game()
    state["players"][0]["cars"] = {"supply": 0, "workshop": ["own"] * 3}
    state = with_decision(state, 0, "factory", direct=True)
    state = act(state, 0, {"action": "factory", "item": 0, "gap": 1})
    assert "car" not in kinds(state)


def board_cars(state, spot):
    return state["industry_board"]["cars"][spot]


def test_schraubenschluessel_auf_eine_fabrik_activates_every_inactive_car_there():
    """Wie im Grundspiel die Aktion der Fabrik; alle inaktiven Wartungswagen dort werden
    aktiviert. HINWEIS: also when another player's wrench arrives."""
    state = built(board_game(), ["printed_1", "4"], *[[p] for p in PRINTED[1:]])
    state["industry_board"]["cars"][0] = [{"seat": 0, "kind": "own", "active": False},
                                          {"seat": 1, "kind": "purple", "active": False}]
    state["players"][1]["wrenches"] = [3]
    state = with_decision(state, 1, "industry", left=1)
    score = state["players"][1]["score"]
    state = act(state, 1, "industry #0")
    assert all(c["active"] for c in board_cars(state, 0))
    assert state["players"][1]["score"] == score + factory_effect("4")["points"]     # its action
    assert state["players"][1]["wrenches"] == [4]


def test_einen_aktiven_wartungswagen_einsetzen_beispiel():
    """BEISPIEL: instead of a worker, your standing car: 2 steps of any colour; then it goes
    to the workshop. Red's car there stays as it is. HINWEIS: a lying car cannot be used."""
    state = board_game()
    state["industry_board"]["cars"][2] = [{"seat": 0, "kind": "own", "active": True},
                                          {"seat": 1, "kind": "own", "active": True}]
    state["industry_board"]["cars"][4] = [{"seat": 0, "kind": "own", "active": False}]
    uses = [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "maintenance"]
    assert uses == [{"action": "maintenance", "spot": 2, "car": "own"}]
    with pytest.raises(IllegalMove):
        act(state, 0, "maintenance 4 own")
    state = act(state, 0, "maintenance 2 own")
    track = next(i for i in state["pool"]["items"] if i["kind"] == "track")
    assert track["colours"] == "any" and track["left"] == 2
    assert board_cars(state, 2) == [{"seat": 1, "kind": "own", "active": True}]
    assert state["players"][0]["cars"]["workshop"] == ["own"] and state["players"][0]["placed"] == 0


def test_einen_wartungswagen_in_der_werkstatt_erneut_einsetzen_with_a_key():
    """Mit dem Industrietableau eine weitere Aktion für einen Schlüssel: a car from the
    workshop placed again (inactive as usual); also a purple one."""
    state = board_game()
    assert {m["choice"] for m in ENGINE.legal_moves(with_decision(board_game(), 0, "key"), 0)
            if m["action"] == "key"} == {"steps", "points"}
    state["players"][0]["cars"]["workshop"] = ["own", "purple"]
    state = with_decision(state, 0, "key")
    state = act(state, 0, "key #0 car")
    assert {(m.get("car"), m["spot"]) for m in ENGINE.legal_moves(state, 0) if m["action"] == "car"} == {
        (k, s) for k in ("own", "purple") for s in range(5)}
    state = act(state, 0, f"car #{item(state, 'car')} 1 purple")
    assert board_cars(state, 1) == [{"seat": 0, "kind": "purple", "active": False}]
    assert state["players"][0]["cars"]["workshop"] == ["own"]


def test_ideenkarte_mit_3_lila_wartungswagen():
    """3 more cars and 1 coin; at once (inactive) on different spots; also beside your own
    car; only one purple car per factory."""
    state = board_game()
    state["industry_board"]["cars"][0] = [{"seat": 0, "kind": "own", "active": False}]
    coins = state["players"][0]["coins"]
    state = with_decision(state, 0, "idea_card")
    state = act(state, 0, "idea_card #0 purple_cars")
    assert state["players"][0]["coins"] == coins + 1
    car = item(state, "car")
    assert not any(m["action"] == "drop" for m in ENGINE.legal_moves(state, 0))
    state = act(state, 0, f"car #{car} 0", f"car #{car} 2")
    assert {m["spot"] for m in ENGINE.legal_moves(state, 0) if m["action"] == "car"} == {1, 3, 4}
    state = act(state, 0, f"car #{car} 4")
    purple = [s for s in range(5) for c in board_cars(state, s) if c["kind"] == "purple"]
    assert purple == [0, 2, 4] and state["pool"] is None


def test_ideenplaettchen_oder_schluessel_first_wrench_an_idea_the_next_a_key():
    """Erreichst du dieses Feld, ein Ideenplättchen (1 pro Spieler*in); mit deinem zweiten
    Schraubenschlüssel musst du einen Schlüssel nutzen."""
    state = built(board_game(), *[[p, "4"] for p in PRINTED])
    player = state["players"][0]
    player["wrenches"] = [10, 10]
    state = with_decision(state, 0, "industry", left=2)
    state = act(state, 0, "industry #0 wrench 0")
    assert "idea" in kinds(state) and state["players"][0]["keys"] == 0
    state = act(state, 0, "industry #0 wrench 1")
    assert state["players"][0]["keys"] == 1 and "key" in kinds(state)


def test_kombinationen_industrietableau_kohle_no_stokers_on_factories():
    """INDUSTRIETABLEAU + KOHLE-MODUL: Du darfst die Heizer nicht an die Fabriken anbauen."""
    state = built(board_game(coal=True), *[[p, "4"] for p in PRINTED])
    assert not any(p.startswith("factory:") for p in stoker_places(state["players"][0]))
    plain = a_game(2, coal=True)["players"][0]
    plain["factories"][0] = "4"
    assert "factory:0" in stoker_places(plain)


def test_kombinationen_industrietableau_kohle_the_coal_factory_is_open_to_all():
    """Wenn die Kohle-Fabrik ausliegt, steht das Aktionsfeld allen Spieler*innen zur Verfügung:
    laid on the shared board, every wrench may use it."""
    state = with_decision(board_game(coal=True), 0, "module_factory", direct=True, factory="coal")
    state = act(state, 0, {"action": "module_factory", "item": 0, "gap": 0})
    assert state["industry_board"]["spots"][0][-1] == "coal"
    assert state["players"][1]["factories"][0] == "coal"


def test_kombinationen_industrietableau_spezial_ideen_no_special_factory_card():
    """Ihr dürft die Ideenkarte mit der Spezial-Fabrik nicht verwenden."""
    assert "special_factory" in a_game(2, special_ideas=True)["special_cards"]
    assert "special_factory" not in board_game(special_ideas=True)["special_cards"]


def test_kombinationen_the_use_a_factory_engineer_is_not_played_with_the_industry_board():
    """Diese Ingenieurin dürft ihr nicht in Kombination mit dem Industrietableau spielen."""
    banned = {n for n, e in ENGINEERS.items() if e["effect"]["type"] == "use_factory"}
    assert banned and banned <= set(engineer_box({"extra_engineers": True}))
    assert not banned & set(engineer_box({"extra_engineers": True, "industry_board": True}))


def test_kombinationen_per_factory_end_card_scores_nothing_with_the_industry_board():
    """Im Spiel mit dem Industrietableau bekommst du für diese Karte keine Punkte."""
    from service.games.ultimate_railroads.data import END_CARDS
    card = next(c for c, e in END_CARDS.items() if e["scoring"]["type"] == "per_factory")
    state = built(board_game(), *[[p, "4"] for p in PRINTED])
    assert end_card_points(state["players"][0], card) == 0
    plain = a_game(2)["players"][0]
    plain["factories"][:2] = ["4", "5"]
    assert end_card_points(plain, card) > 0


def test_kombinationen_emil_builds_a_factory_on_the_first_spot_he_may():
    """EMIL + INDUSTRIETABLEAU: on a loco or factory space he always builds a factory, on
    the first possible spot in the wrenches' direction; no maintenance cars."""
    from service.games.ultimate_railroads.emil import take_tile
    state = built(board_game(1, emil=True), ["printed_1", "4"], ["printed_2"], ["printed_3"],
                  ["printed_4"], ["printed_5"])
    events = take_tile(state)
    assert events[0]["type"] == "emil_builds" and events[0]["gap"] == 1
    assert state["emil"]["tiles"] == [] and all(not cars for cars in state["industry_board"]["cars"])


def test_industry_board_notation_round_trips():
    for text in ("car #0 2", "car #1 3 purple", "car #2 4 from 1", "maintenance 2 own", "key #0 car"):
        assert ENGINE.format(ENGINE.parse(text)) == text


def test_trying_a_factory_out_changes_no_other_seats_board():
    """The completion search builds on copies that share the other seats' boards: the
    shared spots mirrored into their `factories` are replaced there, never changed."""
    from service.games.ultimate_railroads import pool
    state = with_decision(board_game(), 0, "factory", direct=True)
    pool.add(state, "track", True, colours=["wood"], left=2)
    before = [list(p["factories"]) for p in state["players"]]
    moves = ENGINE.legal_moves(state, 0)
    assert any(m["action"] == "factory" for m in moves)
    assert [p["factories"] for p in state["players"]] == before == [[None] * 5, [None] * 5]


def test_wartungswagen_hinweis_not_in_the_same_turn_you_woke_it_yourself():
    """DIE WARTUNGSWAGEN, HINWEIS: "Somit kannst du einen Wartungswagen nicht im selben Zug
    einsetzen, in dem du ihn selbst aktiviert hast." Coal before your action (a foundry's
    industry steps) moves your wrench onto the factory where your car lies: it stands up
    but is not your regular action this turn; from your next turn on it is."""
    state = built(board_game(coal=True), ["printed_1", "4"], *[[p] for p in PRINTED[1:]])
    state["industry_board"]["cars"][0] = [{"seat": 0, "kind": "own", "active": False}]
    state["players"][0].update(wrenches=[2], coal=2, foundries=["industry_2"])
    state = act(state, 0, {"action": "coal", "use": "industry_2"})
    while "industry" in kinds(state):
        state = act(state, 0, f"industry #{item(state, 'industry')}")
    state = act(state, 0, f"drop #{item(state, 'close_foundry')}")
    assert state["players"][0]["wrenches"] == [4] and board_cars(state, 0)[0]["active"]
    assert not [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "maintenance"]
    with pytest.raises(IllegalMove):
        act(state, 0, "maintenance 0 own")
    state = act(state, 0, place("coal_coal"))
    while state["pool"] and state["pool"]["seat"] == 0:
        state = act(state, 0, f"drop #{state['pool']['items'][0]['id']}")
    state = act(state, 1, "pass")
    assert ENGINE.to_act(state) == [0]
    assert {"action": "maintenance", "spot": 0, "car": "own"} in ENGINE.legal_moves(state, 0)
