"""KOHLE-MODUL (rulebook p.38-41): MATERIAL UND AUFBAU, WIE BEKOMME ICH KOHLE?, WIE KANN
ICH MEINE KOHLE NUTZEN?, DER HEIZER, DIE GIESSEREIEN, GIESSEREIEN SCHLIESSEN, DIE
KOHLE-FABRIK, ÄNDERUNGEN FÜR 2/3 SPIELER*INNEN, DAS KOMBINIERTE AKTIONSFELD; and
KOMBINATIONEN: EMIL + KOHLE."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.data import ENGINEERS, loco_number, seat_rules

from .builders import a_game, act, item, place

ENGINE = GAME.engine


def listed(state, seat, action="place"):
    return [m for m in ENGINE.legal_moves(state, seat) if m["action"] == action]


def done(state, seat):
    """Drop the coal fields offered after the regular action: the turn ends."""
    if state["pool"]:
        state = act(state, seat, {"action": "drop", "item": item(state, "free_actions")})
    return state


def decision(state, seat, kind, **params):
    from service.games.ultimate_railroads import pool
    pool.open_pool(state, seat, "start_bonus")
    pool.add(state, kind, False, **params)
    return state


@pytest.mark.parametrize("seats,rounds,a,b", [(4, 6, 2, 4), (3, 5, 2, 3), (2, 5, 2, 3)])
def test_kohle_material_und_aufbau(seats, rounds, a, b):
    """1 round fewer; 1 A engineer fewer (4: 2 A + 4 B; 2-3: 2 A + 3 B), the crossed
    fields stay empty; 1 coal and 1 more coin each, the 4-coal idea tile; the coal idea
    card and start bonus card join the others; 12 foundries, 2 face up."""
    state = a_game(seats, coal=True)
    assert state["rounds"] == rounds == seat_rules(seats)["rounds"] - 1
    dealt = [n for n in state["strip"] if n is not None]
    letters = [ENGINEERS[n]["letter"] for n in dealt]
    assert (letters.count("A"), letters.count("B")) == (a, b) and state["strip"][:7 - a - b] == [None] * (7 - a - b)
    for player in state["players"]:
        assert player["coal"] == 1 and player["coins"] == seat_rules(seats)["coins"] + 1
        assert "coal" in player["ideas"]
    assert "coal_factory" in state["idea_cards"] and "coal" in state["start_bonus"]
    assert len(state["foundries"]["offer"]) == 2 and len(state["foundries"]["stack"]) == 10


def test_wie_bekomme_ich_kohle_the_coal_and_foundry_spaces():
    """1 worker: 1 coal. 1 coin: one of the 2 face-up foundries above your board and 1
    coal; a new one is turned up. The face-down stack is hidden in the views."""
    state = a_game(4, coal=True)
    state = act(state, 0, place("coal_coal"))
    assert state["players"][0]["coal"] == 2
    state = done(state, 0)
    offer = list(state["foundries"]["offer"])
    top = state["foundries"]["stack"][0]
    state = act(state, 1, place("coal_foundry", workers=0, coins=1))
    state = act(state, 1, {"action": "foundry", "item": item(state, "foundry_pick"), "foundry": offer[1]})
    assert state["players"][1]["foundries"] == [offer[1]] and state["players"][1]["coal"] == 2
    assert state["foundries"]["offer"] == [offer[0], top]
    assert ENGINE.view(state, 2)["public"]["foundries"]["stack"] == 9


def test_der_heizer_beispiel_aus_der_3er_lok_wird_eine_4er_lok():
    """DER HEIZER: 2 coal on the field, the top face-down foundry as a stoker on your
    loco: its number +1 for everything; before your regular action too, which then must
    follow in the same turn (never when passing); the field is then occupied for the round."""
    state = a_game(4, coal=True)
    player = state["players"][0]
    player["coal"] = 4
    player["locos"]["kyiv"][0] = "3"
    assert {"action": "coal", "use": "stoker"} in ENGINE.legal_moves(state, 0)
    state = act(state, 0, {"action": "coal", "use": "stoker"})
    state = act(state, 0, {"action": "stoker", "item": item(state, "stoker"), "at": "kyiv:0"})
    player = state["players"][0]
    assert player["locos"]["kyiv"][0] == "3+" and loco_number("3+") == 4 and player["coal"] == 2
    assert ENGINE.to_act(state) == [0]                       # still your turn: now the regular action
    assert {"action": "coal", "use": "stoker"} not in ENGINE.legal_moves(state, 0)   # the field is occupied
    assert {"action": "pass"} not in ENGINE.legal_moves(state, 0)                     # never when passing
    with pytest.raises(IllegalMove):
        act(state, 0, "pass")
    state = done(act(state, 0, place("coal_coal")), 0)
    assert ENGINE.to_act(state) == [1] and state["players"][0]["coal"] == 3
    assert not state["players"][0]["passed"]


def spent(state, seat):
    """The seat has placed all its workers and has no coin, temporary or wooden worker left."""
    player = state["players"][seat]
    player.update(placed=player["workers"], coins=0, temps=0, wooden=False)
    return state


def test_nur_zusaetzlich_zu_deiner_regulaeren_aktion_not_offered_to_a_seat_that_can_only_pass():
    """WIE KANN ICH MEINE KOHLE NUTZEN?: "Du darfst diese Aktionsfelder nur zusätzlich zu
    deiner regulären Aktion nutzen." A seat with no worker and no coin left can only pass:
    neither the stoker nor a foundry is offered, and using one is refused naming the rule."""
    state = spent(a_game(4, coal=True), 0)
    player = state["players"][0]
    player.update(coal=4, foundries=["step_doubler"])
    player["locos"]["kyiv"][0] = "3"
    assert ENGINE.legal_moves(state, 0) == [{"action": "pass"}]
    for use in ("stoker", "step_doubler"):
        with pytest.raises(IllegalMove) as refused:
            act(state, 0, {"action": "coal", "use": use})
        assert "nur zusätzlich zu deiner regulären Aktion" in refused.value.rule
        assert refused.value.field == "use" and "only pass" in str(refused.value)
    state = act(state, 0, "pass")
    assert state["players"][0]["coal"] == 4 and state["players"][0]["passed"]


def test_nur_zusaetzlich_zu_deiner_regulaeren_aktion_a_foundry_that_pays_for_the_action():
    """"Du darfst Kohle einsetzen ..." before your action, when what the foundry gives lets
    you make it: a seat without workers whose foundry gives 2 coins may use it, then must
    place (coins stand in for workers), not pass."""
    state = spent(a_game(4, coal=True), 0)
    state["players"][0].update(coal=2, foundries=["coins_2"])
    assert {"action": "coal", "use": "coins_2"} in ENGINE.legal_moves(state, 0)
    state = act(state, 0, {"action": "coal", "use": "coins_2"})
    state = act(state, 0, {"action": "drop", "item": item(state, "close_foundry")})
    assert state["players"][0]["coins"] == 2 and ENGINE.to_act(state) == [0]
    moves = ENGINE.legal_moves(state, 0)
    assert {"action": "pass"} not in moves and {m["action"] for m in moves} == {"place"}
    state = done(act(state, 0, place("coal_coal", workers=0, coins=1)), 0)
    assert ENGINE.to_act(state) == [1] and state["players"][0]["coins"] == 1


def test_nicht_wenn_du_passt_a_coal_use_is_not_followed_by_a_pass():
    """"Du darfst die Aktionsfelder nicht nutzen, wenn du passt": a foundry used before your
    action binds the turn to a regular action; the pass is refused, naming the rule, and
    changes nothing; the next turn may pass again."""
    state = a_game(4, coal=True)
    state["players"][0].update(coal=2, foundries=["coins_2"])
    state = act(state, 0, {"action": "coal", "use": "coins_2"})
    state = act(state, 0, {"action": "drop", "item": item(state, "close_foundry")})
    with pytest.raises(IllegalMove) as refused:
        act(state, 0, "pass")
    assert "nicht, wenn du passt" in refused.value.rule and refused.value.field == "action"
    assert {m["action"] for m in refused.value.options} == {"place"}
    assert not state["players"][0]["passed"] and ENGINE.to_act(state) == [0]
    state = done(act(state, 0, place("coal_coal")), 0)
    assert ENGINE.to_act(state) == [1] and "action_owed" not in state
    state = act(state, 1, "pass")
    assert state["players"][1]["passed"]


def test_nicht_wenn_du_deinen_arbeiter_von_der_reihenfolgeleiste_versetzt():
    """"... oder deinen Arbeiter von der Reihenfolgeleiste versetzt": moving the turn-order
    worker offers no coal field, and using one then is refused naming the rule."""
    state = a_game(4, coal=True)
    state["players"][0].update(coal=4, foundries=["coins_2"])
    state["players"][0]["locos"]["kyiv"][0] = "3"
    state.update(phase="relocation", relocation_queue=[0], claims={"1": 0})
    assert not [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "coal"]
    for use in ("stoker", "coins_2"):
        with pytest.raises(IllegalMove) as refused:
            act(state, 0, {"action": "coal", "use": use})
        assert "Reihenfolgeleiste versetzt" in refused.value.rule


def test_wie_kann_ich_meine_kohle_nutzen_after_the_regular_action():
    """Du darfst diese Aktionsfelder nutzen, bevor und/oder nachdem du Arbeiter einsetzt,
    mehrere in einem Zug, auch mit Kohle aus demselben Zug."""
    state = a_game(4, coal=True)
    player = state["players"][0]
    player["coal"] = 1
    player["foundries"] = ["coins_2"]
    player["locos"]["kyiv"][0] = "3"
    state = act(state, 0, place("coal_coal"))                  # 2 coal now
    uses = {m["use"] for m in listed(state, 0, "coal")}
    assert uses == {"stoker", "coins_2"}
    coins = state["players"][0]["coins"]
    state = act(state, 0, {"action": "coal", "item": item(state, "free_actions"), "use": "coins_2"})
    assert state["players"][0]["coins"] == coins + 2 and state["players"][0]["coal"] == 0
    # the foundry is used for this round; no coal left: the turn ends once you drop the rest
    state = act(state, 0, {"action": "drop", "item": item(state, "close_foundry")})
    assert ENGINE.to_act(state) == [1]


def test_giessereien_schliessen_beispiel_step_and_doubler_then_a_stoker_on_the_3_loco():
    """DIE GIESSEREIEN: once per round with 2 coal (an indirect action), not the ones beside
    the board. BEISPIEL: (1) you put 2 coal on your foundry, (2) make 1 step with a track
    of your choice and take 1 doubler, (3) then close it: as a stoker on your 3-loco."""
    state = a_game(4, coal=True)
    player = state["players"][0]
    player.update(coal=4, foundries=["step_doubler"])
    player["locos"]["kyiv"][0] = "3"
    assert {"action": "coal", "use": state["foundries"]["offer"][0]} not in ENGINE.legal_moves(state, 0)
    state = act(state, 0, {"action": "coal", "use": "step_doubler"})
    assert {"action": "coal", "use": "step_doubler"} not in ENGINE.legal_moves(state, 0)   # once a round
    assert state["players"][0]["doublers"] == 1 and state["players"][0]["coal"] == 2
    state = act(state, 0, "step #0 kyiv")
    state = act(state, 0, {"action": "close", "item": item(state, "close_foundry"), "at": "kyiv:0"})
    player = state["players"][0]
    assert player["foundries"] == [] and player["locos"]["kyiv"][0] == "3+"
    assert ENGINE.to_act(state) == [0] and state["pool"] is None       # now the regular action


def test_fabrik_mit_heizer_one_action_once_more():
    """Fabrik mit genau 1 Aktion: ein 2. Mal; Fabrik, die Punkte bringt: only the extra
    points (provisional)."""
    state = a_game(4, coal=True)
    player = state["players"][0]
    player["factories"][:2] = ["6+", "4+"]
    player["wrenches"] = [4]
    coins = player["coins"]
    state = decision(state, 0, "industry", left=2)
    state = act(state, 0, "industry #0")
    assert state["players"][0]["coins"] == coins + 2          # the coin factory twice
    score = state["players"][0]["score"]
    from service.games.ultimate_railroads.data import MODULES
    state["players"][0]["wrenches"] = [6]
    state = act(state, 0, "industry #0")
    assert state["players"][0]["score"] == score + 5 + MODULES["coal"]["stoker_points_factory"]["points"]


def test_die_kohle_fabrik_two_steps_and_two_more_per_coal_handed_in():
    """The idea card: the coal factory in your strip and 2 coal. A wrench on it: 2 steps,
    plus 2 more for each of up to 3 coal handed in (bis zu 8 Gleisschritte)."""
    state = a_game(4, coal=True)
    state = decision(state, 0, "idea_card")
    state = act(state, 0, {"action": "idea_card", "item": 0, "card": "coal_factory"})
    state = act(state, 0, {"action": "module_factory", "item": item(state, "module_factory"), "gap": 0})
    player = state["players"][0]
    assert player["factories"][0] == "coal" and player["coal"] == 3
    player["coal"] = 5
    player["wrenches"] = [4]
    state = decision(state, 0, "industry", left=1)
    state = act(state, 0, "industry #0")
    assert [m["coal"] for m in listed(state, 0, "hand_in")] == [1, 2, 3]
    state = act(state, 0, {"action": "hand_in", "item": item(state, "hand_in"), "coal": 3})
    assert sorted(i["left"] for i in state["pool"]["items"] if i["kind"] == "track") == [2, 6]
    assert state["players"][0]["coal"] == 2


def test_das_kombinierte_aktionsfeld_at_two_players():
    """Im 2er-Spiel: entweder 1 Arbeiter (1 Kohle) oder 1 Münze (1 Gießerei und 1 Kohle);
    once used, the whole field is occupied. At 3-4 players the two are separate."""
    state = done(act(a_game(2, coal=True), 0, place("coal_coal")), 0)
    assert "coal_foundry" not in {m["space"] for m in listed(state, 1)}
    state = done(act(a_game(4, coal=True), 0, place("coal_coal")), 0)
    assert "coal_foundry" in {m["space"] for m in listed(state, 1)}
    with pytest.raises(IllegalMove):
        act(a_game(2, coal=True), 0, {"action": "coal", "use": "stoker"})     # no loco, no coal to spare


def test_emil_mit_kohle_five_rounds_his_coal_card_blocks_the_combined_field():
    """EMIL + KOHLE: 5 rounds; the coal solo card in the deck; the combined 2-player
    field, where Emil always puts 1 worker instead of 1 coin."""
    state = ENGINE.setup(GAME.resolve_options({"coal": True}, 1), 1, 5)
    assert state["rounds"] == 5
    emil = state["emil"]
    assert "module-coal" in emil["deck"] + emil["discard"]
    from service.games.ultimate_railroads.emil import CARDS, target
    state["spaces"].pop("coal_coal", None)
    state["spaces"].pop("coal_foundry", None)
    assert target(state, CARDS["module-coal"]) == "coal_coal"
    state["spaces"]["coal_foundry"] = {"seat": 0, "workers": 0, "temps": 0, "wood": 0, "coins": 1}
    assert target(state, CARDS["module-coal"]) is None


def test_die_kohle_fabrik_mit_heizer_one_more_step():
    """HINWEIS: Nutzt du diese Fabrik mit dem Heizer ein 2. Mal, darfst du 1 Gleisschritt
    machen."""
    state = a_game(4, coal=True)
    player = state["players"][0]
    player["factories"][0] = "coal+"
    player["wrenches"] = [4]
    state = decision(state, 0, "industry", left=1)
    state = act(state, 0, "industry #0")
    assert sorted(i["left"] for i in state["pool"]["items"] if i["kind"] == "track") == [1, 2]
