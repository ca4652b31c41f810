"""SOLOVARIANTE (EMIL WILL SPIELEN), rulebook p.44-45: one seat against Emil, each test
named after the heading it checks; the rulebook's pictured examples are tests."""
from __future__ import annotations

import pytest

from service.games.base import OptionError
from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads import emil
from service.games.ultimate_railroads.data import loco_number
from service.games.ultimate_railroads.flow import final_scoring
from service.games.ultimate_railroads.setup import setup
from service.games.ultimate_railroads.engine import ENGINE
from service.games.ultimate_railroads.placement import place_moves
from tests.games.harness import canonical, full_check, play_random_game, replay
from tests.games.ultimate_railroads.builders import act, place

SOLO = {"emil": True}


def a_solo_game(seed: int = 1, deck: list[str] | None = None) -> dict:
    """A fresh solo game before Emil's first turn, with the given cards on top of his deck."""
    state = setup(GAME.resolve_options(SOLO, 1), 1, seed)
    if deck:
        state["emil"]["deck"] = deck + [c for c in state["emil"]["deck"] if c not in deck]
    return state


def spaces_open(state: dict) -> set[str]:
    return {m["space"] for m in place_moves(state, 0)}


# AUFBAU

def test_aufbau_two_player_board_five_coins_emil_six_workers_two_beside_field_50():
    state = ENGINE.setup(GAME.resolve_options(SOLO, 1), 1, 7)
    player = state["players"][0]
    assert player["coins"] == 5 and player["workers"] == 6
    assert state["phase"] == "actions" and state["start_bonus"] == [] and state["rounds"] == 6
    assert state["emil"]["workers"] == 6 and state["emil"]["reserve"] == [50, 150]
    assert len(state["emil"]["deck"]) + len(state["emil"]["discard"]) == 16   # no coal/Werklok card


def test_aufbau_coins_space_covered_turn_order_and_last_round_tile_not_used():
    """1: das Aktionsfeld 2 Münzen ... steht nicht zur Verfügung; 2: Letzte-Runde-Plättchen
    and Reihenfolgeleiste have no meaning; the 2-player side's spaces otherwise."""
    state = a_solo_game()
    assert ENGINE.apply(state, 0, place("track_wood_2", workers=2))       # a 2-player space
    for closed in ("coins", "turn_order_1", "last_round", "track_wood_1", "temporary_workers"):
        assert closed not in spaces_open(state)
        with pytest.raises(Exception):
            ENGINE.apply(state, 0, place(closed))
    state["round"] = state["rounds"]
    assert "last_round" not in spaces_open(state)


# ABLAUF

def test_ablauf_emil_begins_the_game_by_blocking_a_space():
    """Emil beginnt das Spiel: before your first move one space holds Emil's workers."""
    state = ENGINE.setup(GAME.resolve_options(SOLO, 1), 1, 3)
    blocked = [sid for sid, rec in state["spaces"].items() if rec["seat"] == emil.EMIL]
    assert len(blocked) == 1 and len(state["emil"]["discard"]) >= 1
    assert ENGINE.to_act(state) == [0]


def test_ablauf_example_two_workers_on_two_industry_steps():
    """Pictured: Du stellst 2 Arbeiter aus Emils Vorrat auf das Feld „2 Industrieschritte“."""
    state = a_solo_game(deck=["industry-2step"])
    events = emil.emil_turn(state)
    assert state["spaces"]["industry_2"] == {"seat": "emil", "workers": 2, "temps": 0, "wood": 0,
                                             "coins": 0}
    assert state["emil"]["placed"] == 2 and events[0]["space"] == "industry_2"
    assert "industry_2" not in spaces_open(state)


def test_ablauf_after_your_turn_emil_reveals_the_next_card():
    state = a_solo_game(deck=["industry-2step", "doubler"])
    emil.emil_turn(state)
    state = act(state, 0, place("track_wood_2", workers=2), *["step #0 transsib"] * 3)
    assert state["spaces"]["doubler"]["seat"] == "emil"


# BESONDERE REGELN FÜR EMIL

def test_emil_ist_selbst_blockiert_example_only_two_workers_left():
    """Pictured: Emil hat nur noch 2 Arbeiter und kann dieses Feld nicht besetzen (the
    3-worker loco and factory space): the card is discarded, the next one is used."""
    state = a_solo_game(deck=["build-locomotive-and-factory", "doubler"])
    state["emil"]["placed"] = 4
    events = emil.emil_turn(state)
    assert "loco_and_factory_3" not in state["spaces"] and state["spaces"]["doubler"]["seat"] == "emil"
    assert events[0]["skipped"] == ["build-locomotive-and-factory"]


