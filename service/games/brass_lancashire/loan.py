"""AKTION: KREDIT AUFNEHMEN: £10, £20 or £30 from the bank for 1, 2 or 3 income
levels, never below -10; in the rail era only up to the end of the round after the
Rothschild deck tile surfaced."""
from __future__ import annotations

from service.games.base import IllegalMove
from service.games.speech import N_, Said

from .cards import hand_faces, play_cards, why_not_cards
from .events import EVENTS
from .income import position_after_loan
from .state import State

RULE = "AKTION: KREDIT AUFNEHMEN"
AMOUNTS = (10, 20, 30)


def loans_open(state: State) -> bool:
    return (state.era == "canal" or state.banker_surfaced is None
            or state.round <= state.banker_surfaced + 1)


def why_not_loan(state: State, seat: int, move: dict) -> str | None:
    amount = move.get("amount")
    if amount not in AMOUNTS or isinstance(amount, bool):
        return Said(N_("a loan is £10, £20 or £30 (amount=10|20|30)"))
    if not loans_open(state):
        return Said(N_("no more loans: the Rothschild deck tile surfaced before the last round"))
    if position_after_loan(state.income[seat], amount) is None:
        return Said(N_("a loan may not take your income below -10"))
    return why_not_cards(state, seat, [move.get("card")])


def loan_moves(state: State, seat: int) -> list[dict]:
    return [{"action": "loan", "amount": amount, "card": face}
            for amount in AMOUNTS for face in hand_faces(state, seat)
            if not why_not_loan(state, seat, {"amount": amount, "card": face})]


def apply_loan(state: State, seat: int, move: dict) -> list[dict]:
    if reason := why_not_loan(state, seat, move):
        raise IllegalMove(reason, rule=RULE, field="amount", options=loan_moves(state, seat))
    play_cards(state, seat, [move["card"]])
    state.income[seat] = position_after_loan(state.income[seat], move["amount"])
    state.money[seat] += move["amount"]
    state.bank -= move["amount"]
    return [EVENTS.make("loan", seat, amount=move["amount"])]
