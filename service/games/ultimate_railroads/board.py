"""STRECKENTABLEAU: the player board's routes, tracks, locomotive reach and the
conditions of its special fields (DIE BESONDEREN FELDER AUF DEM STRECKENTABLEAU).

A track position is None (colour not unlocked, or not allowed on the route),
0 (unlocked, lying beside the route) or the field it stands on (1..length).
"""
from __future__ import annotations

from .boards import BOARDS, TRACK_PIECES, route, route_ids
from .data import COLOURS, loco_number

ROUTE_BLOCKS: list = []      # a chapter's piece on a route: block(player, route_id) -> field | None


def new_tracks(board: str = "russia") -> dict:
    """Set-up 4: a wood track on field 1 of every route."""
    routes = BOARDS[board]["routes"]
    return {r: {c: (1 if c == "wood" else None) for c in routes[r]["colours"]} for r in routes}


def route_block(player: dict, route_id: str) -> int | None:
    """The field no track may enter or pass (AMERICAN RAILROADS, SPRENGUNGEN: rubble)."""
    return next((field for block in ROUTE_BLOCKS if (field := block(player, route_id))), None)


def route_end(player: dict, route_id: str) -> int:
    """The last field a track may reach now: the route's end, or a station whose
    extension is not laid yet (DIE STRECKENAUSBAUTEN: laid the moment the wood track
    reaches the station's first field), or the field before rubble (SPRENGUNGEN)."""
    spec = route(player, route_id)
    laid = player.get("extensions", {})
    stations = [s["field"] for s in spec.get("stations", []) if f"{route_id}:{s['field']}" not in laid]
    rubble = route_block(player, route_id)      # AMERICAN RAILROADS, SPRENGUNGEN
    return min([spec["length"]] + stations + ([rubble - 1] if rubble else []))


def pieces_left(player: dict, colour: str) -> int:
    """DAS SILBERNE GLEIS: only so many tracks of a colour (2 silver, 1 gold) however many
    routes show it: a track beside a route (0) can start only while one is left."""
    placed = sum(1 for tracks in player["tracks"].values() if tracks.get(colour))
    return TRACK_PIECES[colour] - placed


def track_ahead(colour: str) -> str | None:
    """The track in front: wood leads, then green, bronze, silver, gold."""
    i = COLOURS.index(colour)
    return COLOURS[i - 1] if i else None


def step_limit(player: dict, route_id: str, colour: str) -> int:
    """The furthest field this track may reach now: never onto or past the track
    ahead (DAS MUSST DU BEIM GLEISBAU BEACHTEN), never past the last field."""
    ahead = track_ahead(colour)
    if ahead is None:
        return route_end(player, route_id)
    return (player["tracks"][route_id][ahead] or 0) - 1


def can_step(player: dict, route_id: str, colour: str) -> bool:
    pos = player["tracks"][route_id].get(colour)
    if pos is None or colour not in route(player, route_id)["colours"]:
        return False
    return pos < step_limit(player, route_id, colour) and (pos > 0 or pieces_left(player, colour) > 0)


def step_capacity(player: dict, colours: list[str]) -> int:
    """How many steps the given colours can make on the whole board, moving the
    tracks ahead first (new colours unlocked on the way are not counted: a lower
    bound, see completion.py; a colour that could start on more routes than it has tracks
    left counts on the shortest of them only)."""
    total = 0
    starts: dict = {}
    for route_id in route_ids(player):
        tracks = player["tracks"][route_id]
        reached = {}
        for colour in route(player, route_id)["colours"]:
            pos = tracks[colour]
            ahead = track_ahead(colour)
            if ahead is None:
                limit = route_end(player, route_id)
            else:
                limit = reached.get(ahead, tracks[ahead] or 0) - 1
            if pos is None:
                continue
            if colour in colours and limit > pos:
                if pos == 0:
                    starts.setdefault(colour, []).append(limit)
                else:
                    total += limit - pos
                reached[colour] = limit
            else:
                reached[colour] = pos
    for colour, gains in starts.items():
        total += sum(sorted(gains)[:max(0, pieces_left(player, colour))])
    return total


def loco_reach(player: dict, route_id: str) -> int:
    """The locos' numbers add up on the TRANSIB (WELCHEN NUTZEN HABEN LOKOMOTIVEN)."""
    return min(sum(loco_number(s) for s in player["locos"][route_id] if s), route(player, route_id)["length"])


def condition_met(player: dict, route_id: str, special: dict) -> bool:
    """A special field's condition: the named track on or past the field, and the
    loco reaching it where a loco is shown; it stays met once met."""
    pos = player["tracks"][route_id].get(special["track"]) or 0
    if pos < special["field"]:
        return False
    return not special["locomotive"] or loco_reach(player, route_id) >= special["field"]


def field_colour(player: dict, route_id: str, field: int) -> str | None:
    """The colour a field scores as: its own track, else the nearest track in front
    of it (empty fields behind a track are virtual tracks of its colour)."""
    best = None
    for colour in route(player, route_id)["colours"]:
        pos = player["tracks"][route_id][colour]
        if pos and pos >= field:
            best = colour
    return best


def steps_made(player: dict, colour: str) -> int:
    """Steps made with one colour over the whole board (the wood tracks start on field 1)."""
    start = 1 if colour == "wood" else 0
    return sum(max(0, (t.get(colour) or 0) - start) for t in player["tracks"].values()
               if t.get(colour) is not None)