def test_emil_ist_selbst_blockiert_example_space_already_occupied():
    """Pictured: Das Feld ist bereits besetzt: discard, reveal the next."""
    state = a_solo_game(deck=["industry-1step", "doubler"])
    state["spaces"]["industry_1"] = {"seat": 0, "workers": 1, "temps": 0, "wood": 0, "coins": 0}
    emil.emil_turn(state)
    assert state["spaces"]["industry_1"]["seat"] == 0 and state["spaces"]["doubler"]["seat"] == "emil"


def test_emil_passes_without_card_or_worker_and_you_play_on():
    """Hat Emil zu Beginn seines Zuges keine Karte mehr ... oder keine Arbeiter, passt
    Emil. Du darfst weiterhin Züge machen."""
    state = a_solo_game()
    state["emil"]["placed"] = state["emil"]["workers"]
    assert emil.emil_turn(state) == [{"type": "emil_passes"}] and state["emil"]["passed"]
    state = a_solo_game()
    state["emil"]["deck"] = []
    assert emil.emil_turn(state) == [{"type": "emil_passes"}]
    state = act(state, 0, place("track_wood_2", workers=2), *["step #0 transsib"] * 3)
    assert ENGINE.to_act(state) == [0] and state["phase"] == "actions"


def test_emils_karte_zeigt_ein_aktionsfeld_mit_muenze_coin_from_the_supply():
    """The coin comes from the general supply, the worker from Emil's; your coins stay."""
    state = a_solo_game(deck=["build-track-wild-2step"])
    emil.emil_turn(state)
    assert state["spaces"]["track_any_coin"]["workers"] == 1
    assert state["spaces"]["track_any_coin"]["coins"] == 1
    assert state["players"][0]["coins"] == 5 and state["emil"]["placed"] == 1
    state = a_solo_game(deck=["hire-engineer"])
    emil.emil_turn(state)
    assert state["spaces"]["engineer_hire"]["coins"] == 1 and state["emil"]["placed"] == 0


def test_emil_blockiert_nur_felder_die_du_auch_willst():
    """A card with steps of a colour you cannot use yet is discarded."""
    state = a_solo_game(deck=["build-track-level3-1step", "build-track-level1-3step"])
    emil.emil_turn(state)
    assert "track_bronze_1" not in state["spaces"] and state["spaces"]["track_wood_2"]["seat"] == "emil"
    state = a_solo_game(deck=["build-track-level3-1step"])
    state["players"][0]["unlocked"].append("bronze")
    emil.emil_turn(state)
    assert state["spaces"]["track_bronze_1"]["seat"] == "emil"


def test_emil_sammelt_lokomotiven_lowest_loco_then_lowest_factory():
    state = a_solo_game(deck=["build-locomotive-or-factory"])
    low = min((s for s in state["stacks"] if state["stacks"][s]), key=loco_number)
    assert low == "2"
    emil.emil_turn(state)
    assert state["emil"]["tiles"] == [low] and state["stacks"][low] == 1
    state = a_solo_game(deck=["build-locomotive-and-factory"])
    state["stacks"] = {s: 0 for s in state["stacks"]}
    state["returned"] = ["7", "4"]
    emil.emil_turn(state)
    assert state["emil"]["tiles"] == ["4"] and state["returned"] == ["7"]


def test_emil_sammelt_ingenieurinnen_from_the_hiring_field():
    state = a_solo_game(deck=["hire-engineer"])
    number = state["strip"][-1]
    emil.emil_turn(state)
    assert state["emil"]["engineers"] == [number] and state["strip"][-1] is None


def test_emil_blocks_the_field_with_the_horizontal_engineer():
    """Bei dieser Karte möchte Emil das Feld mit der horizontalen Ingenieurin blockieren."""
    state = a_solo_game(deck=["use-engineer-light-side"])
    emil.emil_turn(state)
    assert state["spaces"]["engineer_left"]["seat"] == "emil" and not state["emil"]["engineers"]


