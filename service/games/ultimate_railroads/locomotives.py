"""LOKOMOTIVEN UND FABRIKEN: take from the lowest stack (both 10-stacks at once),
lay on a route with a free slot or over a lower loco, the displaced loco may go on
(chain reaction) or return as a factory; factories fill the industry strip's gaps
left to right, and replace one once all five are filled."""
from __future__ import annotations

from . import pool, special_fields
from .boards import route_ids
from .data import SPECIAL_NINE, STACKS, STEELWORKS, base_tile, loco_number

GAPS = 5
MODULE_FACTORIES = ("special", "coal", *STEELWORKS)     # the modules' and AMERICAN RAILROADS': not locomotives
# What the chapters of the box add:
LAST_TAKEN: list = []    # a stack's last loco taken (seat None: by Emil): taken(state, seat, stack) -> events
SPOTS: dict = {}         # factory spots in place of every strip's gaps, on while their state key is there:
#                          key -> {"buildable": (state, seat) -> [spot], "build": (state, seat, tile, spot) -> events,
#                          "emil_builds": (state, tile) -> events (SOLOVARIANTE: a loco Emil takes)}


def lowest_stacks(state: dict) -> list[str]:
    """Only the lowest stack; the two 10-stacks open together once the 9s are gone."""
    open_ = [s for s in STACKS if state["stacks"][s] > 0]
    if not open_:
        return []
    low = min(STACKS[s] for s in open_)
    return [s for s in open_ if STACKS[s] == low]


def factory_sources(state: dict) -> list[str]:
    """AUSNAHME: a factory may also be one of the returned locomotives."""
    return lowest_stacks(state) + sorted(set(state["returned"]) - set(lowest_stacks(state)),
                                         key=lambda s: (loco_number(s), s))


def lay_places(player: dict, number: int) -> list[tuple[str, int]]:
    """A loco goes on a free slot or over a lower loco."""
    return [(route, slot) for route in route_ids(player)
            for slot, there in enumerate(player["locos"][route])
            if (there is None or loco_number(there) < number) and open_slot(player, route, slot)]


def open_slot(player: dict, route: str, slot: int) -> bool:
    """ASIAN RAILROADS, BAUSTELLEN-PLÄTTCHEN: the first slots lie under construction tiles."""
    return slot >= player.get("construction", {}).get(route, 0)


def free_slot(player: dict) -> bool:
    return any(there is None and open_slot(player, route, slot)
               for route in route_ids(player) for slot, there in enumerate(player["locos"][route]))


def gap_choices(player: dict) -> list[int]:
    """The leftmost empty gap, or any once all are filled; AMERICAN RAILROADS: a steelworks
    may be swapped for the new factory even before all 5 gaps are filled."""
    empty = [g for g in range(GAPS) if player["factories"][g] is None]
    if not empty:
        return list(range(GAPS))
    return empty[:1] + [g for g, f in enumerate(player["factories"]) if f in STEELWORKS]


def named(field: str, value, values: list) -> dict:
    """A move names a stack or a gap only where the rules leave a choice."""
    return {field: value} if len(values) > 1 else {}


def chosen(move: dict, field: str, values: list):
    return move.get(field, values[0])


def lay_options(state: dict, seat: int, item: dict) -> list[dict]:
    player = state["players"][seat]
    stacks = lowest_stacks(state)
    return [{"action": "lay", "item": item["id"], **named("source", stack, stacks), "route": route,
             "slot": slot}
            for stack in stacks for route, slot in lay_places(player, STACKS[stack])]


def spots(state: dict) -> dict | None:
    """The factory spots played in place of the strips (the INDUSTRIETABLEAU), if any."""
    return next((SPOTS[key] for key in SPOTS if key in state), None)


def factory_gaps(state: dict, seat: int) -> list[int]:
    """Where a factory may go: a gap of your strip, or a spot of the INDUSTRIETABLEAU."""
    if board := spots(state):
        return board["buildable"](state, seat)
    return gap_choices(state["players"][seat])


def factory_options(state: dict, seat: int, item: dict) -> list[dict]:
    sources, gaps = factory_sources(state), factory_gaps(state, seat)
    return [{"action": "factory", "item": item["id"], **named("source", source, sources),
             **named("gap", gap, gaps)} for source in sources for gap in gaps]


