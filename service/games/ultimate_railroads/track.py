"""STRECKENBAU: one track step at a time, split over the routes as the player likes
(WIE BAUST DU STRECKEN?, DAS MUSST DU BEIM GLEISBAU BEACHTEN)."""
from __future__ import annotations

from . import pool, special_fields
from .board import can_step
from .boards import board_of, route_ids
from .data import COLOURS
from .locomotives import named


def item_colours(item: dict) -> list[str]:
    return COLOURS if item["colours"] == "any" else item["colours"]


def possible_steps(state: dict, seat: int, item: dict) -> list[tuple[str, str]]:
    player = state["players"][seat]
    return [(route, colour) for route in route_ids(player) if route not in item.get("routes", [])
            and item.get("only", route) == route
            for colour in item_colours(item)
            if colour in player["unlocked"] and can_step(player, route, colour)]


def branches(player: dict, route_id: str, colour: str) -> list[str]:
    """DIE WEICHE AUF DER STRECKE MÜNCHEN: the step onto the first field after the switch
    names the branch, for the rest of the game."""
    switch = board_of(player)["routes"][route_id].get("switch")
    if not switch or player.get("branch") or player["tracks"][route_id][colour] != switch["after"]:
        return []
    return list(switch["branches"])


def step_options(state: dict, seat: int, item: dict) -> list[dict]:
    """A step names its colour only where more than one colour could move."""
    player = state["players"][seat]
    steps = possible_steps(state, seat, item)
    colours = sorted({c for _, c in steps})
    out = []
    for route, colour in steps:
        move = {"action": "step", "item": item["id"], "route": route, **named("colour", colour, colours)}
        out += [{**move, "branch": b} for b in branches(player, route, colour)] or [move]
    return out


def resolve_step(state: dict, seat: int, item: dict, move: dict) -> list[dict]:
    player = state["players"][seat]
    move = {"colour": possible_steps(state, seat, item)[0][1], **move}
    if "branch" in move:
        player["branch"] = move["branch"]
    player["tracks"][move["route"]][move["colour"]] += 1
    item["left"] -= 1
    if "routes" in item:
        item["routes"].append(move["route"])
    events = [{"type": "step", "seat": seat, "route": move["route"], "colour": move["colour"],
               "field": player["tracks"][move["route"]][move["colour"]]}]
    return events + special_fields.fire(state, seat)


pool.kind("track")((step_options, resolve_step))
