"""AMERICAN RAILROADS (rulebook: MATERIAL UND AUFBAU, AMERIKATABLEAU, SPRENGUNGEN, FELDER MIT
MÜNZE, DER GOLDEN SPIKE, GLEISFARBEN, VERDOPPLER, INDUSTRIELEISTE MIT 2 STRECKEN,
AKTIENTABLEAU, PERSÖNLICHE AUSSCHÜTTUNG (and its BEISPIEL), DAS STAHLWERK, ALLGEMEINE
AUSSCHÜTTUNG (and its BEISPIEL), DAS AKTIEN-IDEENPLÄTTCHEN, BONUS BEI SPIELENDE; KOMBINATIONEN
UND SONDERFÄLLE: AMERIKATABLEAU ODER AMERIKA-INDUSTRIELEISTE, AMERIKA-INDUSTRIELEISTE +
DEUTSCHLANDTABLEAU, EMIL + AMERIKA; IDEENPLÄTTCHEN (second wrench), SPIELENDKARTEN (the
steelworks counts as a factory). The board's fields are provisional (data/america.json):
the tests read them from the data, never a printed number the rulebook does not give."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.ultimate_railroads import GAME, pool
from service.games.ultimate_railroads.america import (DIVIDENDS, LEVELS, ROUTE_RUBBLE, STRIP_RUBBLE,
                                                      end_bonus, level_of)
from service.games.ultimate_railroads.board import can_step, route_end
from service.games.ultimate_railroads.boards import BOARDS, STRIPS
from service.games.ultimate_railroads.data import AMERICA, END_CARDS, STACKS
from service.games.ultimate_railroads.industry import can_advance, room
from service.games.ultimate_railroads.scoring import end_card_points, round_points, route_points, track_points

from .builders import a_game, act, item, with_tracks

ENGINE = GAME.engine
ROUTES = BOARDS["america"]["routes"]
LOWER, UPPER = STRIPS["america"]


def america(seats=4, **options):
    return a_game(seats, board="america", **options)


def special(route_id: str, kind: str) -> dict:
    return next(s for s in ROUTES[route_id]["specials"] if s["type"] == kind)


def decision(state, seat, kind, direct=False, then="start_bonus", **params):
    pool.open_pool(state, seat, then)
    pool.add(state, kind, direct, **params)
    return state


def moves_of(state, seat, action):
    return [m for m in ENGINE.legal_moves(state, seat) if m["action"] == action]


def test_material_und_aufbau_rubble_golden_spike_ideas_both_wrenches_stock_markers_dividends_steelworks():
    """AUFBAU 1-10: the America board and its strip; rubble on field 8 of OMAHA and field 15
    of the lower industry track; 2 new idea tiles; both wrenches on the start fields; every
    stock marker on the lowest field; the 8 dividend tiles face up; 3 steelworks right of
    the stacks they show."""
    state = america()
    assert ROUTE_RUBBLE == {"omaha": 8} and STRIP_RUBBLE == 15
    assert list(ROUTES) == ["rocky_mountaineer", "sacramento", "omaha"]
    for player in state["players"]:
        assert player["rubble"] == ["route", "industry"]
        assert {"stock", "golden_spike"} <= set(player["ideas"])
        assert player["wrenches"] == [0, 0] and player["wrench_tracks"] == [0, 1]
    assert state["stock"]["levels"][0] == [0, 1, 2, 3] and len(state["stock"]["offer"]) == 8
    assert len(state["steelworks"]) == 3 and set(state["steelworks"]) <= set(STACKS)


def test_sprengungen_rubble_blocks_tracks_until_a_blast_field_removes_it_for_10_points():
    """So lange ein Geröllplättchen auf einem Feld liegt, darfst du weder ein Gleis ... auf oder
    über dieses Feld ziehen; meeting a blast field's condition (fields 3 and 4 of the top
    route) removes one at once and gives 10 points."""
    state = america()
    state["players"][0]["rubble"] = ["route"]
    with_tracks(state, 0, "omaha", wood=ROUTE_RUBBLE["omaha"] - 1)
    assert not can_step(state["players"][0], "omaha", "wood")
    assert route_end(state["players"][0], "omaha") == ROUTE_RUBBLE["omaha"] - 1
    blast = special("rocky_mountaineer", "blast")
    assert {s["field"] for s in ROUTES["rocky_mountaineer"]["specials"] if s["type"] == "blast"} == {3, 4}
    player = state["players"][0]
    with_tracks(state, 0, "rocky_mountaineer", wood=blast["field"] - 1)
    player["locos"]["rocky_mountaineer"] = ["9", "1"]
    state = decision(state, 0, "track", colours=[blast["track"]], left=1)
    state = act(state, 0, "step #0 rocky_mountaineer")
    player = state["players"][0]
    assert player["rubble"] == [] and player["score"] == 10
    assert can_step(player, "omaha", "wood")


def test_sprengungen_both_rubble_tiles_you_choose_which_and_the_lower_wrench_is_blocked():
    """Dann entfernst du sofort eines der beiden Geröllplättchen; the rubble on the lower
    industry track stops that wrench before field 15 (neither onto nor over it)."""
    state = america()
    player = state["players"][0]
    player["wrenches"][0] = STRIP_RUBBLE - 1
    player["factories"] = ["2", "3", "4", "5", "6"]
    assert not can_advance(player, 0) and can_advance(player, 1)
    with_tracks(state, 0, "rocky_mountaineer", wood=2)
    player["locos"]["rocky_mountaineer"] = ["9", "1"]
    state = decision(state, 0, "track", colours=["wood"], left=1)
    state = act(state, 0, "step #0 rocky_mountaineer")
    assert {m["rubble"] for m in moves_of(state, 0, "blast")} == {"route", "industry"}
    state = act(state, 0, f"blast #{item(state, 'blast')} industry")
    player = state["players"][0]
    assert player["rubble"] == ["route"] and player["score"] == 10 and can_advance(player, 0)


def test_felder_mit_muenze_pay_one_coin_now_or_in_a_later_own_turn_for_a_stock_step_once():
    """Reaching a coin field with the shown track, you MAY pay 1 coin for the stock step,
    also in a later turn of yours; a done-marker shows it was taken (once)."""
    state = america()
    coin = special("sacramento", "coin_stock")
    state = decision(state, 0, "track", colours=[coin["track"]], left=1)
    with_tracks(state, 0, "sacramento", wood=coin["field"] + 1, **{coin["track"]: coin["field"] - 1})
    state = act(state, 0, "step #0 sacramento")
    tag = f"sacramento:{coin['field']}"
    assert state["players"][0]["coin_fields"] == [tag] and state["pool"] is None
    coins = state["players"][0]["coins"]
    assert {"action": "stock", "use": tag} in ENGINE.legal_moves(state, 0)       # later, in its turn
    state = act(state, 0, f"stock {tag}")
    player = state["players"][0]
    assert player["coins"] == coins - 1 and level_of(state, 0) == 1 and player["coin_fields_done"] == [tag]
    state = act(state, 0, f"dividend #{item(state, 'dividend')} dividend_coin")
    assert not [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "stock"]


def test_felder_mit_muenze_sonderfall_not_during_payouts_or_the_turn_order_relocation():
    """Die Ausschüttung des Aktienmarktes und das Versetzen des Zugreihenfolge-Arbeiters sind
    keine eigenen Züge: no coin paid then (passing is a turn: before it you may)."""
    state = america(2)
    state["players"][1]["coin_fields"] = ["sacramento:5"]
    state["stock"]["tiles"][1] = "dividend_wood"
    state["stock"]["levels"] = [[0], [1]] + [[] for _ in range(LEVELS - 1)]
    state["payout_queue"] = [1]
    state = decision(state, 0, "track", colours=["wood"], left=1, then="turn")
    state = act(state, 0, "step #0 sacramento")
    assert state["pool"]["then"] == "payout" and state["pool"]["seat"] == 1
    assert not moves_of(state, 1, "stock")
    state = act(state, 1, "drop #0")
    assert state["pool"] is None and ENGINE.to_act(state) == [1]
    assert moves_of(state, 1, "stock")                          # its own turn, before passing
    state["phase"], state["relocation_queue"] = "relocation", [1]
    assert not moves_of(state, 1, "stock")


def test_felder_mit_muenze_sonderfall_auch_passen_gilt_als_spielzug():
    """FELDER MIT MÜNZE, SONDERFALL: "Auch „passen“ gilt dabei als Spielzug": unlike coal,
    a seat that can only pass may pay its coin for the stock step and then pass in the same
    turn; while moving the turn-order worker the payment is refused, naming the rule."""
    state = america(2)
    player = state["players"][0]
    player.update(coin_fields=["sacramento:5"], placed=player["workers"], coins=1, temps=0, wooden=False)
    state = act(state, 0, "stock sacramento:5")
    state = act(state, 0, f"dividend #{item(state, 'dividend')} dividend_coin")
    assert state["players"][0]["coin_fields_done"] == ["sacramento:5"] and level_of(state, 0) == 1
    state = act(state, 0, "pass")
    assert state["players"][0]["passed"]
    state = america(2)
    state["players"][0]["coin_fields"] = ["sacramento:5"]
    state.update(phase="relocation", relocation_queue=[0], claims={"1": 0})
    with pytest.raises(IllegalMove) as refused:
        act(state, 0, "stock sacramento:5")
    assert "FELDER MIT MÜNZE" in refused.value.rule and "Versetzen" in refused.value.rule


def test_der_golden_spike_10_per_route_end_at_every_scoring_25_with_the_idea_tile():
    """Meeting the last field's condition of SACRAMENTO and/or OMAHA: +10 at every route
    scoring, twice with both; with the Golden Spike idea tile 25 each."""
    state = america()
    player = state["players"][0]
    player["locos"]["sacramento"] = ["10a"]
    player["locos"]["omaha"] = ["10b"]
    with_tracks(state, 0, "sacramento", wood=ROUTES["sacramento"]["length"])
    before = route_points(player, "sacramento")
    player["tracks"]["sacramento"]["wood"] -= 1
    assert before - route_points(player, "sacramento") == 10 + track_points(player)["wood"]   # the spike, a field
    player["tracks"]["sacramento"]["wood"] += 1
    player["rubble"] = []
    with_tracks(state, 0, "omaha", wood=ROUTES["omaha"]["length"])
    with_spike = round_points(player)
    state = decision(state, 0, "idea")
    state = act(state, 0, "idea #0 golden_spike")
    after = round_points(state["players"][0])
    assert after["sacramento"] - with_spike["sacramento"] == 15 and after["omaha"] - with_spike["omaha"] == 15


def test_der_golden_spike_achtung_the_routes_are_not_connected():
    """Ihr könnt die Gleise also nicht über das Ende hinausziehen."""
    state = america()
    with_tracks(state, 0, "sacramento", wood=ROUTES["sacramento"]["length"])
    assert not can_step(state["players"][0], "sacramento", "wood")


def test_gleisfarben_all_five_colours_on_every_route_still_two_silver_and_one_gold():
    state = america()
    player = state["players"][0]
    assert all(r["colours"] == ["wood", "green", "bronze", "silver", "gold"] for r in ROUTES.values())
    player["unlocked"] = ["wood", "green", "bronze", "silver"]
    for route_id in ROUTES:
        with_tracks(state, 0, route_id, wood=5, green=4, bronze=3, silver=0)
    player["tracks"]["rocky_mountaineer"]["silver"] = 1
    player["tracks"]["sacramento"]["silver"] = 1
    assert not can_step(player, "omaha", "silver")          # both silver tracks are out


def test_verdoppler_sacramento_and_omaha_show_three_doubler_fields_each():
    """Each doubler taken is laid on a route with a free doubler field."""
    state = america()
    assert ROUTES["sacramento"]["doubler_fields"] == ROUTES["omaha"]["doubler_fields"] == 3
    state = decision(state, 0, "track", colours=["wood"], left=1)
    from service.games.ultimate_railroads.effects import gain
    gain(state, 0, {"type": "take_doubler", "count": 2}, direct=False)
    assert {m["route"] for m in moves_of(state, 0, "doubler")} == set(ROUTES)
    state["players"][0]["doubler_routes"]["omaha"] = 3
    assert "omaha" not in {m["route"] for m in moves_of(state, 0, "doubler")}
    state = act(state, 0, f"doubler #{item(state, 'doubler')} sacramento",
                f"doubler #{item(state, 'doubler')} sacramento")
    player = state["players"][0]
    player["locos"]["sacramento"] = ["10a"]
    with_tracks(state, 0, "sacramento", wood=5, green=4)
    green = track_points(player)["green"]
    assert player["doubler_routes"]["sacramento"] == 2 and route_points(player, "sacramento") == (4 + 2) * green


def test_industrieleiste_mit_2_strecken_the_upper_track_moves_over_gaps_and_uses_the_factory_below():
    """Upper track: onto and over gaps; on the field above a gap with a factory you do its
    action, above an empty gap nothing happens; each wrench bound to its track."""
    state = america()
    player = state["players"][0]
    assert room(player) >= len(UPPER) - 1                       # the upper one passes the empty gaps
    assert room({**player, "wrenches": [0], "wrench_tracks": [0]}) == LOWER.index("gap") - 1   # not the lower
    over = UPPER.index("over")
    player["wrenches"][1] = over - 1
    player["factories"][0] = "6"                                # the #6 factory: 1 coin (base data)
    coins = player["coins"]
    state = decision(state, 0, "industry", left=1)
    state = act(state, 0, "industry #0 wrench 1")
    assert state["players"][0]["wrenches"] == [0, over] and state["players"][0]["coins"] == coins + 1
    state = america()
    state["players"][0]["wrenches"][1] = over - 1
    state = decision(state, 0, "industry", left=1)
    events = ENGINE.apply(state, 0, ENGINE.parse("industry #0 wrench 1"))[1]
    assert [e["type"] for e in events if e["type"] != "industry"] == []      # an empty gap: nothing


def test_industrieleiste_hinweis_a_factory_built_under_a_passed_field_gives_nothing():
    state = america()
    player = state["players"][0]
    player["wrenches"][1] = UPPER.index("over") + 1              # already passed gap 0
    state = decision(state, 0, "factory")
    coins = player["coins"]
    state = act(state, 0, "factory #0")
    assert state["players"][0]["factories"][0] is not None and state["players"][0]["coins"] == coins


def test_aktientableau_the_first_on_a_level_chooses_its_dividend_tile_later_ones_may_do_it():
    """First there: leftmost, choose a tile for the level's star and do it; later: to the right,
    and do that level's tile."""
    state = america()
    stock = special("rocky_mountaineer", "stock")
    for seat in (0, 1):
        with_tracks(state, seat, "rocky_mountaineer", wood=stock["field"] - 1)
        state["players"][seat]["locos"]["rocky_mountaineer"] = ["9", "1"]
    state = decision(state, 0, "track", colours=["wood"], left=1)
    state = act(state, 0, "step #0 rocky_mountaineer")
    assert {m["tile"] for m in moves_of(state, 0, "dividend")} == set(DIVIDENDS)
    score = state["players"][0]["score"]
    state = act(state, 0, f"dividend #{item(state, 'dividend')} dividend_points")
    assert state["stock"]["tiles"][1] == "dividend_points" and state["players"][0]["score"] == score + 5
    state["pool"] = None
    state = decision(state, 1, "track", colours=["wood"], left=1)
    state = act(state, 1, "step #0 rocky_mountaineer")
    assert state["stock"]["levels"][1] == [0, 1] and state["players"][1]["score"] == 5
    assert "dividend_points" not in state["stock"]["offer"]


