"""How places are joined: built rail links and shipping lines (KOHLE UND EISEN,
AKTION: WAREN VERKAUFEN, DER SPIELPLAN: Schiffahrtslinie, Pennsylvania).

Distances count built rail links; a shipping line counts as one, and is usable
while a port tile lies at its port end and a ship tile at its ship end(s).
Pennsylvania may be entered or left, but never passed through: a route that
enters it from outside may not leave it again.
"""
from __future__ import annotations

from service.games.age_of_industry.data import MAPS
from service.games.age_of_industry.state import State, space_id


def tiles_at(state: State, place: str) -> list[dict]:
    spaces = MAPS[state.map].locations[place].spaces
    return [t for n in range(1, len(spaces) + 1) if (t := state.tiles.get(space_id(place, n)))]


def has_industry(state: State, place: str, industry: str) -> bool:
    return any(t["industry"] == industry for t in tiles_at(state, place))


class Network:
    """The joined places of one state, with distances memoised. `assume` names
    places whose port or ship counts as built (the tile being built now)."""

    def __init__(self, state: State, assume: frozenset = frozenset()):
        self.state = state
        self.map = MAPS[state.map]
        self.assume = assume
        self._memo = {}

    def line_open(self, place: str) -> bool:
        location = self.map.locations[place]
        industry = "ship" if "ship" in location.spaces else "port"
        return place in self.assume or has_industry(self.state, place, industry)

    def neighbours(self, place: str):
        for link in self.map.links_at[place]:
            if link in self.state.rails:
                a, b = self.map.links[link]
                yield b if a == place else a
        if self.map.shipping_at[place] and self.line_open(place):
            for other in self.map.shipping_at[place]:
                if self.line_open(other):
                    yield other

    def distances(self, starts) -> dict:
        """Built-link distance from the nearest of `starts` to every joined place."""
        key = frozenset(starts)
        if key not in self._memo:
            self._memo[key] = self._search(key)
        return self._memo[key]

    def _search(self, starts) -> dict:
        pennsylvania = {p for p, loc in self.map.locations.items() if loc.pennsylvania}
        seen = {(p, False) for p in starts}
        best = {p: 0 for p in starts}
        frontier = list(seen)
        depth = 0
        while frontier:
            depth += 1
            nxt = []
            for place, entered in frontier:
                for other in self.neighbours(place):
                    if entered and other not in pennsylvania:
                        continue       # in from outside, not out again
                    state = (other, entered or (place not in pennsylvania and other in pennsylvania))
                    if state not in seen:
                        seen.add(state)
                        best.setdefault(other, depth)
                        nxt.append(state)
            frontier = nxt
        return best

    def port_access(self, starts) -> bool:
        """Joined to a built port (any owner, flipped or not) or a distant-port place."""
        return any(self.map.locations[p].distant_port or has_industry(self.state, p, "port")
                   or (p in self.assume and "port" in self.map.locations[p].spaces)
                   for p in self.distances(starts))


class Networks:
    """Memoised networks for one state, one per assumed new port or ship."""

    def __init__(self, state: State):
        self.state, self._nets = state, {}

    def get(self, assume: frozenset = frozenset()) -> Network:
        if assume not in self._nets:
            self._nets[assume] = Network(self.state, assume)
        return self._nets[assume]
