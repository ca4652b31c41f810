"""ACHTUNG: Du musst die direkte Aktion vollständig ausführen, in the rules' sense:
a direct action may be taken when it can be done completely in some order, counting
the colours its own steps unlock; and no decision may be listed that leaves it
impossible to finish."""
from __future__ import annotations

from service.games.ultimate_railroads import pool
from service.games.ultimate_railroads.engine import ENGINE

from .builders import a_game, act, place, with_decision, with_tracks


def spaces_listed(state, seat):
    return {m["space"] for m in ENGINE.legal_moves(state, seat) if m["action"] == "place"}


def test_direct_action_completable_with_the_second_wrench_its_own_step_brings():
    """The last-round tile's 3 industry steps with room for 2: the 2nd step lands on
    the idea field, the idea tile puts the 2nd wrench on the start field, and that
    wrench makes the 3rd step."""
    state = a_game(4)
    state["round"] = state["rounds"]
    player = state["players"][0]
    player["factories"][:3] = ["2", "3", "4"]
    player["wrenches"] = [8]
    assert "last_round" in spaces_listed(state, 0)
    state = act(state, 0, place("last_round"), "industry #0", "industry #0", "idea #1 second_wrench")
    state = act(state, 0, "industry #0")          # only the 2nd wrench can move: no choice
    assert state["players"][0]["wrenches"] == [10, 1]
    player["ideas"].remove("second_wrench")
    assert "last_round" not in spaces_listed(a_game_like(player), 0)


def a_game_like(player):
    state = a_game(4)
    state["round"] = state["rounds"]
    state["players"][0] = player
    return state


def test_three_different_tracks_completable_with_the_colour_unlocked_on_the_way():
    """p.48 (the face-up engineer #8, provisional): one step on each route; PETERBURG
    and KYIV are full with wood, but the TRANSIB wood step unlocks green for them."""
    state = a_game(4)
    with_tracks(state, 0, "petersburg", wood=9)
    with_tracks(state, 0, "kyiv", wood=9)
    state["strip"][4] = 8
    assert "engineer_left" in spaces_listed(state, 0)
    state = act(state, 0, place("engineer_left"), "step #0 transsib", "step #0 petersburg",
                "step #0 kyiv")
    tracks = state["players"][0]["tracks"]
    assert (tracks["petersburg"]["green"], tracks["kyiv"]["green"]) == (1, 1)


def test_direct_action_not_completable_stays_refused():
    state = a_game(4)
    with_tracks(state, 0, "petersburg", wood=9)
    with_tracks(state, 0, "kyiv", wood=9)
    with_tracks(state, 0, "transsib", wood=15)
    state["strip"][4] = 8
    assert "engineer_left" not in spaces_listed(state, 0)


def test_no_decision_listed_that_leaves_a_direct_action_unfinishable():
    """Two gold steps are direct, two more indirect (the gold unlock's), and there is
    room for two: the indirect ones may not go first; they may be dropped."""
    state = with_tracks(a_game(4), 0, "transsib", wood=15, green=14, bronze=13, silver=3, gold=0)
    state["players"][0]["fired"] = ["transsib:3", "transsib:13", "transsib:15"]   # the key is taken
    state = with_decision(state, 0, "track", direct=True, colours=["gold"], left=2)
    pool.add(state, "track", False, colours=["gold"], left=2)
    assert ENGINE.legal_moves(state, 0) == [{"action": "step", "item": 0, "route": "transsib"},
                                            {"action": "drop", "item": 1}]
    state = act(state, 0, "step #0 transsib", "step #0 transsib")
    assert state["players"][0]["tracks"]["transsib"]["gold"] == 2 and state["pool"] is None


def test_trying_an_action_out_leaves_the_game_untouched():
    """The completion search works on copies: listing moves changes no state."""
    from service.games.ultimate_railroads import GAME, completion, effects
    from tests.games.harness import canonical, play_random_game

    def check(engine, state, seat, moves, chooser):
        before = canonical(engine.dump(state))
        completion.KNOWN.clear()
        effects.TRIED.clear()                       # answers kept from the harness's own listing
        engine.legal_moves(state, seat)
        assert canonical(engine.dump(state)) == before
    play_random_game(GAME, 3, seed=51, check=check)


def test_a_budget_exhausted_answer_is_never_kept_as_no(monkeypatch):
    """ACHTUNG: Du musst die direkte Aktion vollständig ausführen: a search cut short
    by its budget answers "no" this once; the same question asked with the budget to
    finish it gets the true answer (nothing remembered it as a definite no)."""
    from service.games.ultimate_railroads import completion, effects
    state = a_game(4)
    state["round"] = state["rounds"]
    player = state["players"][0]
    player["factories"][:3] = ["2", "3", "4"]
    player["wrenches"] = [8]
    completion.KNOWN.clear()
    effects.TRIED.clear()
    effect = {"type": "industry_steps", "steps": 3}
    monkeypatch.setattr(completion, "SEARCH_BUDGET", 1)
    assert effects.can_complete(state, 0, effect) is False
    assert not effects.TRIED
    monkeypatch.setattr(completion, "SEARCH_BUDGET", 150)
    assert effects.can_complete(state, 0, effect) is True
