"""Display names (issue 14): the printed English names of the towns and distant
markets (data/board.json) and of the industries, by identifier. A link `a__b` is
written from its towns ("Liverpool – Wigan") by whoever shows it."""
from __future__ import annotations

import re

from service.games.presentation import GameWords
from service.games.speech import _

from .data import INDUSTRIES, NAMES

# the industries as the sentences say them ("builds a level-1 coal mine"); a choice's
# label starts with a capital (Words.label)
DISPLAY = {**NAMES, **{industry: industry.replace("_", " ") for industry in INDUSTRIES}}


# the German rulebook's words (seeds/003, GLOSSARY.md): industries (SPIELMATERIAL), the
# actions (AKTIONEN, AKTION: ...), the distant markets; the towns keep their names
GERMAN = {
    "cotton_mill": "Baumwollspinnerei", "port": "Hafen", "shipyard": "Werft",
    "iron_works": "Eisenhütte", "coal_mine": "Kohlebergwerk",
    "build": "Bauen", "connect": "Verbinden", "develop": "Entwickeln", "sell": "Verkaufen",
    "loan": "Kredit aufnehmen", "pass": "Passen", "done": "Verkaufen beenden",
    "remove_tile": "Industrieplättchen entfernen", "distant": "Ferner Markt",
    "scotland": "Schottland", "the_midlands": "Midlands",
}
GERMAN_FIELDS = {"location": "Ort", "industry": "Industrie", "industries": "Industrien", "card": "Karte",
                 "cards": "Karten", "amount": "Kredit", "coal": "Kohle von", "iron": "Eisen von",
                 "overbuild": "überbauen", "tile": "Plättchen bei", "links": "Verbindungen",
                 "mill": "Baumwollspinnerei", "via": "über"}
# the words a German player begins a move with (the notation's word after each)
GERMAN_VERBS = {"bau": "build", "baue": "build", "bauen": "build", "verbinde": "connect",
                "verbinden": "connect", "entwickle": "develop", "entwickeln": "develop",
                "verkaufe": "sell", "verkaufen": "sell", "kredit": "loan", "passe": "pass",
                "passen": "pass", "fertig": "done", "entferne": "remove_tile"}


SLOT = re.compile(r"([a-z_]+):(\d+)")      # a tile's place in a town: "wigan:0"


def value_words(field: str, value, name) -> str | None:
    """A town's slot by the town's printed name and the slot's number as the board shows
    it ("Wigan, slot 0"); other values by their names."""
    if isinstance(value, str) and (slot := SLOT.fullmatch(value)):
        return _("{town}, slot {number}").format(town=name(slot.group(1)), number=slot.group(2))
    return None


WORDS = GameWords(
    fields={"location": "town", "amount": "loan", "coal": "coal from", "iron": "iron from",
            "overbuild": "build over", "tile": "tile at"},
    options=lambda options: [(_("Rules"), "Roxley" if options.get("rules") == "roxley" else _("classic")),
                             (_("Length"), _("introductory game") if options.get("length") == "introductory"
                              else _("full game"))],
    value=value_words, german=GERMAN, german_fields=GERMAN_FIELDS, german_verbs=GERMAN_VERBS)
