"""DEIN NETZWERK and VERBUNDENE ORTE: which towns are yours, which are connected,
how far (in link tiles) one town lies from another, and FERNE MÄRKTE access."""
from __future__ import annotations

from .data import DISTANT_MARKETS, LINKS, VIRTUAL_LINK
from .state import State


def adjacency(state: State, extra=()) -> dict[str, list[str]]:
    """Towns joined by placed link tiles of any player (plus `extra` link ids)."""
    adj: dict[str, list[str]] = {}
    for link in (*state.links, *extra):
        a, b = LINKS[link]
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return adj


def distances(adj: dict, starts) -> dict[str, int]:
    """Fewest link tiles from any of `starts` to every connected town."""
    dist = {start: 0 for start in starts}
    frontier = list(dist)
    while frontier:
        nxt = []
        for town in frontier:
            for other in adj.get(town, ()):
                if other not in dist:
                    dist[other] = dist[town] + 1
                    nxt.append(other)
        frontier = nxt
    return dist


def network(state: State, seat: int, extra=()) -> set[str]:
    """A town is in your network if one of your industry tiles lies there or one of
    your link tiles joins it to a neighbour."""
    towns = {loc for loc, tiles in state.board.items()
             if any(t is not None and t["owner"] == seat for t in tiles)}
    for link in (*[l for l, owner in state.links.items() if owner == seat], *extra):
        towns.update(LINKS[link])
    return towns


def may_build_in(state: State, seat: int, location: str, towns: set[str]) -> bool:
    """In your network; with the classic rules the virtual connection also opens the
    other of Liverpool and Birkenhead (KLASSISCHE REGELN: Die virtuelle Verbindung)."""
    if location in towns:
        return True
    if state.options.get("rules") == "classic" and location in VIRTUAL_LINK:
        other = VIRTUAL_LINK[1] if location == VIRTUAL_LINK[0] else VIRTUAL_LINK[0]
        return other in towns
    return False


def has_pieces(state: State, seat: int) -> bool:
    """BAUEN OHNE PLÄTTCHEN AUF DEM SPIELPLAN: any industry or link tile of yours placed?"""
    return seat in state.links.values() or any(
        t is not None and t["owner"] == seat for tiles in state.board.values() for t in tiles)


def port_towns(state: State) -> set[str]:
    return {loc for loc, tiles in state.board.items()
            if any(t is not None and t["industry"] == "port" for t in tiles)}


def reaches_distant_market(state: State, reachable, ports=None) -> bool:
    """Connected to a distant-market icon: a board-edge market or any port tile,
    flipped or not."""
    ports = port_towns(state) if ports is None else ports
    return any(town in DISTANT_MARKETS or town in ports for town in reachable)
