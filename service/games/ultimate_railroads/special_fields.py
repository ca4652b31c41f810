"""DIE BESONDEREN FELDER AUF DEM STRECKENTABLEAU: new tracks, keys, new workers and
idea tiles fire once, the moment their condition is first met; route doubling,
bonus stars and the medal count at every scoring (see scoring.py).
WIE BAUST DU GLEISE IN ANDEREN FARBEN?: the wood track reaching or passing a
TRANSIB field hands out the tracks shown there."""
from __future__ import annotations

from . import pool
from .board import condition_met
from .boards import board_of, route, route_ids
from .data import DATA

ONE_TIME = {"new_worker", "idea_tile", "key", "wrench", "industry"}
# What the chapters of the box add:
MODULE_KINDS: dict = {}    # a board's own one-time fields: type -> gain(state, seat, special, tag) -> events
ROUTE_PIECES: list = []    # pieces laid as a wood track passes: reached(state, seat, route_id, spec) -> events
NEW_WRENCH: list = []      # where a new wrench goes: placed(state, seat) -> True when placed so


def unlock(state: dict, seat: int, route_id: str, unlock_: dict) -> list[dict]:
    player = state["players"][seat]
    colour = unlock_["colour"]
    player["unlocked"].append(colour)
    for other in route_ids(player):
        if colour in route(player, other)["colours"]:
            player["tracks"][other][colour] = 0
    if unlock_.get("steps"):
        # "Zusätzlich darfst du mit dem Gleis bis zu 2 Schritte machen."
        pool.add(state, "track", False, colours=[colour], left=unlock_["steps"])
    return [{"type": "unlock", "seat": seat, "colour": colour}]


def gain_worker(state: dict, seat: int) -> list[dict]:
    player = state["players"][seat]
    if player["extra_workers"] >= DATA["max_extra_workers"]["value"]:
        return []
    player["extra_workers"] += 1
    player["workers"] += 1
    return [{"type": "new_worker", "seat": seat}]


def gain_key(state: dict, seat: int) -> list[dict]:
    """Vorteil: Schlüssel: 1 wood step + 1 step of any colour, or 10 points."""
    state["players"][seat]["keys"] += 1
    pool.add(state, "key", False)
    return [{"type": "key", "seat": seat}]


def gain_wrench(state: dict, seat: int) -> list[dict]:
    """EIN ZUSÄTZLICHER SCHRAUBENSCHLÜSSEL: another wrench on the strip's start field."""
    player = state["players"][seat]
    if len(player["wrenches"]) >= board_of(player)["max_wrenches"]:
        return []
    if any(placed(state, seat) for placed in NEW_WRENCH):     # AMERIKA-INDUSTRIELEISTE + DEUTSCHLANDTABLEAU
        return []
    player["wrenches"].append(0)
    return [{"type": "wrench", "seat": seat}]


def one_time(state: dict, seat: int, special: dict, tag: str) -> list[dict]:
    kind = special["type"]
    if kind in MODULE_KINDS:
        return MODULE_KINDS[kind](state, seat, special, tag)
    if kind == "new_worker":
        return gain_worker(state, seat)
    if kind == "key":
        return gain_key(state, seat)
    if kind == "wrench":
        return gain_wrench(state, seat)
    if kind == "industry":
        pool.add(state, "industry", False, left=special["steps"])
    else:
        pool.add(state, "idea", False)
    return []


def fire(state: dict, seat: int) -> list[dict]:
    player = state["players"][seat]
    events = []
    for route_id in route_ids(player):
        spec = route(player, route_id)
        wood = player["tracks"][route_id]["wood"]
        for unlock_ in spec["unlocks"]:
            if wood >= unlock_["field"] and unlock_["colour"] not in player["unlocked"]:
                events += unlock(state, seat, route_id, unlock_)
        for reached in ROUTE_PIECES:
            events += reached(state, seat, route_id, spec)
        for special in spec["specials"]:
            tag = f"{route_id}:{special['field']}"
            if special["type"] not in ONE_TIME | MODULE_KINDS.keys() or tag in player["fired"]:
                continue
            if condition_met(player, route_id, special):
                player["fired"].append(tag)
                events += one_time(state, seat, special, tag)
    return events