def test_emil_bekommt_neues_spielzeug_at_50_during_the_round():
    """Solltest du das Feld in der laufenden Runde erreichen und Emil hat noch nicht
    gepasst, kann er seinen neuen Arbeiter in dieser Runde noch nutzen."""
    state = a_solo_game(deck=["industry-2step", "build-locomotive-and-factory", "doubler"])
    emil.emil_turn(state)
    state["emil"]["placed"] = 4                 # 2 left: the 3-worker card would be skipped
    state["players"][0]["score"] = 49
    state["players"][0]["score"] += 1           # you reach 50 in your turn
    state = act(state, 0, place("track_wood_2", workers=2), *["step #0 transsib"] * 3)
    assert state["emil"]["workers"] == 7 and state["emil"]["reserve"] == [150]
    assert state["spaces"]["loco_and_factory_3"]["seat"] == "emil"
    state["players"][0]["score"] = 150
    emil.new_workers(state)
    assert state["emil"]["workers"] == 8 and state["emil"]["reserve"] == []


# DEIN ZUG, NACH DER WERTUNG

def test_dein_zug_passing_ends_the_round_scores_and_reshuffles_emils_cards():
    """Bis du keinen Zug mehr machen kannst oder möchtest: then the round ends, you score,
    all workers come back, Emil's cards are shuffled and he begins again. No
    turn-order card: passing scores nothing."""
    state = ENGINE.setup(GAME.resolve_options(SOLO, 1), 1, 5)
    state, events = ENGINE.apply(state, 0, {"action": "pass"})
    assert any(e["type"] == "pass" and e["seat"] == 0 and e["points"] == 0 for e in events)
    assert any(e["type"] == "scoring" and e["round"] == 1 for e in events)
    assert state["round"] == 2 and state["phase"] == "actions"
    assert len(state["emil"]["deck"]) + len(state["emil"]["discard"]) == 16
    assert [r["seat"] for r in state["spaces"].values()] == ["emil"]
    assert state["players"][0]["placed"] == 0 and not state["emil"]["passed"]


# SPIELENDE

@pytest.mark.parametrize("mine,emils,share", [([3, 5], [2, 4, 6], 20), ([3, 5], [2, 4], 40),
                                              ([3], [], 40), ([], [2], 0)])
def test_spielende_mehrheit_emil_with_more_engineers_leaves_you_second_place(mine, emils, share):
    """Hat Emil mehr Ingenieurinnen als du, bekommst du nur die Punkte für den 2. Platz
    (a tie is not more; without engineers you get nothing, as in every game)."""
    state = a_solo_game()
    state["players"][0]["engineers"], state["emil"]["engineers"] = mine, emils
    state["round"] = state["rounds"] + 1
    events = final_scoring(state)
    assert events[0]["points"][0]["engineers"] == share
    assert ENGINE.result(state)["scores"] == [state["players"][0]["score"]]


def test_spielende_after_six_rounds_only_your_points():
    played = play_random_game(GAME, 1, 3, SOLO)
    result = ENGINE.result(played.state)
    assert played.state["round"] == 7 and result["ranking"] == [[0]]
    assert len(result["scores"]) == 1


# The generic harness, replay, hidden deck

def test_solo_random_game_passes_the_generic_checks():
    """Every listed move applies, unlisted ones are refused, views leak nothing."""
    play_random_game(GAME, 1, seed=4, options=SOLO, check=full_check(1))


@pytest.mark.parametrize("seed", [11, 12])
def test_solo_replay_from_seed_and_log_gives_the_same_state(seed):
    played = play_random_game(GAME, 1, seed, SOLO)
    again = replay(GAME, 1, seed, SOLO, played.log)
    assert canonical(ENGINE.dump(again)) == canonical(ENGINE.dump(played.state))


def test_emils_deck_is_face_down_in_every_view():
    state = ENGINE.setup(GAME.resolve_options(SOLO, 1), 1, 9)
    for seat in (None, 0):
        shown = ENGINE.view(state, seat)["public"]["emil"]
        assert shown["deck"] == len(state["emil"]["deck"]) and shown["discard"] == state["emil"]["discard"]
    assert "Emil" in ENGINE.render_text(state, 0)


# The game type: which player counts each option allows

def test_option_emil_says_which_player_counts_it_allows():
    option = {o["name"]: o for o in GAME.as_dict()["options"]}["emil"]
    assert option["players"] == [{"value": False, "players": [2, 3, 4]},
                                 {"value": True, "players": [1]}]
    assert GAME.as_dict()["min_players"] == 1
    assert GAME.resolve_options({}, 1)["emil"] is True
    assert GAME.resolve_options({}, 3)["emil"] is False


@pytest.mark.parametrize("given,seats", [({"emil": True}, 2), ({"emil": False}, 1)])
def test_option_emil_refused_with_the_wrong_player_count(given, seats):
    with pytest.raises(OptionError) as refused:
        GAME.resolve_options(given, seats)
    assert refused.value.name == "emil" and f"with {seats}" in refused.value.reason