def test_aktientableau_achtung_already_on_top_the_marker_stays_and_you_get_a_personal_payout():
    state = america()
    state["stock"]["levels"] = [[1, 2, 3]] + [[] for _ in range(LEVELS - 1)] + [[0]]
    state["stock"]["tiles"] = [None, "dividend_coin"] + [None] * (LEVELS - 2) + ["dividend_points"]
    from service.games.ultimate_railroads.america import stock_step
    state = decision(state, 0, "track", colours=["wood"], left=1)
    coins = state["players"][0]["coins"]
    stock_step(state, 0)
    assert level_of(state, 0) == LEVELS
    assert state["players"][0]["coins"] == coins + 1 and state["players"][0]["score"] == 5


def test_persoenliche_ausschuettung_beispiel_blue_gets_5_points_1_coin_2_industry_and_3_single_steps():
    """BEISPIEL: Blau bekommt 5 Punkte, 1 Münze, 2 Industrieschritte und jeweils 1 Schritt
    of three colours: every tile of its level and below, in any order, each may lapse."""
    state = america()
    tiles = ["dividend_points", "dividend_coin", "dividend_industry_2", "dividend_green",
             "dividend_bronze", "dividend_silver"]
    state["stock"]["tiles"] = [None] + tiles + [None] * (LEVELS - len(tiles))
    state["stock"]["levels"] = [[1, 2, 3]] + [[] for _ in range(len(tiles) - 1)] + [[0]] + \
        [[] for _ in range(LEVELS - len(tiles))]
    state["players"][0]["unlocked"] = ["wood", "green", "bronze", "silver"]
    from service.games.ultimate_railroads.america import personal_payout
    state = decision(state, 0, "track", colours=["wood"], left=1)
    coins = state["players"][0]["coins"]
    personal_payout(state, 0)
    player = state["players"][0]
    assert player["score"] == 5 and player["coins"] == coins + 1
    waiting = sorted((i["kind"], str(i.get("colours")), i["left"]) for i in state["pool"]["items"][1:])
    assert waiting == [("industry", "None", 2), ("track", "['bronze']", 1), ("track", "['green']", 1),
                       ("track", "['silver']", 1)]
    assert all(not i["direct"] for i in state["pool"]["items"])          # may lapse