def lay(state: dict, seat: int, stack: str, route: str, slot: int) -> list[dict]:
    player = state["players"][seat]
    displaced = player["locos"][route][slot]
    player["locos"][route][slot] = stack
    events = [{"type": "lay", "seat": seat, "locomotive": stack, "route": route}]
    if displaced is not None:
        pool.add(state, "displaced", True, stack=displaced)
    return events + special_fields.fire(state, seat)


def take(state: dict, seat: int | None, source: str) -> list[dict]:
    """From the display (AMERICAN RAILROADS: the stack's last loco brings its steelworks),
    else a returned one."""
    if source in STACKS and state["stacks"][source] > 0 and source in lowest_stacks(state):
        state["stacks"][source] -= 1
        return last_taken(state, seat, source)
    state["returned"].remove(source)
    return []


def last_taken(state: dict, seat: int | None, stack: str) -> list[dict]:
    """What taking a stack's loco brings besides (AMERICAN RAILROADS: its last, the steelworks)."""
    return [event for taken in LAST_TAKEN for event in taken(state, seat, stack)]


def build_factory(state: dict, seat: int, source: str, gap: int) -> list[dict]:
    return take(state, seat, source) + put_factory(state, seat, source, gap)


def put_factory(state: dict, seat: int, tile: str, gap: int) -> list[dict]:
    """Into a gap of your strip, over what was there; or onto a spot of the factory board."""
    if board := spots(state):
        return board["build"](state, seat, tile, gap)
    events = overbuilt(state, seat, gap)
    state["players"][seat]["factories"][gap] = tile
    return events + [{"type": "factory", "seat": seat, "factory": tile, "gap": gap}]


def overbuilt(state: dict, seat: int, gap: int) -> list[dict]:
    """The factory in this gap is built over: a locomotive goes back to the display
    (without its stoker), a module factory leaves the game, and the idea tiles on the
    special factory go to the box (they no longer score for the end-game card)."""
    player = state["players"][seat]
    old = player["factories"][gap]
    if old is None:
        return []
    base = base_tile(old)
    if base not in MODULE_FACTORIES:
        state["returned"].append(base)
        return []
    if base == "special":
        for tile in player.get("special_factory_tiles", []):
            player["ideas_used"].remove(tile)
            player["ideas_removed"].append(tile)
        player["special_factory_tiles"] = []
    return [{"type": "factory_removed", "seat": seat, "factory": base}]


def resolve_lay(state: dict, seat: int, item: dict, move: dict) -> list[dict]:
    source = chosen(move, "source", lowest_stacks(state))
    item["left"] = 0
    return take(state, seat, source) + lay(state, seat, source, move["route"], move["slot"])


def resolve_factory(state: dict, seat: int, item: dict, move: dict) -> list[dict]:
    item["left"] = 0
    gap = move["gap"] if "gap" in move else factory_gaps(state, seat)[0]     # a legal move: checked
    return build_factory(state, seat, chosen(move, "source", factory_sources(state)), gap)


def loco_or_factory_options(state, seat, item):
    return lay_options(state, seat, item) + factory_options(state, seat, item)


def resolve_either(state, seat, item, move):
    return (resolve_lay if move["action"] == "lay" else resolve_factory)(state, seat, item, move)


def displaced_options(state: dict, seat: int, item: dict) -> list[dict]:
    """Solange du freie Lokplätze hast, musst du Loks an deine Strecken legen."""
    player = state["players"][seat]
    out = [{"action": "lay", "item": item["id"], "route": route, "slot": slot}
           for route, slot in lay_places(player, loco_number(item["stack"]))]
    if not free_slot(player):
        out.append({"action": "return", "item": item["id"]})
    return out


def resolve_displaced(state: dict, seat: int, item: dict, move: dict) -> list[dict]:
    item["left"] = 0
    if move["action"] == "lay":
        return lay(state, seat, item["stack"], move["route"], move["slot"])
    if base_tile(item["stack"]) != SPECIAL_NINE:       # a stoker on it goes to the box
        state["returned"].append(base_tile(item["stack"]))
    return [{"type": "returned", "seat": seat, "locomotive": item["stack"]}]


pool.kind("loco_or_factory")((loco_or_factory_options, resolve_either))
pool.kind("loco")((lay_options, resolve_lay))
pool.kind("factory")((factory_options, resolve_factory))
pool.kind("displaced")((displaced_options, resolve_displaced))
