"""The Age of Industry bot's evaluation (service/games/age_of_industry/bot.py) read
against the rules it values: SPIELSIEGER (rail income paid in before loans are
repaid), the cards an action plays or discards, and the deck as the deal left it.
How well it plays is `pbem bench bot age-of-industry`'s figure, not a test's."""
from __future__ import annotations

import pytest

from service.games.age_of_industry.bot import DOLLAR_VP, evaluate
from service.games.age_of_industry.money import LOAN
from service.games.age_of_industry.scoring import rail_income
from tests.games.age_of_industry.builders import (ENGINE, a_game, play, with_hand, with_money,
                                                  with_rail)


def test_at_the_end_the_rails_income_repays_a_loan():
    """SPIELSIEGER: "Zuerst erhalten alle Spieler den Profit ihrer Eisenbahnstrecken",
    then loans are repaid: $7 and a rail paying $3 repay a loan, which then costs its
    $10, not the 5 VP of an unpaid one."""
    def valued(loans):
        state = with_rail(with_money(a_game(), 0, 7), "berlin-poland", 0)
        state.deck, state.players[0].loans = [], loans
        return evaluate(state)[0]
    assert rail_income(with_rail(a_game(), "berlin-poland", 0), "berlin-poland") == 3
    assert valued(0) - valued(1) == pytest.approx(LOAN * DOLLAR_VP)


def test_a_card_discarded_for_nothing_is_a_loss_while_the_deck_lasts():
    """AKTION Passen discards a card and does nothing; a card drawn is an action to come."""
    state = with_hand(a_game(), 0, "cotton_mill", "blue")
    passed = play(state, 0, {"action": "pass", "card": "blue"})
    assert evaluate(passed)[0] < evaluate(state)[0]
    drawn = play(state, 0, {"action": "draw", "face_up": [], "deck": 2})
    assert evaluate(drawn)[0] > evaluate(state)[0]


def test_with_five_seats_a_build_on_the_first_loan_is_worth_it():
    """The deck after the deal is shorter with five seats (six cards each), yet the game
    has only begun: a level-1 coal mine built for $1 of the first $10 borrowed (KREDITE)
    raises the seat's value, the loan is not yet counted as if the game ended now."""
    state = ENGINE.setup({"map": "germany"}, 5, 1)
    seat = ENGINE.to_act(state)[0]
    state = play(state, seat, {"action": "loan"})
    coal_mine = next(move for move in ENGINE.legal_moves(state, seat)
                     if move["action"] == "build" and move["industry"] == "coal_mine")
    built = play(state, seat, coal_mine)
    assert evaluate(built)[seat] > evaluate(state)[seat]
