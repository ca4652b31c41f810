"""STRECKENTABLEAU: the player board's routes, tracks, locomotive reach and the
conditions of its special fields (DIE BESONDEREN FELDER AUF DEM STRECKENTABLEAU).

A track position is None (colour not unlocked, or not allowed on the route),
0 (unlocked, lying beside the route) or the field it stands on (1..length).
"""
from __future__ import annotations

from .data import COLOURS, ROUTES, loco_number


def new_tracks() -> dict:
    """Set-up 4: a wood track on field 1 of every route."""
    return {r: {c: (1 if c == "wood" else None) for c in ROUTES[r]["colours"]} for r in ROUTES}


def track_ahead(colour: str) -> str | None:
    """The track in front: wood leads, then green, bronze, silver, gold."""
    i = COLOURS.index(colour)
    return COLOURS[i - 1] if i else None


def step_limit(player: dict, route: str, colour: str) -> int:
    """The furthest field this track may reach now: never onto or past the track
    ahead (DAS MUSST DU BEIM GLEISBAU BEACHTEN), never past the last field."""
    ahead = track_ahead(colour)
    if ahead is None:
        return ROUTES[route]["length"]
    return (player["tracks"][route][ahead] or 0) - 1


def can_step(player: dict, route: str, colour: str) -> bool:
    pos = player["tracks"][route].get(colour)
    return pos is not None and pos < step_limit(player, route, colour)


def step_capacity(player: dict, colours: list[str]) -> int:
    """How many steps the given colours can make on the whole board, moving the
    tracks ahead first (new colours unlocked on the way are not counted: a lower
    bound, see completion.py)."""
    total = 0
    for route in ROUTES:
        tracks = player["tracks"][route]
        reached = {}
        for colour in ROUTES[route]["colours"]:
            pos = tracks[colour]
            ahead = track_ahead(colour)
            if ahead is None:
                limit = ROUTES[route]["length"]
            else:
                limit = reached.get(ahead, tracks[ahead] or 0) - 1
            if pos is None:
                continue
            if colour in colours and limit > pos:
                total += limit - pos
                reached[colour] = limit
            else:
                reached[colour] = pos
    return total


def loco_reach(player: dict, route: str) -> int:
    """The locos' numbers add up on the TRANSIB (WELCHEN NUTZEN HABEN LOKOMOTIVEN)."""
    return min(sum(loco_number(s) for s in player["locos"][route] if s), ROUTES[route]["length"])


def condition_met(player: dict, route: str, special: dict) -> bool:
    """A special field's condition: the named track on or past the field, and the
    loco reaching it where a loco is shown; it stays met once met."""
    pos = player["tracks"][route].get(special["track"]) or 0
    if pos < special["field"]:
        return False
    return not special["locomotive"] or loco_reach(player, route) >= special["field"]


def field_colour(player: dict, route: str, field: int) -> str | None:
    """The colour a field scores as: its own track, else the nearest track in front
    of it (empty fields behind a track are virtual tracks of its colour)."""
    best = None
    for colour in ROUTES[route]["colours"]:
        pos = player["tracks"][route][colour]
        if pos and pos >= field:
            best = colour
    return best


def steps_made(player: dict, colour: str) -> int:
    """Steps made with one colour over the whole board (the wood tracks start on field 1)."""
    start = 1 if colour == "wood" else 0
    return sum(max(0, (t.get(colour) or 0) - start) for t in player["tracks"].values()
               if t.get(colour) is not None)
