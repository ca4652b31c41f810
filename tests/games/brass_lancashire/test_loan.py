"""AKTION: KREDIT AUFNEHMEN."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.brass_lancashire.income import HIGHEST_POSITION, income_level

from .builders import ENGINE, a_game, apply


@pytest.mark.parametrize("amount, level, position", [(10, -1, 9), (20, -2, 8), (30, -3, 7)])
def test_loan_lowers_income_by_levels(amount, level, position):
    g = a_game(2).on_turn(0).with_hand(0, "wigan", "bolton")
    s = apply(g.state, 0, f"loan {amount} card=wigan")
    assert s.money[0] == 30 + amount and s.income[0] == position and income_level(position) == level


def test_loan_goes_to_the_highest_space_of_the_level():
    """From the 2nd space of level 11 (position 32) a £20 loan ends on level 9's top."""
    g = a_game(2).on_turn(0).with_hand(0, "wigan")
    g.state.income[0] = 32
    s = apply(g.state, 0, "loan 20 card=wigan")
    assert s.income[0] == HIGHEST_POSITION[9] == 28


def test_loan_never_below_minus_ten():
    g = a_game(2).on_turn(0).with_hand(0, "wigan")
    g.state.income[0] = HIGHEST_POSITION[-8]
    with pytest.raises(IllegalMove):
        apply(g.state, 0, "loan 30 card=wigan")
    assert apply(g.state, 0, "loan 20 card=wigan").income[0] == 0


def test_loans_until_the_round_after_the_rothschild_tile_surfaced():
    g = a_game(2).on_turn(0, era="rail", round=5).with_hand(0, "wigan")
    g.state.banker_surfaced = 4
    apply(g.state, 0, "loan 10 card=wigan")
    g.state.round = 6
    with pytest.raises(IllegalMove, match="no more loans"):
        apply(g.state, 0, "loan 10 card=wigan")


def test_loans_always_open_in_the_canal_era():
    """AKTION: KREDIT AUFNEHMEN: only the rail era's last rounds close loans. In the
    canal era's last round (the deck used up) a loan is listed and pays, the deck
    running out at the end of a turn surfaces no Rothschild tile, and the next seat
    may still borrow (issue 12 finding 7: this checked only that nothing raised)."""
    g = a_game(2).on_turn(0, actions=1, round=8).with_hand(0, "wigan").with_hand(1, "bolton", "wigan")
    g.state.deck = []
    income = g.state.income[0]
    assert ENGINE.parse("loan 10 card=wigan") in ENGINE.legal_moves(g.state, 0)
    s = apply(g.state, 0, "loan 10 card=wigan")
    assert s.money[0] == 30 + 10
    assert income_level(s.income[0]) == income_level(income) - 1
    assert s.banker_surfaced is None and s.order[s.turn] == 1
    s = apply(s, 1, "loan 30 card=bolton")
    assert s.money[1] == 30 + 30


def test_pass_plays_a_card():
    """Passen: no action, still a card."""
    g = a_game(2).on_turn(0).with_hand(0, "wigan", "bolton")
    s = apply(g.state, 0, "pass card=bolton")
    assert s.discards[0] == ["bolton"] and s.money[0] == 30
