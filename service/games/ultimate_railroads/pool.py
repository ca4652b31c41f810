"""AKTIONSPOOL: what a seat gained in its turn waits here as decisions, resolved in
any order; direct ones must be done completely, indirect ones may be dropped,
nothing is saved for a later turn (ALLGEMEIN: EINEN SPIELZUG AUSFÜHREN).

An item is {"id", "kind", "direct", ...}. Each kind has one `options` function
listing its moves and one `resolve` function; a move is legal exactly when it is
among the item's options and, while a direct decision is unfinished, the direct
decisions can all still be finished after it (one definition of legality for
listing and applying: `moves`).
(completion.py decides whether they can.)
"""
from __future__ import annotations

from service.games.base import IllegalMove

RULE = "ALLGEMEIN: EINEN SPIELZUG AUSFÜHREN"
KINDS: dict = {}   # kind -> (options(state, seat, item), resolve(state, seat, item, move))


def kind(name: str):
    def register(pair):
        KINDS[name] = pair
        return pair
    return register


def offered(item: dict, action: str, field: str, values) -> list[dict]:
    """The moves choosing one of `values` for this decision."""
    return [{"action": action, "item": item["id"], field: value} for value in values]


def reveal(display: dict) -> None:
    """A face-up display ({"offer", "stack"}): the stack's top tile is turned face up."""
    if display["stack"]:
        display["offer"].append(display["stack"].pop(0))


def open_pool(state: dict, seat: int, then: str) -> None:
    state["pool"] = {"seat": seat, "items": [], "next_id": 0, "then": then}


def add(state: dict, kind_name: str, direct: bool, **params) -> None:
    pool = state["pool"]
    pool["items"].append({"id": pool["next_id"], "kind": kind_name, "direct": direct, **params})
    pool["next_id"] += 1


def item_options(state: dict, seat: int, item: dict) -> list[dict]:
    """The item's moves, and dropping it where it is indirect (no finishing checked)."""
    moves = KINDS[item["kind"]][0](state, seat, item)
    if not item["direct"] and moves:
        moves.append({"action": "drop", "item": item["id"]})
    return moves


def moves(state: dict, seat: int) -> list[dict]:
    """Every legal pool move: while a direct decision is unfinished, only those after
    which it can still be finished (should the search give up on all, none is refused)."""
    from .completion import keeps_finishable, surely_finishable, unfinished
    out = [m for item in state["pool"]["items"] for m in item_options(state, seat, item)]
    if unfinished(state):
        roomy = surely_finishable(state, slack=1)
        return [m for m in out if keeps_finishable(state, seat, m, roomy)] or out
    return out


def apply(state: dict, seat: int, move: dict) -> list[dict]:
    item = next((i for i in state["pool"]["items"] if i["id"] == move.get("item")), None)
    if item is None:
        raise IllegalMove("no such decision is waiting; resolve one of your action pool",
                          rule=RULE, field="item", options=moves(state, seat))
    legal = moves(state, seat)
    if move not in legal:
        raise IllegalMove(f"not a legal way to resolve this {item['kind']}", rule=RULE,
                          field="item", options=[m for m in legal if m["item"] == item["id"]])
    return resolve(state, seat, item, move)


def resolve(state: dict, seat: int, item: dict, move: dict) -> list[dict]:
    if move["action"] == "drop":
        state["pool"]["items"].remove(item)
        return [{"type": "dropped", "seat": seat, "kind": item["kind"]}]
    return KINDS[item["kind"]][1](state, seat, item, move) or []


def fail(state: dict) -> None:
    """A direct action's immediate part could not be done completely (a trial only)."""
    state["pool"]["failed"] = True


def tidy(state: dict, seat: int) -> None:
    """Items used up, or with nothing left to do, leave the pool; a direct one that
    another decision will give room to stays."""
    from .completion import finishable
    pool = state["pool"]
    pool["items"] = [i for i in pool["items"] if i.get("left", 1) > 0 and (
        KINDS[i["kind"]][0](state, seat, i) or (i["direct"] and finishable(state)))]
