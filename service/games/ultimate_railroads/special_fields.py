"""DIE BESONDEREN FELDER AUF DEM STRECKENTABLEAU: new tracks, keys, new workers and
idea tiles fire once, the moment their condition is first met; route doubling,
bonus stars and the medal count at every scoring (see scoring.py).
WIE BAUST DU GLEISE IN ANDEREN FARBEN?: the wood track reaching or passing a
TRANSIB field hands out the tracks shown there."""
from __future__ import annotations

from . import pool
from .board import condition_met
from .data import DATA, ROUTES

ONE_TIME = {"new_worker", "idea_tile", "key"}


def unlock(state: dict, seat: int, route_id: str, unlock_: dict) -> list[dict]:
    player = state["players"][seat]
    colour = unlock_["colour"]
    player["unlocked"].append(colour)
    for route in ROUTES.values():
        if colour in route["colours"]:
            player["tracks"][route["id"]][colour] = 0
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


def fire(state: dict, seat: int) -> list[dict]:
    player = state["players"][seat]
    events = []
    for route in DATA["routes"]:
        wood = player["tracks"][route["id"]]["wood"]
        for unlock_ in route["unlocks"]:
            if wood >= unlock_["field"] and unlock_["colour"] not in player["unlocked"]:
                events += unlock(state, seat, route["id"], unlock_)
        for special in route["specials"]:
            tag = f"{route['id']}:{special['field']}"
            if special["type"] not in ONE_TIME or tag in player["fired"]:
                continue
            if condition_met(player, route["id"], special):
                player["fired"].append(tag)
                if special["type"] == "new_worker":
                    events += gain_worker(state, seat)
                elif special["type"] == "key":
                    events += gain_key(state, seat)
                else:
                    pool.add(state, "idea", False)
    return events
