"""ASIAN RAILROADS, the route board (data/asia.json): BEIJING, SEOUL and TOKYO, and
OSAKA-STRECKENAUSBAU, which lays OSAKA over TOKYO: the route keeps its id (`tokyo`, the
tracks stay on their fields) and from then on only OSAKA's fields count. Data only: the
rules live in asia.py."""
from __future__ import annotations

from .data import ASIA, DATA

ROUTES: dict = {r["id"]: r for r in ASIA["routes"]}
OSAKA: dict = {**ROUTES[ASIA["osaka"]["replaces"]], **ASIA["osaka"], "id": ASIA["osaka"]["replaces"]}
CONSTRUCTION: dict = ASIA["construction"]["value"]
SPECIAL_TYPES = {"new_worker", "idea_tile", "key", "bonus_star", "medal", "construction", "take_loco", "gold"}
BOARD = {"routes": ROUTES, "strip": "russia", "max_wrenches": 2, "first_loco": ASIA["first_loco"]["route"]}


def route(route_id: str, osaka: bool) -> dict:
    return OSAKA if osaka and route_id == OSAKA["id"] else ROUTES[route_id]


def medal_fields(osaka: bool) -> list[str]:
    """DER MEDAILLE, beim Asientableau: the fields a medal may be laid on ('route:field')."""
    return [f"{r}:{s['field']}" for r in ROUTES for s in route(r, osaka)["specials"] if s["type"] == "medal"]


def validate_asia(board: dict) -> list[str]:
    """data/asia.json: the routes (as base.json's, specials of SPECIAL_TYPES within the
    route), OSAKA (replacing a route), the construction tiles on extra slots."""
    colours = DATA["track_colours"]
    problems = []
    routes = {r.get("id"): r for r in board.get("routes", [])}
    for route_ in list(routes.values()) + [board.get("osaka", {})]:
        where = f"asia.json: {route_.get('id')}"
        if route_.get("colours") != colours[:len(route_.get("colours") or [])] or not route_.get("colours"):
            problems.append(f"{where}: colours must be a prefix of track_colours")
        for special in route_.get("specials", []):
            if special.get("type") not in SPECIAL_TYPES or not 1 <= special.get("field", 0) <= route_.get("length", 0):
                problems.append(f"{where}: bad special {special!r}")
    if board.get("osaka", {}).get("replaces") not in routes:
        problems.append("asia.json: osaka.replaces must name a route")
    for route_id, tiles in board.get("construction", {}).get("value", {}).items():
        if route_id not in routes or not 0 < tiles < routes[route_id]["slots"]:
            problems.append(f"asia.json: construction.{route_id}: fewer tiles than the route's slots expected")
    return problems


if _problems := validate_asia(ASIA):
    raise ValueError("ultimate_railroads data: " + "; ".join(_problems))
