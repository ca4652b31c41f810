"""The player mat (SPIELERTABLEAU): tiles are taken lowest level first; era icons
decide what may be built (BAUEN IN DER KANALEPOCHE / EISENBAHNEPOCHE, EINE WERFT BAUEN)."""
from __future__ import annotations

from service.games.speech import N_, Said

from .data import LEVELS, MAT_LEVELS, PRODUCERS
from .state import State


def lowest_level(state: State, seat: int, industry: str) -> int | None:
    for index, count in enumerate(state.mats[seat][industry]):
        if count:
            return MAT_LEVELS[industry][index]
    return None


def tiles_left(state: State, seat: int, industry: str) -> int:
    return sum(state.mats[seat][industry])


def take_lowest(state: State, seat: int, industry: str) -> int:
    """Take the lowest tile of the industry off the mat; returns its level."""
    counts = state.mats[seat][industry]
    index = next(i for i, count in enumerate(counts) if count)
    counts[index] -= 1
    return MAT_LEVELS[industry][index]


# the eras as the refusals name them
ERAS = {"canal": N_("canal era"), "rail": N_("rail era")}


def era_name(era: str) -> Said:
    return Said(ERAS[era])


def why_not_era(state: State, industry: str, level: int) -> str | None:
    """Locked shipyards are never built; canal-only tiles not in the rail era and
    rail-only tiles not in the canal era: develop them away instead."""
    spec = LEVELS[industry][level]
    if not spec.canal and not spec.rail:
        return Said(N_("your level-{level} {industry} is locked: remove it with the develop action"),
                    level=level, industry=industry)
    if not getattr(spec, state.era):
        return Said(N_("your lowest {industry} (level {level}) cannot be built in the {era}: "
                       "develop it away first"), industry=industry, level=level, era=era_name(state.era))
    return None


def remove_from_board(state: State, location: str, slot: int) -> dict:
    """A tile leaves the board for the box; its cubes go back to the general supply."""
    tile = state.board[location][slot]
    state.board[location][slot] = None
    kind = PRODUCERS.get(tile["industry"])
    if kind:
        state.supply[kind] += tile["cubes"]
    state.boxed[tile["owner"]] += 1
    return tile
