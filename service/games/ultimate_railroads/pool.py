"""AKTIONSPOOL: what a seat gained in its turn waits here as decisions, resolved in
any order; direct ones must be done completely, indirect ones may be dropped,
nothing is saved for a later turn (ALLGEMEIN: EINEN SPIELZUG AUSFÜHREN).

An item is {"id", "kind", "direct", ...}. Each kind has one `options` function
listing its moves and one `resolve` function; a move is legal exactly when it is
among the item's options and, while a direct decision is unfinished, the direct
decisions can all still be finished after it (one definition of legality for
listing and applying: decisions.py, which asks completion.py whether they can).
"""
from __future__ import annotations

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


def resolve(state: dict, seat: int, item: dict, move: dict) -> list[dict]:
    if move["action"] == "drop":
        state["pool"]["items"].remove(item)
        return [{"type": "dropped", "seat": seat, "kind": item["kind"]}]
    return KINDS[item["kind"]][1](state, seat, item, move) or []


def fail(state: dict) -> None:
    """A direct action's immediate part could not be done completely (a trial only)."""
    state["pool"]["failed"] = True
