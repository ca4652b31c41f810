"""Display names (issue 14): the printed English names of the towns and distant
markets (data/board.json) and of the industries, by identifier. A link `a__b` is
written from its towns ("Liverpool – Wigan") by whoever shows it."""
from __future__ import annotations

import re

from service.games.presentation import GameWords

from .data import INDUSTRIES, NAMES

# the industries as the sentences say them ("builds a level-1 coal mine"); a choice's
# label starts with a capital (Words.label)
DISPLAY = {**NAMES, **{industry: industry.replace("_", " ") for industry in INDUSTRIES}}


SLOT = re.compile(r"([a-z_]+):(\d+)")      # a tile's place in a town: "wigan:0"


def value_words(field: str, value, name) -> str | None:
    """A town's slot by the town's printed name and the slot's number as the board shows
    it ("Wigan, slot 0"); other values by their names."""
    if isinstance(value, str) and (slot := SLOT.fullmatch(value)):
        return f"{name(slot.group(1))}, slot {slot.group(2)}"
    return None


WORDS = GameWords(
    fields={"location": "town", "amount": "loan", "coal": "coal from", "iron": "iron from",
            "overbuild": "build over", "tile": "tile at"},
    options=lambda options: [("Rules", "Roxley" if options.get("rules") == "roxley" else "classic"),
                             ("Length", f"{options.get('length', 'full')} game")],
    value=value_words)
