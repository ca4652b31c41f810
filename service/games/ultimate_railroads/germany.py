"""GERMAN RAILROADS (p.24-27): DIE WEICHE AUF DER STRECKE MÜNCHEN (the branch named by
the wood step onto field 9: track.py), DIE STRECKENAUSBAUTEN, EINKOMMEN (income tiles, used
once a round in your turn: free_actions.py), SPEZIAL-GLEISPUNKTE-PLÄTTCHEN. The routes
themselves, DAS SILBERNE GLEIS and EIN ZUSÄTZLICHER SCHRAUBENSCHLÜSSEL: boards.py,
board.py, special_fields.py."""
from __future__ import annotations

from . import free_actions, modules, pool, scoring, setup, special_fields
from .boards import EXTENSIONS, INCOME_TILES
from .data import GERMANY
from .chapter import into
from .gains import gain, gives


def on(options: dict) -> bool:
    return options.get("board") == "germany"


@into(setup.PLAYERS)
def setup_player(player: dict, options: dict) -> None:
    """GERMAN RAILROADS: the branch, the extensions, the income tiles."""
    if on(options):
        player.update(branch=None, extensions={}, income=[], income_used=[])


@into(modules.SETUPS)
def setup_table(state: dict, rng: int) -> int:
    """The 18 extensions and the 8 income tiles beside the board."""
    if on(state["options"]):
        state["extensions"] = [e["id"] for e in GERMANY["extensions"]]
        state["income_tiles"] = [t["id"] for t in GERMANY["income_tiles"]]
    return rng


@into(modules.IDEA_CARDS)
def idea_cards(options: dict) -> list[str]:
    """The special track-points tile joins the idea cards."""
    return [GERMANY["idea_card"]["id"]] if on(options) else []


@into(special_fields.ROUTE_PIECES)
def stations(state: dict, seat: int, route_id: str, spec: dict) -> list[dict]:
    """DIE STRECKENAUSBAUTEN: the wood track reaching a station's first field: you must lay
    an extension there at once (a direct decision)."""
    player = state["players"][seat]
    wood = player["tracks"][route_id]["wood"]
    for station in spec.get("stations", []):
        tag = f"{route_id}:station:{station['field']}"
        if wood >= station["field"] and tag not in player["fired"]:
            player["fired"].append(tag)
            pool.add(state, "extension", True, station=f"{route_id}:{station['field']}", size=station["size"])
    return []


@into(special_fields.MODULE_KINDS, "income")
def income_field(state, seat, special, tag):
    """EINKOMMEN: one of the income tiles left."""
    pool.add(state, "income_tile", False)
    return []


def extension_options(state, seat, item):
    """One of the open extensions of exactly the station's size."""
    return pool.offered(item, "extension", "tile", [t for t in state["extensions"]
                                                      if EXTENSIONS[t]["size"] == item["size"]])


def resolve_extension(state, seat, item, move):
    """Lay it at the station: the wood track stands on its first field; its special
    fields count at once."""
    item["left"] = 0
    state["extensions"].remove(move["tile"])
    state["players"][seat]["extensions"][item["station"]] = move["tile"]
    return [{"type": "extension", "seat": seat, "station": item["station"], "tile": move["tile"]}] + \
        special_fields.fire(state, seat)


def income_tile_options(state, seat, item):
    return pool.offered(item, "income_tile", "tile", state["income_tiles"])


def resolve_income_tile(state, seat, item, move):
    item["left"] = 0
    state["income_tiles"].remove(move["tile"])
    state["players"][seat]["income"].append(move["tile"])
    return [{"type": "income_tile", "seat": seat, "tile": move["tile"]}]


def income_uses(state: dict, seat: int) -> list[str]:
    """Each of your income tiles once a round (also the round you take it)."""
    player = state["players"][seat]
    return [t for t in player.get("income", []) if t not in player["income_used"]]


def use_income(state: dict, seat: int, tile: str) -> list[dict]:
    """Used, it is turned over; also when it cannot be done completely (indirect)."""
    state["players"][seat]["income_used"].append(tile)
    return [{"type": "income_used", "seat": seat, "tile": tile}] + gain(
        state, seat, INCOME_TILES[tile]["effect"], direct=False)


def special_track_points(state, seat, effect, direct):
    """The special track-points tile replaces your base one."""
    state["players"][seat]["special_track_points"] = True
    return [{"type": "special_track_points", "seat": seat}]


@into(scoring.TRACK_POINTS)
def special_track_values(player: dict) -> dict | None:
    """SPEZIAL-GLEISPUNKTE-PLÄTTCHEN: in place of the base track points."""
    return GERMANY["special_track_points"]["value"] if player.get("special_track_points") else None


pool.kind("extension")((extension_options, resolve_extension))
pool.kind("income_tile")((income_tile_options, resolve_income_tile))
free_actions.provider("income", income_uses, use_income, rule="GERMAN RAILROADS, EINKOMMEN: bevor oder "
                      "nachdem du eine Aktion (auch vor dem Passen) machst; keine, wenn du schon gepasst hast "
                      "oder einen Arbeiter von der Reihenfolgeleiste versetzt")
gives({"special_track_points": special_track_points})
