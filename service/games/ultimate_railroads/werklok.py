"""WERKLOK: the works train's action space. Put one of the 3 face-up works tiles on the
train's first (free) space, then do all 3 tiles' actions completely, in any order (a
direct action: not allowed when that is impossible). Then every other player, in turn
order after you, may do exactly one of the 3 (the same one allowed). Then the tiles move
one space right; the one pushed out goes face down under the stack, and the stack's top
tile is turned face up beside the remaining two."""
from __future__ import annotations

from service.games.base import deal_anew
from service.games.common.rng import shuffled

from . import completion, modules, pool, view
from .data import MODULES, WERKLOK_TILES
from .chapter import into
from .gains import chosen_gain, gain
from .special_actions import queue_offer

WERKLOK = MODULES["werklok"]


def tile_options(state, seat, item):
    return pool.offered(item, "werklok", "tile", state["werklok"]["offer"])


def resolve_tile(state, seat, item, move):
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
    return chosen_gain(state, seat, item, {"type": "werklok_pick", "tile": move["tile"]},
                       WERKLOK_TILES[move["tile"]]["effect"])


@into(modules.SETUPS)
def setup_table(state: dict, rng: int) -> int:
    """AUFBAU: 2 tiles on the train, 3 face up, 6 in a stack none has seen."""
    if not state["options"].get("werklok"):
        return rng
    tiles, rng = shuffled(rng, [t["id"] for t in WERKLOK["tiles"]])
    held, offered = WERKLOK["on_train"], WERKLOK["offered"]
    state["werklok"] = {"train": [None] + tiles[:held], "offer": tiles[held:held + offered],
                        "stack": tiles[held + offered:], "unseen": len(tiles) - held - offered}
    return rng


@into(completion.MASKS)
def masked(state: dict) -> dict:
    """The stack's tiles nobody has seen in sorted order (the ones pushed out stay below)."""
    if "werklok" not in state:
        return {}
    works = state["werklok"]
    hidden = unseen(works)
    return {"werklok": {**works, "stack": sorted(works["stack"][:hidden]) + works["stack"][hidden:]}}


def public(works: dict) -> dict:
    """The stack lies face down: its size only."""
    return {**works, "stack": len(works["stack"])}


def conceal(works: dict, rng) -> None:
    """The tiles nobody has seen yet shuffled (the ones pushed out stay where they went)."""
    hidden = unseen(works)
    works["stack"][:hidden] = deal_anew([works["stack"][:hidden]], rng)[0]


pool.kind("werklok")((tile_options, resolve_tile))
pool.kind("werklok_pick")((pick_options, resolve_pick))
view.FACE_DOWN["werklok"] = {"public": public, "conceal": conceal}
modules.ROUND_FEWER.append("werklok")
