"""ENDEN DER EPOCHEN, ENDE DER KANALEPOCHE, ENDE DER EISENBAHNEPOCHE, SPIELSIEG and
the VARIANTE ZUM EINSTIEG."""
from __future__ import annotations

from service.games.brass_lancashire import flow, scoring
from service.games.brass_lancashire.income import HIGHEST_POSITION

from .builders import ENGINE, a_game


def test_links_score_the_icons_of_both_towns_then_leave_the_board():
    """Icons on the board (2 at Northwich, The Midlands, ...) and 1 per flipped tile
    (provisional) at each end."""
    g = (a_game(3).with_tile("bolton:0", 1, "cotton_mill", flipped=True)
         .with_tile("manchester:0", 1, "cotton_mill", flipped=True)
         .with_tile("manchester:1", 2, "cotton_mill", flipped=True)
         .with_tile("manchester:2", 2, "cotton_mill")
         .with_link("bolton__manchester", 0).with_link("macclesfield__the_midlands", 1))
    scoring.score_links(g.state)
    assert g.state.vp == [3, 2, 0] and g.state.links == {}


def test_flipped_tiles_score_unflipped_do_not():
    g = (a_game(2).with_tile("bolton:0", 0, "cotton_mill", level=3, flipped=True)
         .with_tile("wigan:0", 1, "coal_mine", level=2))
    scoring.score_flipped_tiles(g.state)
    assert g.state.vp == [9, 0]


def test_level_3_mill_scores_18_over_both_eras():
    """STRATEGISCHE HINWEISE: a flipped level-3 mill scores 18 VP over both eras."""
    g = a_game(2).with_tile("bolton:0", 0, "cotton_mill", level=3, flipped=True)
    flow.end_era(g.state)
    flow.end_era(g.state)
    assert g.state.vp[0] == 18 + 3   # and £30 = 3 VP at the end


def test_end_of_canal_era_clean_up():
    """Level-1 tiles leave the board; cotton market reset; the deck tile covers 2 cards a
    player; hands of 8 for the rail era."""
    g = (a_game(2).with_tile("bolton:0", 0, "cotton_mill", flipped=True)
         .with_tile("bolton:1", 1, "coal_mine", level=2))
    s = g.state
    s.discards = [s.hands[0] + s.deck[:15], s.hands[1] + s.deck[15:]]
    s.hands, s.deck = [[], []], []
    s.cotton_marker, s.cotton_revealed, s.cotton_face_down = 5, [-2, -3], s.cotton_face_down[2:]
    flow.end_era(s)
    assert s.board["bolton"][0] is None and s.board["bolton"][1]["level"] == 2
    assert s.cotton_marker == 0 and len(s.cotton_face_down) == 7 and s.cotton_revealed == []
    assert len(s.beneath) == 4 and all(len(h) == 8 for h in s.hands) and len(s.deck) == 40 - 4 - 16
    assert s.era == "rail" and s.round == 1 and s.vp[0] == 3 and s.links == {}


def test_rothschild_tile_over_six_cards_at_three_players():
    """ENDE DER KANALEPOCHE 6: "doppelt so viele Karten ... (z.B. 6 Karten bei 3 Spielern)"."""
    s = a_game(3).state
    s.discards[0] = [c for h in s.hands for c in h] + s.deck
    s.hands, s.deck = [[], [], []], []
    flow.end_era(s)
    assert len(s.beneath) == 6 and s.banker_surfaced is None
    assert len(s.deck) + 6 + 3 * 8 == 54


def test_classic_rules_box_cards_before_the_rail_era():
    s = a_game(4, rules="classic").state
    s.discards[0] = [c for h in s.hands for c in h] + s.deck
    s.hands, s.deck = [[], [], [], []], []
    flow.end_era(s)
    assert s.boxed_cards == 2 and len(s.beneath) == 8 and len(s.deck) == 66 - 2 - 8 - 32


def test_cash_scores_one_vp_per_ten_pounds():
    s = a_game(2).with_money(0, 39).with_money(1, 40).state
    scoring.score_cash(s)
    assert s.vp == [3, 4]


def test_ties_broken_by_income_then_cash_then_shared():
    s = a_game(4).state
    s.vp = [50, 50, 50, 50]
    s.income = [HIGHEST_POSITION[5], HIGHEST_POSITION[7], HIGHEST_POSITION[5], HIGHEST_POSITION[5]]
    s.money = [3, 1, 3, 9]
    assert scoring.ranking(s) == [[1], [3], [0, 2]]


def test_result_after_the_rail_era():
    s = a_game(2).state
    s.era = "rail"
    s.vp = [10, 12]
    flow.end_era(s)
    assert ENGINE.result(s)["scores"] == [13, 15] and ENGINE.result(s)["ranking"] == [[1], [0]]


def test_introductory_game_extra_scoring():
    """VARIANTE ZUM EINSTIEG, after the era's own scoring: 1 £4 = 1 VP (at most 15),
    2 income level in VP, 3 "Alle Industrieplättchen der Stufe 2 und höher werden
    erneut gewertet" (all three printed: issue 12, finding 5)."""
    g = (a_game(2, length="introductory").with_money(0, 70).with_money(1, 9)
         .with_tile("bolton:0", 0, "cotton_mill", level=2, flipped=True)
         .with_tile("wigan:0", 1, "coal_mine", flipped=True))
    g.state.income = [HIGHEST_POSITION[4], HIGHEST_POSITION[-2]]
    flow.end_era(g.state)
    assert g.state.vp == [5 + 15 + 4 + 5, 1 + 2 - 2]
    assert ENGINE.result(g.state) is not None


def test_introductory_step_3_scores_flipped_tiles_of_level_2_and_up_again():
    """VARIANTE ZUM EINSTIEG 3 "Alle Industrieplättchen der Stufe 2 und höher werden
    erneut gewertet": *again*, so as ENDEN BEIDER EPOCHEN 2 scored them, where
    "Nicht umgedrehte Industrieplättchen werden nicht gewertet". No cash, income 0.
    Seat 0: cotton mill 3 flipped (9 VP) twice, cotton mill 2 unflipped never: 18.
    Seat 1: iron works 2 flipped (5 VP) twice, coal mine 1 flipped (1 VP) once: 11."""
    g = (a_game(2, length="introductory").with_money(0, 0).with_money(1, 0)
         .with_tile("manchester:0", 0, "cotton_mill", level=3, flipped=True)
         .with_tile("manchester:1", 0, "cotton_mill", level=2)
         .with_tile("bolton:0", 1, "iron_works", level=2, flipped=True)
         .with_tile("wigan:0", 1, "coal_mine", level=1, flipped=True))
    g.state.income = [HIGHEST_POSITION[0]] * 2
    flow.end_era(g.state)
    assert g.state.vp == [9 + 9, 5 + 1 + 5]
