"""A move's numbers for its log entry (issue 15, "events in numbers"), read off the
state before and after it: money paid or received per seat (less what the end of the
round's events already say), cubes taken from tiles, from a ship's import coal
("<place>.1", the ship's space) and from the demand tracks, and the tiles flipped
with their owners (each flip pays its owner the tile's profit)."""
from __future__ import annotations

from service.games.age_of_industry.flow import tallies
from service.games.age_of_industry.state import State
from service.games.events import changes, tile_changes


def numbers(before: State, after: State, reported: list[dict]) -> dict:
    taken = {f"{place}.1": cubes - after.imports.get(place, 0)
             for place, cubes in before.imports.items()}
    taken |= {f"{kind}_track": before.track[kind] - after.track[kind] for kind in before.track}
    return changes(tallies(before), tallies(after), reported) | tile_changes(
        before.tiles, after.tiles, taken)
