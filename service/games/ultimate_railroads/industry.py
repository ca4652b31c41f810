"""INDUSTRIALISIERUNG: wrench steps along the industry strip; a wrench may not enter
or jump an empty gap; landing on a factory gives its action at once (indirect);
the idea field and the end field (key) are used once. AMERICAN RAILROADS, INDUSTRIELEISTE
MIT 2 STRECKEN: each wrench bound to its track; the upper one moves onto and over the
gaps, its field above a gap gives the factory below (if there is one when it arrives)."""
from __future__ import annotations

from . import pool
from .boards import lane
from .data import DATA, factory_effect
from .gains import gain
from .locomotives import chosen, named
from .special_fields import gain_key

# What the chapters of the box add:
STRIP_BLOCKS: list = []      # a piece on an industry track: block(player, wrench) -> field | None
FACTORY_USED: list = []      # more from a factory a wrench reaches: used(state, seat, factory, gap) -> events
FIELDS: dict = {}            # a kind of field of their own: kind -> reached(state, seat) -> events
BOARD_FIELDS: list = []      # on a shared industry board (`lane`), any other field: reached(state, seat, field)


def gap_index(player: dict, field: int, wrench: int = 0) -> int:
    """The gap at this field (on the American strip's upper track: the gap below it)."""
    fields = lane(player, wrench)[:field + 1]
    return fields.count("gap") + fields.count("over") - 1


def can_advance(player: dict, wrench: int) -> bool:
    return can_advance_from(player, player["wrenches"][wrench], wrench)


def room(player: dict) -> int:
    """How many industry steps the wrenches can make now."""
    total = 0
    for wrench, start in enumerate(player["wrenches"]):
        field = start
        while can_advance_from(player, field, wrench):
            field += 1
        total += field - start
    return total


def strip_block(player: dict, wrench: int) -> int | None:
    """The field this wrench may not enter or pass (AMERICAN RAILROADS, SPRENGUNGEN: rubble)."""
    return next((field for block in STRIP_BLOCKS if (field := block(player, wrench))), None)


def can_advance_from(player: dict, field: int, wrench: int = 0) -> bool:
    """Never onto or over an empty gap (the upper American track: always, over the gaps),
    never onto or over rubble (SPRENGUNGEN)."""
    fields = lane(player, wrench)
    return field + 1 < len(fields) and field + 1 != strip_block(player, wrench) and (
        fields[field + 1] != "gap" or player["factories"][gap_index(player, field + 1, wrench)] is not None)


def strip_points(player: dict, field: int, wrench: int = 0) -> int:
    """The points printed at the wrench, else the next lower printed value."""
    for value in reversed(lane(player, wrench)[:field + 1]):
        if value == "end":
            return DATA["industry_strip"]["end"]["points"]
        if isinstance(value, int):
            return value
    return 0


def wrench_points(player: dict) -> int:
    return sum(strip_points(player, field, w) for w, field in enumerate(player["wrenches"]))


def movable(player: dict) -> list[int]:
    return [w for w in range(len(player["wrenches"])) if can_advance(player, w)]


def industry_options(state: dict, seat: int, item: dict) -> list[dict]:
    """A step names its wrench only where two wrenches could move."""
    wrenches = movable(state["players"][seat])
    return [{"action": "industry", "item": item["id"], **named("wrench", w, wrenches)} for w in wrenches]


def resolve_industry(state: dict, seat: int, item: dict, move: dict) -> list[dict]:
    player = state["players"][seat]
    wrench = chosen(move, "wrench", movable(player))
    player["wrenches"][wrench] += 1
    item["left"] -= 1
    field = player["wrenches"][wrench]
    events = [{"type": "industry", "seat": seat, "wrench": wrench, "field": field}]
    kind = lane(player, wrench)[field]
    factory = player["factories"][gap_index(player, field, wrench)] if kind in ("gap", "over") else None
    if factory is not None:     # above an empty gap (upper American track): nothing happens
        events += gain(state, seat, factory_effect(factory), direct=False)
        for used in FACTORY_USED:
            events += used(state, seat, factory, gap_index(player, field))
    elif kind in FIELDS:
        events += FIELDS[kind](state, seat)
    elif "lane" in player:
        for reached in BOARD_FIELDS:
            events += reached(state, seat, field)
    elif kind in ("idea", "end") and f"industry:{kind}" not in player["fired"]:
        player["fired"].append(f"industry:{kind}")
        if kind == "idea":
            pool.add(state, "idea", False)
        elif DATA["industry_strip"]["end"].get("key"):
            events += gain_key(state, seat)
    return events


pool.kind("industry")((industry_options, resolve_industry))
