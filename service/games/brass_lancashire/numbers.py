"""A move's numbers for its log entry (issue 15, "events in numbers"), read off the
state before and after it: money paid (negative) or received per seat, income-track
spaces and VP gained, cubes taken from each tile and from the coal and iron markets,
and the tiles flipped with their owners (whose income the flip raised)."""
from __future__ import annotations

from service.games.events import changes, tile_changes

from .state import State, tile_refs


def tallies(state: State) -> dict[str, list[int]]:
    """The per-seat counters every change of which an event reports (Engine.tallies)."""
    return {"money": list(state.money), "vp": list(state.vp), "income": list(state.income)}


def numbers(before: State, after: State) -> dict:
    out = changes(tallies(before), tallies(after))
    return out | tile_changes(
        {ref: tile for ref, _location, tile in tile_refs(before)},
        {ref: tile for ref, _location, tile in tile_refs(after)},
        {f"{kind}_market": getattr(before, f"{kind}_market") - getattr(after, f"{kind}_market")
         for kind in ("coal", "iron")})
