"""AKTIONSPOOL, which of the pool's moves are legal: a move is legal exactly when it is
among its decision's options and, while a direct decision is unfinished, the direct
decisions can all still be finished after it (ACHTUNG: Du musst die direkte Aktion
vollständig ausführen; completion.py). One definition for listing and applying."""
from __future__ import annotations

from service.games.base import IllegalMove
from service.games.speech import N_, Said

from .completion import finishable, keeps_finishable, surely_finishable, unfinished
from .pool import KINDS, RULE, item_options, resolve


def moves(state: dict, seat: int) -> list[dict]:
    """Every legal pool move: while a direct decision is unfinished, only those after
    which it can still be finished (should the search give up on all, none is refused)."""
    out = listed(state, seat)
    if unfinished(state):
        roomy = surely_finishable(state, slack=1)
        return [m for m in out if keeps_finishable(state, seat, m, roomy)] or out
    return out


def apply(state: dict, seat: int, move: dict) -> list[dict]:
    item = next((i for i in state["pool"]["items"] if i["id"] == move.get("item")), None)
    if item is None:
        raise IllegalMove(Said(N_("no such decision is waiting; resolve one of your action pool")),
                          rule=RULE, field="item", options=moves(state, seat))
    if not legal(state, seat, item, move):
        raise IllegalMove(Said(N_("not a legal way to resolve this {kind}"), kind=item["kind"]), rule=RULE,
                          field="item", options=[m for m in moves(state, seat) if m["item"] == item["id"]])
    return resolve(state, seat, item, move)


def legal(state: dict, seat: int, item: dict, move: dict) -> bool:
    """Whether `moves` lists the move, asking the completion search about the other
    moves only when it refuses this one (listing them all for each move applied made
    an apply cost as much as a listing: the bot applies several a decision)."""
    if move not in item_options(state, seat, item):
        return False
    if not unfinished(state):
        return True
    roomy = surely_finishable(state, slack=1)
    if keeps_finishable(state, seat, move, roomy):
        return True
    return not any(keeps_finishable(state, seat, m, roomy) for m in listed(state, seat))


def listed(state: dict, seat: int) -> list[dict]:
    """The options of every item of the pool, before the completion search."""
    return [m for item in state["pool"]["items"] for m in item_options(state, seat, item)]


def tidy(state: dict, seat: int) -> None:
    """Items used up, or with nothing left to do, leave the pool; a direct one that
    another decision will give room to stays."""
    pool = state["pool"]
    pool["items"] = [i for i in pool["items"] if i.get("left", 1) > 0 and (
        KINDS[i["kind"]][0](state, seat, i) or (i["direct"] and finishable(state)))]
