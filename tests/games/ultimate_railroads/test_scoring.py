"""WERTUNG, the special fields (DIE BESONDEREN FELDER AUF DEM STRECKENTABLEAU) and SPIELENDE."""
from __future__ import annotations

from service.games.ultimate_railroads.engine import ENGINE
from service.games.ultimate_railroads.scoring import end_card_points, round_points, route_points

from .builders import a_game, act, place, with_decision, with_tracks


def board(seats=4):
    return a_game(seats)


def test_transsib_worked_example_twelve_points():
    """A 6 and a 2 loco reach field 8; bronze on 3, green on 7, wood on 8; a doubler
    over field 1: 8 + 4 + 0 = 12 points."""
    state = with_tracks(board(), 0, "transsib", wood=8, green=7, bronze=3)
    player = state["players"][0]
    player["locos"]["transsib"] = ["6", "2"]
    player["doublers"] = 1
    assert route_points(player, "transsib") == 12


def test_kyiv_worked_example_three_points():
    """A 2 loco on KYIV, only the wood track: 0 for tracks, stars 1 + 2 = 3."""
    state = with_tracks(board(), 0, "kyiv", wood=4)
    player = state["players"][0]
    player["locos"]["kyiv"] = ["2"]
    assert route_points(player, "kyiv") == 3


def test_kyiv_stars_are_cumulative_six_points():
    """Field 3 with a 3 loco: 1 + 2 + 3 = 6 bonus points at every scoring."""
    state = with_tracks(board(), 0, "kyiv", wood=3)
    player = state["players"][0]
    player["locos"]["kyiv"] = ["3"]
    assert route_points(player, "kyiv") == 6


def test_worked_example_whole_scoring_twenty_points():
    """TRANSIB 12, PETERBURG 0, KYIV 3, industry 5: 20 points in all."""
    state = with_tracks(board(), 0, "transsib", wood=8, green=7, bronze=3)
    with_tracks(state, 0, "kyiv", wood=4)
    player = state["players"][0]
    player.update(doublers=1, wrenches=[5])
    player["locos"] = {"transsib": ["6", "2"], "petersburg": [None], "kyiv": ["2"]}
    player["factories"][0] = "3"
    assert round_points(player) == {"transsib": 12, "petersburg": 0, "kyiv": 3, "industry": 5}


def test_scoring_only_fields_reached_by_locomotives():
    state = with_tracks(board(), 0, "petersburg", wood=9, green=5)
    player = state["players"][0]
    player["locos"]["petersburg"] = ["3"]
    assert route_points(player, "petersburg") == 3
    player["locos"]["petersburg"] = [None]
    assert route_points(player, "petersburg") == 0


def test_scoring_route_doubling_petersburg_field_seven():
    state = with_tracks(board(), 0, "petersburg", wood=9, green=7)
    player = state["players"][0]
    player["locos"]["petersburg"] = ["7"]
    assert route_points(player, "petersburg") == 2 * 7
    player["locos"]["petersburg"] = ["6"]
    assert route_points(player, "petersburg") == 6


def test_scoring_revaluation_flips_the_track_points():
    state = with_tracks(board(), 0, "kyiv", wood=5, green=4, bronze=2)
    player = state["players"][0]
    player["locos"]["kyiv"] = ["5"]
    assert route_points(player, "kyiv") == 2 * 2 + 2 * 1 + 10
    player["revalued"] = True
    assert route_points(player, "kyiv") == 2 * 3 + 2 * 1 + 10


def test_medal_twenty_points_on_its_field():
    state = with_tracks(board(), 0, "kyiv", wood=8)
    player = state["players"][0]
    player["locos"]["kyiv"] = ["8"]
    base = route_points(player, "kyiv")
    player["medal"] = True
    assert route_points(player, "kyiv") == base + 20


def test_new_worker_field_needs_no_locomotive_on_kyiv_seven():
    """Vorteil: neue Arbeiter: at once, usable this round; at most 2 extra workers."""
    state = with_tracks(board(), 0, "kyiv", wood=6)
    state = act(state, 0, place("track_wood_1"), "step #0 kyiv")
    assert state["players"][0]["workers"] == 6 and state["players"][0]["extra_workers"] == 1


def test_new_worker_field_with_locomotive_transsib_three():
    state = with_tracks(board(), 0, "transsib", wood=2)
    state = act(state, 0, place("track_wood_1"), "step #0 transsib")
    assert state["players"][0]["extra_workers"] == 0        # the #1 loco reaches field 1 only
    state = act(state, 0, "step #0 kyiv")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    state = act(state, 3, "pass")
    state = act(state, 0, place("loco_or_factory_1"), "lay #0 transsib 0")
    assert state["players"][0]["extra_workers"] == 1


