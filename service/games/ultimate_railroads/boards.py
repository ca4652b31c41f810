"""The player boards (the `board` option): RUSSIAN RAILROADS (data/base.json) and GERMAN
RAILROADS (data/germany.json: DIE WEICHE AUF DER STRECKE MÜNCHEN, DIE STRECKENAUSBAUTEN,
DAS SILBERNE GLEIS). A player's routes as they stand for that player: the branch chosen
at the switch and the extensions laid at the stations add their fields and special fields."""
from __future__ import annotations

from functools import lru_cache

from . import asia_board
from .data import AMERICA, DATA, GERMANY, INDUSTRY_BOARD, LANE, ROUTES

BOARDS: dict = {
    "russia": {"routes": ROUTES, "max_wrenches": 2, "first_loco": "transsib"},
    "germany": {"routes": {r["id"]: r for r in GERMANY["routes"]},
                "max_wrenches": GERMANY["max_wrenches"]["value"], "first_loco": GERMANY["first_loco"]["route"]},
    "asia": asia_board.BOARD,
    "america": {"routes": {r["id"]: r for r in AMERICA["routes"]},
                "max_wrenches": AMERICA["max_wrenches"]["value"], "first_loco": AMERICA["first_loco"]["route"]},
}
# The industry strips (the `strip` option; "board": the board's own): each a list of tracks, a
# wrench bound to one of them (AMERICAN RAILROADS: INDUSTRIELEISTE MIT 2 STRECKEN). The
# Asian Industrietableau is not a strip: a player on it has `lane` (its side, industry_board.py),
# and no `strip` (refused at creation: AMERIKA-INDUSTRIELEISTE).
STRIPS: dict = {"russia": [LANE], "germany": [GERMANY["industry_strip"]["lane"]],
                "america": [AMERICA["industry_strip"]["lower"], AMERICA["industry_strip"]["upper"]]}
EXTENSIONS: dict = {e["id"]: e for e in GERMANY["extensions"]}
INCOME_TILES: dict = {t["id"]: t for t in GERMANY["income_tiles"]}
TRACK_PIECES: dict = DATA["tracks_per_player"]["value"]     # 2 silver tracks, 1 gold one


def board_of(player: dict) -> dict:
    return BOARDS[player.get("board", "russia")]


def route_ids(player: dict) -> list[str]:
    return list(board_of(player)["routes"])


def strip_of(player: dict) -> str:
    """The `strip` option, else the board's own (the Asian board plays with the Russian one)."""
    return player.get("strip") or board_of(player).get("strip", player.get("board", "russia"))


def wrench_track(player: dict, wrench: int) -> int:
    """The industry track a wrench is bound to (0 but on the American strip's upper one)."""
    return player.get("wrench_tracks", [0] * (wrench + 1))[wrench]


def industry_tracks(player: dict) -> list[list]:
    """The player's strip's tracks, or the INDUSTRIETABLEAU's side (`lane`: industry_board.py)."""
    return [INDUSTRY_BOARD["sides"][player["lane"]]] if "lane" in player else STRIPS[strip_of(player)]


def lane(player: dict, wrench: int = 0) -> list:
    """The industry track this wrench walks."""
    return industry_tracks(player)[wrench_track(player, wrench)]


def route(player: dict, route_id: str) -> dict:
    """The route as it stands for this player (length, colours, unlocks, specials)."""
    board = player.get("board", "russia")
    if board == "asia":
        return asia_board.route(route_id, player["osaka"])
    base = BOARDS[board]["routes"][route_id]
    if "switch" not in base and "stations" not in base:
        return base
    stations = tuple(sorted(player.get("extensions", {}).items()))
    return _route(board, route_id, player.get("branch"), stations)


@lru_cache(maxsize=1024)
def _route(board: str, route_id: str, branch: str | None, stations: tuple) -> dict:
    base = BOARDS[board]["routes"][route_id]
    out = {**base, "unlocks": list(base.get("unlocks", [])), "specials": list(base.get("specials", []))}
    switch = base.get("switch")
    if switch and branch:
        arm = switch["branches"][branch]
        out.update(length=arm["length"], colours=arm["colours"])
        out["unlocks"] += arm["unlocks"]
        out["specials"] += arm["specials"]
    elif switch:
        out["length"] = switch["after"] + 1         # field 9 is reached by choosing the branch
        out["colours"] = [c for c in base["colours"] if all(
            c in arm["colours"] for arm in switch["branches"].values())]
    laid = dict(stations)
    for station in base.get("stations", []):
        tile = laid.get(f"{route_id}:{station['field']}")
        if tile:
            out["specials"] += [{**s, "field": station["field"] + s["at"] - 1} for s in EXTENSIONS[tile]["specials"]]
    return out


def all_colours(board: str, route_id: str) -> list[str]:
    """Every colour the route can ever hold (whichever branch)."""
    return BOARDS[board]["routes"][route_id]["colours"]