def take_last_four(state, seat):
    """Seat takes the last loco of the #4 stack (the steelworks' stack in the example)."""
    for stack in STACKS:
        state["stacks"][stack] = 0 if STACKS[stack] < 4 else state["stacks"][stack]
    state["stacks"]["4"] = 1
    return decision(state, seat, "loco", direct=True, then="turn")


def test_das_stahlwerk_the_last_loco_of_its_stack_gives_it_built_like_a_factory_or_boxed():
    state = take_last_four(america(), 0)
    state = act(state, 0, "lay #0 sacramento 0")
    assert "4" not in state["steelworks"]
    assert moves_of(state, 0, "steelworks")[-1] == {"action": "steelworks", "item": 1, "box": 1}
    state = act(state, 0, "steelworks #1 gap 0")
    player = state["players"][0]
    assert player["factories"][0] == "steelworks_4"
    per_factory = next(c for c, card in END_CARDS.items() if card["scoring"]["type"] == "per_factory")
    assert end_card_points(player, per_factory) == END_CARDS[per_factory]["scoring"]["points"]   # counts
    player["wrenches"][1] = UPPER.index("over") - 1
    with_tracks(state, 0, "sacramento", wood=5, **{AMERICA["steelworks"][0]["effect"]["colours"][0]: 0})
    state = decision(state, 0, "industry", left=1)
    state = act(state, 0, "industry #0 wrench 1")
    assert [i["colours"] for i in state["pool"]["items"] if i["kind"] == "track"] == [
        AMERICA["steelworks"][0]["effect"]["colours"]]           # 1 step with a track


