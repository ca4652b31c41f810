"""IDEENPLÄTTCHEN, OFFENLIEGENDE IDEENKARTEN and the p.48 effects used by factories."""
from __future__ import annotations

from service.games.ultimate_railroads.data import DATA
from service.games.ultimate_railroads.engine import ENGINE
from service.games.ultimate_railroads.scoring import end_card_points, route_points

from .builders import a_game, act, place, with_decision, with_tracks


def test_new_workers_at_most_two_extra():
    """Vorteil: neue Arbeiter; at most 2 extra workers of your colour."""
    state = a_game(4)
    state["players"][0]["extra_workers"] = 2
    state["players"][0]["workers"] = 7
    with_tracks(state, 0, "kyiv", wood=6)
    state = act(state, 0, place("track_wood_1"), "step #0 kyiv")
    assert state["players"][0]["workers"] == 7


def test_idea_tile_two_keys():
    state = act(with_decision(a_game(4), 0, "idea"), 0, "idea #0 two_keys")
    assert state["players"][0]["keys"] == 2
    assert [i["kind"] for i in state["pool"]["items"]] == ["key", "key"]


def test_idea_tile_revaluation_scores_tracks_at_the_revalued_values():
    """Vorteil: Aufwertung (issue 12 finding 7: its effect, not a flag): after the tile a
    route scores its tracks at the revalued values. The TRANSSIB worked example (bronze
    on 3 with a doubler over field 1, green on 7, wood on 8) scores 4 bronze + 4 green
    field values: 4 * 2 + 4 * 1 = 12 before, 4 * bronze + 4 * green revalued after."""
    state = with_tracks(with_decision(a_game(4), 0, "idea"), 0, "transsib", wood=8, green=7,
                        bronze=3)
    state["players"][0].update(locos={"transsib": ["6", "2"], "petersburg": [None], "kyiv": [None]},
                               doublers=1)
    assert route_points(state["players"][0], "transsib") == 12
    state = act(state, 0, "idea #0 revaluation")
    revalued = DATA["track_points"]["revalued"]["value"]
    assert route_points(state["players"][0], "transsib") == 4 * revalued["bronze"] + 4 * revalued["green"]
    assert revalued["bronze"] > 2, "the revalued bronze track must score more than the printed 2"


def test_two_idea_tiles_use_one_discard_one():
    """#10b: choose 2 unused idea tiles, use one, put the other back unused."""
    state = a_game(4)
    state["players"][0]["ideas"] = ["medal"]
    assert ENGINE.legal_moves(with_decision(a_game(4), 0, "two_ideas"), 0)
    lone = with_decision(state, 0, "two_ideas")
    assert [m for m in ENGINE.legal_moves(lone, 0) if m["action"] == "idea"] == []
    state = act(with_decision(a_game(4), 0, "two_ideas"), 0, "idea #0 medal discard revaluation")
    player = state["players"][0]
    assert player["medal"] and "revaluation" in player["ideas_removed"] and len(player["ideas"]) == 7


def test_end_card_idea_tiles_put_out_of_the_game_score_nothing():
    """SPIELENDKARTEN: 7 points per idea tile used; tiles put out of the game score
    nothing: #10b puts the tile it uses back in the box too."""
    state = act(with_decision(a_game(4), 0, "idea"), 0, "idea #0 revaluation")
    state = act(with_decision(state, 0, "two_ideas"), 0, "idea #0 medal discard coins")
    player = state["players"][0]
    assert player["medal"] and player["revalued"]
    assert end_card_points(player, "idea_tiles") == 7


def test_idea_card_locomotive_nine_laid_like_a_normal_locomotive():
    state = with_decision(a_game(4), 0, "idea_card")
    state = act(state, 0, "idea_card #0 locomotive_9", "lay #1 kyiv 0")
    assert state["players"][0]["locos"]["kyiv"] == ["9*"] and "locomotive_9" not in state["idea_cards"]


def test_idea_card_engineer_1_and_coin_usable_this_round():
    state = with_decision(a_game(4), 0, "idea_card")
    coins = state["players"][0]["coins"]
    state = act(state, 0, "idea_card #0 engineer_1")
    assert state["players"][0]["engineers"] == [1] and state["players"][0]["coins"] == coins + 1
    state["turn"] = 0
    assert any(m.get("space") == "engineer:1" for m in ENGINE.legal_moves(state, 0))


def test_wooden_worker_on_an_engineer_showing_wood_steps():
    state = a_game(4)
    state["players"][0].update(wooden=True, engineers=[3])
    state = act(state, 0, place("engineer:3", workers=0, wood=1))
    assert sorted(i["left"] for i in state["pool"]["items"]) == [1, 3]


def test_use_one_of_your_factories():
    """Du nutzt die Aktion einer deiner Fabriken (here the #6, provisional: 1 coin)."""
    state = a_game(4)
    state["players"][0]["factories"][0] = "6"
    coins = state["players"][0]["coins"]
    state = act(with_decision(state, 0, "use_factory"), 0, "use_factory #0 0")
    assert state["players"][0]["coins"] == coins + 1


def test_end_card_or_ten_points():
    state = act(with_decision(a_game(4), 0, "end_card", points=10), 0, "end_card #0 none")
    assert state["players"][0]["score"] == 10 and state["players"][0]["end_cards"] == []


def test_reuse_a_space_occupied_with_one_piece():
    """p.48: re-use a space you occupied this round with exactly one worker (or coin...);
    not the temporary workers, not spaces needing more workers or a mandatory coin."""
    state = a_game(2)
    state = act(state, 0, place("coins"))
    state = act(state, 1, place("doubler"))
    state = act(state, 0, place("track_wood_2", workers=2), "step #0 kyiv", "step #0 kyiv",
                "step #0 kyiv")
    state = act(state, 1, "pass")
    coins = state["players"][0]["coins"]
    state = with_decision(state, 0, "reuse")
    assert [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "reuse"] == [
        {"action": "reuse", "item": 0, "space": "coins"}]
    state = act(state, 0, "reuse #0 coins")
    assert state["players"][0]["coins"] == coins + 2


def test_advance_track_up_behind_the_track_ahead_within_loco_reach():
    """p.48: move the track on one route up behind the track ahead, at most to the last
    field the loco reaches; no splitting."""
    state = with_tracks(a_game(4), 0, "kyiv", wood=8, green=1)
    state["players"][0]["locos"]["kyiv"] = ["5"]
    state = act(with_decision(state, 0, "advance", colour="green"), 0, "advance #0 kyiv")
    assert state["players"][0]["tracks"]["kyiv"]["green"] == 5
    state = with_tracks(a_game(4), 0, "kyiv", wood=4, green=1)
    state["players"][0]["locos"]["kyiv"] = ["9"]
    state = act(with_decision(state, 0, "advance", colour="green"), 0, "advance #0 kyiv")
    assert state["players"][0]["tracks"]["kyiv"]["green"] == 3


def test_draw_two_start_bonus_cards():
    state = a_game(4)
    state["players"][0]["engineers"] = [4]
    coins = state["players"][0]["coins"]
    after, events = ENGINE.apply(state, 0, place("engineer:4"))
    drawn = next(e["cards"] for e in events if e["type"] == "start_bonus_drawn")
    assert len(set(drawn)) == 2
    assert after["players"][0]["coins"] == coins + ("coin" in drawn)
    assert after["players"][0]["doublers"] == ("doubler" in drawn)
