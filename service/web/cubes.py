"""What a move does to the cubes on the board, in words (issue 27, previews: "Blackburn's
coal mine gets 2 cubes", "the coal market loses 1 cube"), read off the public view
before and after it: the cubes on each industry tile and in the markets or on the
demand tracks that hold them (Brass: Lancashire's coal and iron markets; Age of
Industry's coal and iron tracks and a port's imported coal). The games without cubes
(Industry, Ultimate Railroads) have no places here."""
from __future__ import annotations

from typing import Callable

from service.games.presentation import Words, capital
from service.games.speech import N_, _, ngettext

MARKETS = {"coal": N_("the coal market"), "iron": N_("the iron market")}
TRACKS = {"coal": N_("the coal demand track"), "iron": N_("the iron demand track")}


def tile_place(town: str, industry: str, words: Words) -> str:
    return _("{town}'s {industry}").format(town=words.name(town), industry=words.name(industry))


def brass(public: dict, words: Words) -> dict[str, int]:
    """Each tile's cubes ("Blackburn's coal mine", two alike in a town summed) and the markets'."""
    out: dict[str, int] = {}
    for town, slots in public["board"].items():
        for tile in slots:
            if tile:
                place = tile_place(town, tile["industry"], words)
                out[place] = out.get(place, 0) + tile["cubes"]
    return out | {_(said): public[f"{kind}_market"] for kind, said in MARKETS.items()}


def age(public: dict, words: Words) -> dict[str, int]:
    """Each tile's cubes (a space "berlin.2": Berlin's), the tracks', the imported coal."""
    out: dict[str, int] = {}
    for space, tile in public["tiles"].items():
        place = tile_place(space.split(".")[0], tile["industry"], words)
        out[place] = out.get(place, 0) + tile["cubes"]
    out |= {_("the imported coal at {place}").format(place=words.name(place)): cubes
            for place, cubes in public["imports"].items()}
    return out | {_(said): public["track"][kind] for kind, said in TRACKS.items()}


PLACES: dict[str, Callable[[dict, Words], dict[str, int]]] = {
    "brass-lancashire": brass, "age-of-industry": age}


def brass_said(place: str, change: int) -> str:
    """Brass: Lancashire's cubes (Würfel) coming to and leaving a place."""
    if change > 0:
        return ngettext("{place} gets {number} cube", "{place} gets {number} cubes", change).format(
            place=place, number=change)
    return ngettext("{place} loses {number} cube", "{place} loses {number} cubes", -change).format(
        place=place, number=-change)


def age_said(place: str, change: int) -> str:
    """Age of Industry's cubes (Klötzchen) coming to and leaving a place."""
    if change > 0:
        return ngettext("{number} cube goes onto {place}", "{number} cubes go onto {place}",
                        change).format(place=place, number=change)
    return ngettext("{number} cube leaves {place}", "{number} cubes leave {place}", -change).format(
        place=place, number=-change)


SAID: dict[str, Callable[[str, int], str]] = {"brass-lancashire": brass_said, "age-of-industry": age_said}


def cube_changes(type_id: str, before: dict, after: dict, words: Words) -> list[str]:
    """Each place whose cubes a move changes: "Blackburn's coal mine gets 2 cubes"."""
    places = PLACES.get(type_id)
    if places is None:
        return []
    was, now = places(before, words), places(after, words)
    changed = {place: now.get(place, 0) - was.get(place, 0)
               for place in sorted(set(was) | set(now), key=lambda p: (p not in was, p))}
    return [capital(SAID[type_id](place, change)) for place, change in changed.items() if change]