def test_das_stahlwerk_may_be_swapped_for_a_new_factory_before_all_five_gaps_are_filled():
    state = america()
    player = state["players"][0]
    player["factories"] = ["steelworks_4", None, None, None, None]
    state = decision(state, 0, "factory")
    assert {m.get("gap") for m in moves_of(state, 0, "factory")} == {0, 1}
    state = act(state, 0, "factory #0 gap 0")
    assert state["players"][0]["factories"][0] != "steelworks_4"
    assert "steelworks_4" not in state["returned"]                    # back in the box


def test_allgemeine_ausschuettung_beispiel_after_the_turn_everyone_from_red_on_gets_a_payout():
    """BEISPIEL: Rot takes the last 4 loco and the steelworks: after the turn Rot, then
    Gelb, Grün and Blau (turn order) each get the tiles of their level and below, at once."""
    state = america()
    red, yellow, green, blue = 0, 1, 2, 3
    state["stock"]["tiles"] = [None, "dividend_industry_1", "dividend_coin", "dividend_wood"] + [None] * (LEVELS - 3)
    state["stock"]["levels"] = [[], [green], [red, yellow], [blue]] + [[] for _ in range(LEVELS - 3)]
    coins = [p["coins"] for p in state["players"]]
    state = take_last_four(state, red)
    state = act(state, red, "lay #0 sacramento 0", "steelworks #1 box 1")
    seen = []
    while state["pool"] and state["pool"]["then"] == "payout":
        seat = state["pool"]["seat"]
        seen.append((seat, sorted(i["kind"] for i in state["pool"]["items"])))
        with pytest.raises(IllegalMove):
            act(state, seat, "pass")
        for waiting in list(state["pool"]["items"]):
            state = act(state, seat, f"drop #{waiting['id']}")
            if not state["pool"] or state["pool"]["seat"] != seat:
                break
    assert seen == [(red, ["industry"]), (yellow, ["industry"]), (green, ["industry"]),
                    (blue, ["industry", "track"])]
    assert [p["coins"] - c for p, c in zip(state["players"], coins)] == [1, 1, 0, 1]
    assert state["order"][state["turn"]] == yellow


