"""WERKLOK: the works train's action space. Put one of the 3 face-up works tiles on the
train's first (free) space, then do all 3 tiles' actions completely, in any order (a
direct action: not allowed when that is impossible). Then every other player, in turn
order after you, may do exactly one of the 3 (the same one allowed). Then the tiles move
one space right; the one pushed out goes face down under the stack, and the stack's top
tile is turned face up beside the remaining two."""
from __future__ import annotations

from . import pool
from .data import WERKLOK_TILES


def tile_options(state, seat, item):
    return pool.offered(item, "werklok", "tile", state["werklok"]["offer"])


def resolve_tile(state, seat, item, move):
    from .effects import gain
    from .special_actions import queue_offer
    item["left"] = 0
    works = state["werklok"]
    works["offer"].remove(move["tile"])
    works["train"][0] = move["tile"]
    train = list(works["train"])
    events = [{"type": "werklok", "seat": seat, "tile": move["tile"], "train": train}]
    for tile in train:
        events += gain(state, seat, WERKLOK_TILES[tile]["effect"], item["direct"])
    order = state["order"]
    at = order.index(seat)
    queue_offer(state, {"kind": "werklok_pick", "cards": train, "seats": order[at + 1:] + order[:at]})
    hidden = unseen(works)
    works["stack"].append(works["train"].pop())      # pushed out: face down under the stack
    works["train"].insert(0, None)
    pool.reveal(works)
    works["unseen"] = max(hidden - 1, 0)
    return events


def unseen(works: dict) -> int:
    """How many of the stack's top tiles nobody has seen: below them lie the tiles
    pushed out, in the order they went under (a state from before this was counted:
    the whole stack)."""
    return works.get("unseen", len(works["stack"]))


def pick_options(state, seat, item):
    return pool.offered(item, "werklok", "tile", dict.fromkeys(item["cards"]))


def resolve_pick(state, seat, item, move):
    """Genau eine der 3 Aktionen, sofort (a "darf": indirect)."""
    from .effects import chosen_gain
    return chosen_gain(state, seat, item, {"type": "werklok_pick", "tile": move["tile"]},
                       WERKLOK_TILES[move["tile"]]["effect"])


pool.kind("werklok")((tile_options, resolve_tile))
pool.kind("werklok_pick")((pick_options, resolve_pick))
