"""ZUGREIHENFOLGE: the re-sort after everyone has passed, and moving the workers
from the turn-order spaces (ARBEITER VON DER REIHENFOLGELEISTE VERSETZEN)."""
from __future__ import annotations

from service.games.base import IllegalMove
from service.games.speech import N_, Said

from . import pool
from .effects import can_complete, gain
from .spaces import candidate_spaces, is_free, space_spec

RULE = "ARBEITER VON DER REIHENFOLGELEISTE VERSETZEN"
CLAIM_SPACES = {1: "turn_order_1", 2: "turn_order_2"}


def resort(order: list[int], claims: dict) -> list[int]:
    """Claimants are lifted off, the others slide right, each claimant goes above its
    worker. SONDERFALL: the start player claims 2nd and nobody 1st: no change."""
    first, second = claims.get("1"), claims.get("2")
    if first is None and second == order[0]:
        return list(order)
    fixed = {pos: seat for pos, seat in ((0, first), (1, second)) if seat is not None}
    others = iter(s for s in order if s not in fixed.values())
    return [fixed[i] if i in fixed else next(others) for i in range(len(order))]


def relocation_queue(claims: dict) -> list[int]:
    """First the worker on 2nd place, then the one on 1st."""
    return [claims[p] for p in ("2", "1") if p in claims]


def why_not_relocate(state: dict, seat: int, move: dict) -> str | None:
    """Only to a free space needing exactly 1 worker and no coin (own engineers too)."""
    space_id = move.get("space")
    if space_id in CLAIM_SPACES.values():
        return Said(N_("move the worker to another action space"))
    spec = space_spec(state, seat, space_id or "")
    if spec is None or not is_free(state, space_id, spec):
        return Said(N_("that action space is not free for you"))
    if spec["workers"] != 1 or spec["coins"]:
        return Said(N_("a relocated worker may only go to a space needing exactly 1 worker"))
    if spec["direct"] and not can_complete(state, seat, spec["effect"]):
        return Said(N_("a direct action must be performed completely, and this one cannot be"))
    return None


def relocate_moves(state: dict, seat: int) -> list[dict]:
    moves = [{"action": "relocate", "space": s} for s in candidate_spaces(state, seat)]
    return [m for m in moves if why_not_relocate(state, seat, m) is None] + [{"action": "stay"}]


def apply_relocate(state: dict, seat: int, move: dict) -> list[dict]:
    if move.get("action") == "stay":
        state["relocation_queue"].pop(0)
        return [{"type": "stay", "seat": seat}]
    if reason := why_not_relocate(state, seat, move):
        raise IllegalMove(reason, rule=RULE, field="space", options=relocate_moves(state, seat))
    spec = space_spec(state, seat, move["space"])
    if not spec["reusable"]:
        state["spaces"][move["space"]] = {"seat": seat, "workers": 1, "temps": 0, "wood": 0, "coins": 0}
    pool.open_pool(state, seat, "relocation")
    return [{"type": "relocate", "seat": seat, "space": move["space"]}] + gain(
        state, seat, spec["effect"], spec["direct"])