def test_das_aktien_ideenplaettchen_first_the_step_and_its_tile_then_a_personal_payout():
    state = america()
    state["stock"]["tiles"][1] = "dividend_points"
    state["stock"]["levels"] = [[0, 2, 3], [1]] + [[] for _ in range(LEVELS - 1)]
    state = decision(state, 0, "idea")
    state = act(state, 0, "idea #0 stock")
    assert level_of(state, 0) == 1 and state["players"][0]["score"] == 10      # the tile, then the payout
    state["pool"] = None
    state["players"][0]["ideas"].append("stock")
    coins = state["players"][0]["coins"]
    state = decision(state, 0, "idea")
    state = act(state, 0, "idea #0 stock")                    # first on level 2: its tile first
    assert state["players"][0]["score"] == 10 and level_of(state, 0) == 2
    state = act(state, 0, f"dividend #{item(state, 'dividend')} dividend_coin")
    player = state["players"][0]
    assert state["stock"]["tiles"][2] == "dividend_coin"
    assert player["score"] == 15 and player["coins"] == coins + 2     # the tile, then the payout with it


def test_bonus_bei_spielende_20_to_the_highest_10_to_the_second_the_left_one_wins_a_tie():
    state = america()
    state["stock"]["levels"] = [[3], [], [2, 0], [], [1]] + [[] for _ in range(LEVELS - 4)]
    assert end_bonus(state) == [0, 20, 10, 0]                  # seat 2 lies left of seat 0


