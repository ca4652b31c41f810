"""KOHLE VERBRAUCHEN: coal comes from the nearest unflipped coal mine (fewest link
tiles, any owner; the player picks among equally near ones), else from the coal
market, cheapest first, which needs a connection to a distant market (£5 when empty)."""
from __future__ import annotations

from .income import flip
from .market import buy
from .network import distances, reaches_distant_market
from .state import State, tile_at, tile_refs

MARKET = "market"


def coal_mines(state: State) -> list[tuple[str, str, int]]:
    """(ref, town, cubes) of every coal mine with cubes left."""
    return [(ref, location, tile["cubes"]) for ref, location, tile in tile_refs(state)
            if tile["industry"] == "coal_mine" and tile["cubes"]]


def coal_options(state: State, starts, adj: dict, taken: dict, mines=None, ports=None) -> list[str]:
    """The sources the next cube may come from: the refs of the nearest mines with a
    cube left (after `taken`), else ["market"], else [] (no coal to be had)."""
    dist = distances(adj, starts)
    best, found = None, []
    for ref, location, cubes in coal_mines(state) if mines is None else mines:
        if location in dist and cubes - taken.get(ref, 0) > 0:
            if best is None or dist[location] < best:
                best, found = dist[location], [ref]
            elif dist[location] == best:
                found.append(ref)
    if found:
        return found
    return [MARKET] if reaches_distant_market(state, dist, ports) else []


def take_cube(state: State, ref: str, kind: str) -> None:
    """One cube off a tile to the general supply; the tile flips when it empties."""
    tile = tile_at(state, ref)
    tile["cubes"] -= 1
    state.supply[kind] += 1
    if tile["cubes"] == 0:
        flip(state, tile)


def consume_coal(state: State, seat: int, source: str) -> None:
    if source == MARKET:
        buy(state, seat, "coal")
    else:
        take_cube(state, source, "coal")
