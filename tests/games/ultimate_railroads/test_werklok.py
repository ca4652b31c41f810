"""WERKLOK (rulebook p.42): AUFBAU, ABLAUF and its examples; KOMBINATIONEN UND
SONDERFÄLLE: KOHLE-MODUL + WERKLOK, EMIL + WERKLOK."""
from __future__ import annotations

from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.data import seat_rules

from .builders import a_game, act, place

ENGINE = GAME.engine


def listed(state, seat):
    return {m["space"] for m in ENGINE.legal_moves(state, seat) if m["action"] == "place"}


def test_werklok_aufbau_tiles_rounds_and_engineers():
    """AUFBAU: 2 tiles on the two right spaces of the train (the first stays free), 3 face
    up beside it, 6 in a stack; ACHTUNG: one round fewer, one A engineer fewer."""
    for seats in (2, 3, 4):
        state = a_game(seats, werklok=True)
        works = state["werklok"]
        assert works["train"][0] is None and len(works["train"]) == 3 and None not in works["train"][1:]
        assert len(works["offer"]) == 3 and len(works["stack"]) == 6
        assert len(set(works["train"][1:] + works["offer"] + works["stack"])) == 11
        rules = seat_rules(seats)
        assert state["rounds"] == rules["rounds"] - 1
        dealt = [n for n in state["strip"] if n is not None]
        assert len(dealt) == rules["engineers"]["A"] + rules["engineers"]["B"] - 1


def test_werklok_ablauf_rulebook_example_fellow_players_pick_in_turn_order():
    """ABLAUF and BEISPIEL: you (position 3) put the industry tile on the train and do
    all 3 actions; then Red (4), Yellow (1) and Blue (2) each pick one of the 3 (the
    same one allowed); then the tiles move right, the one pushed out goes under the
    stack and the stack's top is turned face up."""
    yellow, blue, you, red = 0, 1, 2, 3
    state = a_game(4, werklok=True)
    state["werklok"] = {"train": [None, "coin", "points_3"], "offer": ["industry", "doubler", "wood_steps"],
                        "stack": ["points_5", "green_step", "bronze_step", "any_step", "coins_2", "industry_2"]}
    state["players"][you]["factories"][0] = "6"        # room for the industry step
    state = act(state, yellow, "pass")
    state = act(state, blue, "pass")
    coins_before = [p["coins"] for p in state["players"]]
    state = act(state, you, place("werklok"))
    assert ENGINE.legal_moves(state, you)[0]["action"] == "werklok"
    state = act(state, you, {"action": "werklok", "item": 0, "tile": "industry"})
    assert state["players"][you]["coins"] == coins_before[you] + 1          # the coin tile, at once
    assert state["players"][you]["score"] == 3                              # and the points
    state = act(state, you, "industry #1")                                  # the industry step, a direct one
    assert state["players"][you]["wrenches"] == [1]
    # Red, then Yellow, then Blue (passed players pick too: it is not their turn)
    assert ENGINE.to_act(state) == [red]
    assert {m["tile"] for m in ENGINE.legal_moves(state, red) if m["action"] == "werklok"} == \
        {"industry", "coin", "points_3"}
    state = act(state, red, {"action": "werklok", "item": 0, "tile": "coin"})
    assert ENGINE.to_act(state) == [yellow]
    state = act(state, yellow, {"action": "werklok", "item": 0, "tile": "points_3"})
    assert ENGINE.to_act(state) == [blue]
    state = act(state, blue, {"action": "werklok", "item": 0, "tile": "coin"})
    assert state["players"][red]["coins"] == coins_before[red] + 1
    assert state["players"][blue]["coins"] == coins_before[blue] + 1
    assert state["players"][yellow]["score"] == 3
    assert state["werklok"] == {"train": [None, "industry", "coin"], "offer": ["doubler", "wood_steps", "points_5"],
                                "stack": ["green_step", "bronze_step", "any_step", "coins_2", "industry_2",
                                          "points_3"], "unseen": 5}
    assert ENGINE.to_act(state) == [red]           # the turn goes on after yours


def test_werklok_is_a_direct_action_done_completely():
    """Ist das nicht möglich, kannst du das Aktionsfeld der Werklok nicht wählen: a
    green step on the train while green is not yours and nothing on the train can
    unlock it."""
    state = a_game(4, werklok=True)
    state["werklok"]["train"] = [None, "green_step", "coin"]
    state["werklok"]["offer"] = ["points_3", "points_5", "coins_2"]
    assert "werklok" not in listed(state, 0)
    state["players"][0]["unlocked"].append("green")
    for route in state["players"][0]["tracks"].values():
        route.update(wood=3, green=0)
    assert "werklok" in listed(state, 0)


def test_kombination_coal_and_werklok_one_round_fewer_in_total():
    """KOMBINATIONEN UND SONDERFÄLLE: KOHLE-MODUL + WERKLOK: insgesamt 1 Runde weniger."""
    state = a_game(4, werklok=True, coal=True)
    assert state["rounds"] == seat_rules(4)["rounds"] - 1


def test_emil_with_werklok_five_rounds_and_his_werklok_card():
    """EMIL + WERKLOK: Du spielst nur 5 Runden. Mische die Solo-Werklok-Karte in den Stapel."""
    state = ENGINE.setup(GAME.resolve_options({"werklok": True}, 1), 1, 3)
    assert state["rounds"] == 5
    emil = state["emil"]
    assert "module-manufactory-train" in emil["deck"] + emil["discard"]
    assert "module-coal" not in emil["deck"] + emil["discard"]
