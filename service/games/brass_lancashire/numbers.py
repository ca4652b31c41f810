"""A move's numbers for its log entry (issue 15, "events in numbers"), read off the
state before and after it: money paid (negative) or received per seat, income-track
spaces and VP gained, cubes taken from each tile and from the coal and iron markets,
and the tiles flipped with their owners (whose income the flip raised)."""
from __future__ import annotations

from service.games.events import changes

from .state import State, tile_refs


def tallies(state: State) -> dict[str, list[int]]:
    """The per-seat counters every change of which an event reports (Engine.tallies)."""
    return {"money": list(state.money), "vp": list(state.vp), "income": list(state.income)}


def numbers(before: State, after: State) -> dict:
    tiles_before = {ref: tile for ref, _location, tile in tile_refs(before)}
    out = changes(tallies(before), tallies(after))
    cubes = {ref: tiles_before[ref]["cubes"] - tile["cubes"]
             for ref, _location, tile in tile_refs(after)
             if ref in tiles_before and tile.get("cubes", 0) < tiles_before[ref].get("cubes", 0)}
    cubes.update({f"{kind}_market": taken for kind in ("coal", "iron")
                  if (taken := getattr(before, f"{kind}_market") - getattr(after, f"{kind}_market")) > 0})
    if cubes:
        out["cubes_taken"] = cubes
    flipped = [{"tile": ref, "industry": tile["industry"], "owner": tile["owner"]}
               for ref, _location, tile in tile_refs(after)
               if tile["flipped"] and not (ref in tiles_before and tiles_before[ref]["flipped"])]
    if flipped:
        out["flipped"] = flipped
    return out
