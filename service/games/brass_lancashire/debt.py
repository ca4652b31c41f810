"""RUNDENENDE 2, negative income: pay the bank; who cannot pay removes industry
tiles of their choice (not links) for half their cost, rounded down, only until
the debt is paid; what still cannot be paid costs 1 VP per £1 (not below 0)."""
from __future__ import annotations

from service.games.base import IllegalMove
from service.games.speech import N_, Said

from .data import LEVELS
from .events import EVENTS
from .mat import remove_from_board
from .state import State, tile_at, tile_refs

RULE = "RUNDENENDE: Einkommen erhalten"


def own_tiles(state: State, seat: int) -> list[str]:
    return [ref for ref, _loc, tile in tile_refs(state) if tile["owner"] == seat]


def charge(state: State, seat: int, debt: int) -> bool:
    """Pay `debt` if the money is there, or settle when nothing is left to sell;
    False when tiles must be sold first."""
    if state.money[seat] >= debt:
        state.money[seat] -= debt
        state.bank += debt
        return True
    if own_tiles(state, seat):
        return False
    short = debt - state.money[seat]
    state.bank += state.money[seat]
    state.money[seat] = 0
    state.vp[seat] -= min(short, state.vp[seat])
    return True


def collect_negative_income(state: State, seat: int, debt: int) -> dict | None:
    """Charge the debt now, or return the pending forced sale."""
    if charge(state, seat, debt):
        return None
    return {"kind": "forced_sale", "seat": seat, "debt": debt}


def forced_sale_moves(state: State, seat: int) -> list[dict]:
    return [{"action": "remove_tile", "tile": ref} for ref in own_tiles(state, seat)]


def apply_remove_tile(state: State, seat: int, move: dict) -> list[dict]:
    ref = move.get("tile")
    tile = tile_at(state, ref) if isinstance(ref, str) else None
    if tile is None or tile["owner"] != seat:
        raise IllegalMove(Said(N_("{tile!r} is not one of your industry tiles"), tile=ref), rule=RULE,
                          field="tile", options=forced_sale_moves(state, seat))
    location, slot = ref.split(":")
    remove_from_board(state, location, int(slot))
    value = LEVELS[tile["industry"]][tile["level"]].cost // 2
    state.money[seat] += value
    state.bank -= value
    pending = state.pending[-1]
    if charge(state, seat, pending["debt"]):
        state.pending.pop()
    return [EVENTS.make("forced_sale", seat, industry=tile["industry"], location=location,
                        value=value)]
