"""SPIELZUG, RUNDENENDE and the deck tile (KREDIT AUFNEHMEN reminder)."""
from __future__ import annotations

import pytest

from service.games.brass_lancashire import flow
from service.games.brass_lancashire.income import HIGHEST_POSITION

from .builders import ENGINE, a_game, apply


def test_one_action_in_the_first_canal_round():
    s = a_game(3).state
    seat = ENGINE.to_act(s)[0]
    assert s.actions_left == 1
    s = apply(s, seat, {"action": "pass", "card": s.hands[seat][0]})
    assert ENGINE.to_act(s) == [s.order[1]] and s.actions_left == 1


def test_refill_to_eight_after_the_turn():
    s = a_game(3).state
    seat = s.order[0]
    deck = len(s.deck)
    s = apply(s, seat, {"action": "pass", "card": s.hands[seat][0]})
    assert len(s.hands[seat]) == 8 and len(s.deck) == deck - 1
    assert len(s.discards[seat]) == 1


def test_two_actions_per_turn_after_the_first_round():
    g = a_game(3).on_turn(0, actions=2, round=2)
    s = apply(g.state, 0, {"action": "pass", "card": g.state.hands[0][0]})
    assert ENGINE.to_act(s) == [0] and s.actions_left == 1
    s = apply(s, 0, {"action": "pass", "card": s.hands[0][0]})
    assert ENGINE.to_act(s) != [0] and len(s.hands[0]) == 8


def test_hands_shrink_once_the_deck_is_out():
    g = a_game(3).on_turn(0, actions=2, round=2)
    g.state.deck = []
    s = apply(g.state, 0, {"action": "pass", "card": g.state.hands[0][0]})
    s = apply(s, 0, {"action": "pass", "card": s.hands[0][0]})
    assert len(s.hands[0]) == 6


def test_the_cards_under_the_deck_tile_are_not_drawn_in_the_canal_era():
    s = a_game(2).state
    s.deck = []
    s.hands[0] = []
    flow.refill(s, 0)
    assert s.hands[0] == [] and len(s.beneath) == 2


def test_turn_order_by_money_spent_ties_keep_their_order():
    """RUNDENENDE 1: least spent first; equal spenders keep their relative order."""
    s = a_game(4).state
    s.order, s.spent = [2, 0, 1, 3], [5, 0, 5, 3]
    flow.order_by_money_spent(s)
    assert s.order == [1, 3, 2, 0] and s.spent == [0, 0, 0, 0]


def test_income_is_collected_by_level():
    """RUNDENENDE 2: each player receives the money of their income level."""
    s = a_game(2).state
    s.income = [HIGHEST_POSITION[5], HIGHEST_POSITION[0]]
    flow.collect_income(s)
    assert s.money == [35, 30]


@pytest.mark.parametrize("era, options", [("rail", {}), ("canal", {"length": "introductory"})])
def test_no_income_after_the_last_round_of_the_game(era, options):
    """RUNDENENDE 2, Ausnahme: "Am Ende der letzten Runde des Spiels erhalten die
    Spieler kein Einkommen." Issue 12, finding 5, decided by the rulebook: the
    VARIANTE ZUM EINSTIEG "spielt sich wie das vollständige Spiel, allerdings wird nur
    die Kanalepoche gespielt", so the canal era's last round is the last round of the
    game and the exception applies (it names the game's last round, not the rail era's).
    "Die Kanalepoche wie oben beschrieben, einschließlich der Zwischenwertung" says how
    the era is played and that its scoring is included; it does not make the game's last
    round pay income. Extra scoring 2 counts the income level in VP instead, which a last
    payment would count twice (once more as cash in extra scoring 1)."""
    s = a_game(2, **options).state
    s.era, s.deck, s.beneath, s.hands = era, [], [], [[], []]
    s.income = [HIGHEST_POSITION[5]] * 2
    flow.collect_income(s)
    assert s.money == [30, 30]


def test_canal_era_income_is_paid_in_its_last_round():
    s = a_game(2).state
    s.deck, s.hands = [], [[], []]
    s.income = [HIGHEST_POSITION[3]] * 2
    flow.collect_income(s)
    assert s.money == [33, 33]


def test_rothschild_tile_surfaces_when_the_rail_deck_runs_out():
    s = a_game(2).state
    s.era, s.round = "rail", 5
    s.deck, s.hands[0] = ["bolton"], ["wigan"] * 6
    flow.refill(s, 0)
    assert s.banker_surfaced == 5 and len(s.hands[0]) == 8 and len(s.beneath) == 1
