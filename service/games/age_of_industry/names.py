"""Display names (issue 14): places by the name each map's data prints, industries
by the English names of the research notes (data/research.json), card colours in
words. Age of Industry is an English game: no German names beside them."""
from __future__ import annotations

import re

from service.games.presentation import GameWords

from .data import COLOURS, MAPS
from .schema import INDUSTRIES

MAP_NAMES = {"germany": "Germany", "new_england": "New England"}
DISPLAY = {
    **MAP_NAMES,
    **{colour: colour.replace("_", " ") for colour in COLOURS},
    **{industry: industry.replace("_", " ") for industry in INDUSTRIES},
    "manufactured_goods": "manufactured goods factory",
    **{place: location.name for game_map in MAPS.values() for place, location in game_map.locations.items()},
}


SPACE = re.compile(r"([a-z_]+)\.(\d+)")     # a place's building space: "augsburg.1"
LINK = re.compile(r"([a-z_]+)-([a-z_]+)")       # a link between two places


def value_words(field: str, value, name) -> str | None:
    """A building space by its place's printed name and number ("Augsburg, space 1"),
    a link by its two places ("Augsburg – Stuttgart")."""
    if isinstance(value, str) and (space := SPACE.fullmatch(value)):
        return f"{name(space.group(1))}, space {space.group(2)}"
    if isinstance(value, str) and value not in DISPLAY and (link := LINK.fullmatch(value)):
        return f"{name(link.group(1))} – {name(link.group(2))}"
    return None


WORDS = GameWords(
    fields={"face_up": "face-up cards", "deck": "cards from the deck", "space": "building space",
            "combined": "combined with", "coal_from": "coal from", "iron_from": "iron from",
            "amount": "loan"},
    options=lambda options: [("Map", MAP_NAMES.get(options.get("map"), str(options.get("map"))))],
    value=value_words)
