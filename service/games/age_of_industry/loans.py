"""KREDITE: take a $10 loan at any time in your turn, or repay one at face value.

Moves: {"action": "loan"} and {"action": "repay"}; neither uses an action. Interest
is paid at the end of the round (flow.pay_interest); just before it, a seat with a
loan and $10 may still repay ("jederzeit während einer Spielrunde") or answer
{"action": "keep_loans"} (flow: `repaying`).
"""
from __future__ import annotations

from service.games.age_of_industry.events import EVENTS
from service.games.age_of_industry.flow import current_seat, done_repaying, may_repay
from service.games.age_of_industry.money import LOAN, charge, pay
from service.games.age_of_industry.state import State
from service.games.base import IllegalMove
from service.games.speech import N_, Said

RULE = "KREDITE"


def why_not_loan(state: State, seat: int, move: dict) -> str | None:
    action = move["action"]
    if set(move) != {"action"}:
        return Said(N_("{action} has no fields"), action=action)
    if state.finished or seat != current_seat(state):
        return Said(N_("loans are taken and repaid in your own turn, or repaid just before the interest"))
    if action == "keep_loans" and not state.repaying:
        return Said(N_("keeping your loans answers the repayment before the interest"))
    if action == "loan" and state.repaying:
        return Said(N_("the round's actions are over: repay a loan or keep your loans"))
    if action == "repay" and not may_repay(state, seat):
        return Said(N_("repaying needs an open loan and $10"))
    return None


def loan_moves_of(action: str):
    """The legal-moves function for one of the bare moves loan, repay, keep_loans."""
    def moves(state: State, seat: int) -> list[dict]:
        return [] if why_not_loan(state, seat, {"action": action}) else [{"action": action}]
    return moves


def apply_loan(state: State, seat: int, move: dict) -> list[dict]:
    if reason := why_not_loan(state, seat, move):
        raise IllegalMove(reason, rule=RULE)
    player = state.players[seat]
    if move["action"] == "loan":
        player.loans += 1
        pay(state, seat, LOAN)
    elif move["action"] == "repay":
        player.loans -= 1
        charge(state, seat, LOAN, spent=False)
    events = [EVENTS.make(move["action"], seat)]
    if state.repaying and (move["action"] == "keep_loans" or not may_repay(state, seat)):
        events += done_repaying(state)
    return events
