"""Display names (issue 14): places by the name each map's data prints, industries
by the English names of the research notes (data/research.json), card colours in
words. Age of Industry is an English game: no German names beside them."""
from __future__ import annotations

from .data import COLOURS, MAPS
from .schema import INDUSTRIES

DISPLAY = {
    **{colour: colour.replace("_", " ") for colour in COLOURS},
    **{industry: industry.replace("_", " ") for industry in INDUSTRIES},
    "manufactured_goods": "manufactured goods factory",
    **{place: location.name for game_map in MAPS.values() for place, location in game_map.locations.items()},
}
