"""The actions a seat may take (AKTIONEN) and the pending decisions that interrupt
play, each with its fields, legality, enumeration and effect."""
from __future__ import annotations

from typing import Callable, NamedTuple

from . import build, connect, debt, develop, loan, passing, sell


class Action(NamedTuple):
    fields: set
    moves: Callable          # (state, seat) -> list of moves
    apply: Callable          # (state, seat, move) -> events; raises IllegalMove


TURN_ACTIONS = {
    "build": Action(build.FIELDS, build.build_moves, build.apply_build),
    "connect": Action(connect.FIELDS, connect.connect_moves, connect.apply_connect),
    "develop": Action(develop.FIELDS, develop.develop_moves, develop.apply_develop),
    "sell": Action(sell.FIELDS, sell.sell_moves, sell.apply_sell),
    "loan": Action(loan.FIELDS, loan.loan_moves, loan.apply_loan),
    "pass": Action(passing.FIELDS, passing.pass_moves, passing.apply_pass),
}

PENDING_ACTIONS = {
    "sell": {"sell": Action(sell.MORE_FIELDS, sell.more_sale_moves, sell.apply_sell),
             "done": Action({"action"}, lambda state, seat: [], sell.apply_done)},
    "forced_sale": {"remove_tile": Action(debt.FIELDS, debt.forced_sale_moves, debt.apply_remove_tile)},
}

SYNONYMS = {"network": "connect"}

TEXT_FIELDS = {"action", "location", "industry", "card", "mill", "via", "tile"}
LIST_FIELDS = {"cards", "links", "industries", "coal", "iron"}
INT_FIELDS = {"overbuild", "amount"}


def why_not_shape(move: dict) -> str | None:
    """Every field has the type the notation gives it (a move from JSON may not)."""
    for key, value in move.items():
        if key in TEXT_FIELDS and not isinstance(value, str):
            return f"{key} must be a text"
        if key in LIST_FIELDS and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            return f"{key} must be a list of texts"
        if key in INT_FIELDS and type(value) is not int:
            return f"{key} must be a whole number"
    return None


def actions_now(state) -> dict[str, Action]:
    return PENDING_ACTIONS[state.pending[-1]["kind"]] if state.pending else TURN_ACTIONS
