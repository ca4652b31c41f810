"""The actions a seat may take (AKTIONEN) and the pending decisions that interrupt
play, each with its legality, enumeration and effect (their fields: move_schemas.py)."""
from __future__ import annotations

from typing import Callable, NamedTuple

from . import build, connect, debt, develop, loan, passing, sell


class Action(NamedTuple):
    moves: Callable          # (state, seat) -> list of moves
    apply: Callable          # (state, seat, move) -> events; raises IllegalMove


TURN_ACTIONS = {
    "build": Action(build.build_moves, build.apply_build),
    "connect": Action(connect.connect_moves, connect.apply_connect),
    "develop": Action(develop.develop_moves, develop.apply_develop),
    "sell": Action(sell.sell_moves, sell.apply_sell),
    "loan": Action(loan.loan_moves, loan.apply_loan),
    "pass": Action(passing.pass_moves, passing.apply_pass),
}

PENDING_ACTIONS = {
    "sell": {"sell": Action(sell.more_sale_moves, sell.apply_sell),
             "done": Action(lambda state, seat: [], sell.apply_done)},
    "forced_sale": {"remove_tile": Action(debt.forced_sale_moves, debt.apply_remove_tile)},
}

SYNONYMS = {"network": "connect"}


def actions_now(state) -> dict[str, Action]:
    return PENDING_ACTIONS[state.pending[-1]["kind"]] if state.pending else TURN_ACTIONS