def test_key_two_steps_or_ten_points():
    """Vorteil: Schlüssel at a route's last field: 1 wood + 1 any step, or 10 points."""
    state = with_tracks(board(), 0, "kyiv", wood=8)
    state = act(state, 0, place("track_wood_1"), "step #0 kyiv")
    key = next(i["id"] for i in state["pool"]["items"] if i["kind"] == "key")
    assert state["players"][0]["keys"] == 1
    ten = act(state, 0, f"key #{key} points")
    assert ten["players"][0]["score"] == 10
    steps = act(state, 0, f"key #{key} steps")
    kinds = sorted(str(i["colours"]) for i in steps["pool"]["items"] if i["kind"] == "track")
    assert kinds == ["['wood']", "['wood']", "any"]


def test_idea_field_needs_track_and_locomotive():
    """BEISPIEL: a 5 loco on PETERBURG and the track onto field 4: choose an idea tile."""
    state = with_tracks(board(), 0, "petersburg", wood=3)
    state["players"][0]["locos"]["petersburg"] = ["5"]
    state = act(state, 0, place("track_wood_1"), "step #0 petersburg")
    assert any(i["kind"] == "idea" for i in state["pool"]["items"])
    state = act(state, 0, f"idea #{[i for i in state['pool']['items'] if i['kind'] == 'idea'][0]['id']} medal")
    assert state["players"][0]["medal"] and "medal" in state["players"][0]["ideas_used"]


def test_idea_tile_end_card_and_idea_card():
    state = board()
    state = act(with_decision(state, 0, "idea"), 0, "idea #0 end_card_and_idea_card")
    card = state["end_deck"][0]
    state = act(state, 0, f"end_card #1 {card}", "idea_card #2 wooden_worker")
    assert state["players"][0]["end_cards"] == [card] and state["players"][0]["wooden"]
    assert "wooden_worker" not in state["idea_cards"]
    assert ENGINE.view(state, 1)["public"]["players"][0]["end_cards"] == 1
    assert ENGINE.view(state, 0)["private"]["end_cards"] == [card]


def test_end_game_cards_scoring():
    """SPIELENDKARTEN (p.47)."""
    state = with_tracks(board(), 0, "transsib", wood=15, green=6, bronze=4)
    with_tracks(state, 0, "petersburg", wood=9, green=4)
    player = state["players"][0]
    player.update(doublers=5, keys=4, engineers=[3, 7], factories=["2", "3", None, None, None],
                  ideas_used=["medal", "coins"], extra_workers=2, wooden=True)
    player["locos"] = {"transsib": ["9", "3"], "petersburg": ["8"], "kyiv": ["2"]}
    expected = {"factories": 8, "doublers": 20, "engineers": 12, "end_stations": 20,
                "idea_tiles": 14, "green_bronze_steps": 14, "top_four_locomotives": 22,
                "keys": 25, "extra_workers": 30, "wood_steps": 14 + 8, "extra_engineer": 0}
    assert {card: end_card_points(player, card) for card in expected} == expected


def test_final_scoring_after_the_last_round():
    state = board(2)
    state["round"] = state["rounds"]
    state["players"][0]["engineers"] = [4]
    state["players"][1]["end_cards"] = ["engineers"]
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    result = ENGINE.result(state)
    assert result is not None
    assert result["details"]["final_scoring"][0]["engineers"] == 40 == result["breakdown"][0]["engineers"]
    assert result["scores"][0] == 0 + 40 and result["scores"][1] == 2
    assert result["ranking"] == [[0], [1]]


def test_doubler_doubles_only_a_field_the_locomotives_reach():
    """Doublers lie over TRANSIB fields 1-8 left to right; a doubled field scores twice,
    but only when a loco reaches it (Grundsätzlich werden nur Felder gewertet, die von
    Lokomotiven erreicht werden)."""
    state = with_tracks(board(), 0, "transsib", wood=9, green=8, bronze=6)
    player = state["players"][0]
    player["locos"]["transsib"] = ["3", "1"]                 # reach 4: four bronze fields
    player["doublers"] = 6
    assert route_points(player, "transsib") == 4 * 2 * 2
    player["locos"]["transsib"] = ["6", "1"]                 # reach 7: 6 bronze + 1 green
    assert route_points(player, "transsib") == 6 * 2 * 2 + 1      # field 7 has no doubler


def test_ranking_tied_players_share_the_place():
    """Bei Gleichstand teilen sich alle Beteiligten die Platzierung."""
    state = board(3)
    state["round"] = state["rounds"]
    for player in state["players"]:
        player["card"] = 1                                    # 0 points for passing
    state["players"][2]["score"] = 7
    for seat in range(3):
        state = act(state, seat, "pass")
    result = ENGINE.result(state)
    assert result["ranking"] == [[2], [0, 1]]