def test_emil_und_amerika_his_marker_starts_on_the_left_of_level_3_and_takes_its_place_in_the_bonus():
    state = america(1, emil=True)
    assert state["stock"]["levels"][3] == ["emil"]
    state["stock"]["levels"] = [[] for _ in range(LEVELS + 1)]
    state["stock"]["levels"][3] = ["emil", 0]
    assert end_bonus(state) == [10]


def test_ideenplaettchen_second_wrench_with_the_america_strip_no_further_wrench_but_the_two_steps():
    state = america()
    state = decision(state, 0, "idea")
    state = act(state, 0, "idea #0 second_wrench")
    assert state["players"][0]["wrenches"] == [0, 0]
    assert [i["left"] for i in state["pool"]["items"] if i["kind"] == "industry"] == [2]


@pytest.mark.parametrize("board,strip,rubble", [("america", "russia", ["route"]),
                                                 ("america", "germany", ["route"]),
                                                 ("russia", "america", None), ("germany", "america", None)])
def test_kombinationen_amerikatableau_oder_amerika_industrieleiste_which_rubble_lies(board, strip, rubble):
    """America board with another strip: only the route's rubble; the American strip with
    another board: no rubble at all (and its two tracks, both wrenches)."""
    player = a_game(2, board=board, strip=strip)["players"][0]
    assert player.get("rubble") == rubble
    assert (player["wrenches"] == [0, 0]) == (strip == "america")


def test_kombinationen_amerika_industrieleiste_und_deutschlandtableau_the_3rd_wrench_on_a_track_you_choose():
    state = a_game(2, board="germany", strip="america")
    from service.games.ultimate_railroads.special_fields import gain_wrench
    state = decision(state, 0, "idea")
    gain_wrench(state, 0)
    assert {m["track"] for m in moves_of(state, 0, "wrench_track")} == {0, 1}
    state = act(state, 0, f"wrench_track #{item(state, 'wrench_track')} 1")
    assert state["players"][0]["wrenches"] == [0, 0, 0] and state["players"][0]["wrench_tracks"] == [0, 1, 1]


def test_options_an_unknown_strip_is_refused_naming_the_option():
    from service.games.base import OptionError
    with pytest.raises(OptionError) as refused:
        GAME.resolve_options({"board": "america", "strip": "asia"}, 2)
    assert refused.value.name == "strip"
