"""KREDITE: take a $10 loan at any time in your turn, or repay one at face value.

Moves: {"action": "loan"} and {"action": "repay"}; neither uses an action.
Interest is paid at the end of the round (flow.pay_interest).
"""
from __future__ import annotations

from service.games.age_of_industry.flow import current_seat
from service.games.age_of_industry.money import LOAN, charge, pay
from service.games.age_of_industry.state import State
from service.games.base import IllegalMove

RULE = "KREDITE"


def why_not_loan(state: State, seat: int, move: dict) -> str | None:
    if set(move) != {"action"}:
        return "a loan move has no fields"
    if state.finished or seat != current_seat(state):
        return "loans are taken and repaid in your own turn"
    player = state.players[seat]
    if move["action"] == "repay" and not (player.loans and player.money >= LOAN):
        return "repaying needs an open loan and $10"
    return None


def loan_moves(state: State, seat: int) -> list[dict]:
    return [] if why_not_loan(state, seat, {"action": "loan"}) else [{"action": "loan"}]


def repay_moves(state: State, seat: int) -> list[dict]:
    return [] if why_not_loan(state, seat, {"action": "repay"}) else [{"action": "repay"}]


def apply_loan(state: State, seat: int, move: dict) -> list[dict]:
    if reason := why_not_loan(state, seat, move):
        raise IllegalMove(reason, rule=RULE)
    player = state.players[seat]
    if move["action"] == "loan":
        player.loans += 1
        pay(state, seat, LOAN)
    else:
        player.loans -= 1
        charge(state, seat, LOAN, spent=False)
    return [{"event": move["action"], "seat": seat}]
