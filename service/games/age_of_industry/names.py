"""Display names (issue 14): places by the name each map's data prints, industries
by the English names of the research notes (data/research.json), card colours in
words; in German (issue 31) as the German 2nd-edition rulebook (seeds/000, GLOSSARY.md)
prints them."""
from __future__ import annotations

import re

from service.games.presentation import GameWords
from service.games.speech import _, german

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


GERMAN = {
    "germany": "Deutschland", "new_england": "Neuengland",
    "cotton_mill": "Baumwollspinnerei", "manufactured_goods": "Konsumgüterfabrik", "coal_mine": "Zeche",
    "iron_works": "Eisenhütte", "port": "Hafen", "ship": "Schiff",
    "brown": "braun", "light_green": "hellgrün", "blue": "blau", "grey": "grau", "pink": "rosa",
    "build": "Industrie bauen", "rail": "Eisenbahnstrecke bauen", "sell": "Waren verkaufen",
    "end_sale": "Verkauf beenden", "develop": "Entwicklung", "draw": "Zwei Karten ziehen",
    "pass": "Passen", "loan": "Kredit aufnehmen", "repay": "Kredit zurückzahlen",
    "keep_loans": "Kredite behalten",
    "koeln": "Köln", "muenchen": "München", "bohemia": "Böhmen", "austria": "Österreich",
}
GERMAN_FIELDS = {"face_up": "offene Karten", "deck": "Karten vom Stapel", "space": "Feld",
                 "combined": "kombiniert mit", "coal_from": "Kohle von", "iron_from": "Eisen von",
                 "amount": "Kredit", "industry": "Industrie", "card": "Karte", "link": "Eisenbahnstrecke",
                 "level": "Technologiestufe", "mill": "Baumwollspinnerei", "outlet": "an"}
GERMAN_VERBS = {"bau": "build", "baue": "build", "bauen": "build", "eisenbahn": "rail",
                "verkaufe": "sell", "verkaufen": "sell", "entwickle": "develop", "entwickeln": "develop",
                "ziehe": "draw", "ziehen": "draw", "passe": "pass", "passen": "pass",
                "kredit": "loan", "zurückzahlen": "repay"}


SPACE = re.compile(r"([a-z_]+)\.(\d+)")     # a place's building space: "augsburg.1"
LINK = re.compile(r"([a-z_]+)-([a-z_]+)")       # a link between two places


def value_words(field: str, value, name) -> str | None:
    """A building space by its place's printed name and number ("Augsburg, space 1"),
    a link by its two places ("Augsburg – Stuttgart")."""
    if isinstance(value, str) and (space := SPACE.fullmatch(value)):
        return _("{place}, space {number}").format(place=name(space.group(1)), number=space.group(2))
    if isinstance(value, str) and value not in DISPLAY and (link := LINK.fullmatch(value)):
        return f"{name(link.group(1))} – {name(link.group(2))}"
    return None


WORDS = GameWords(
    fields={"face_up": "face-up cards", "deck": "cards from the deck", "space": "building space",
            "combined": "combined with", "coal_from": "coal from", "iron_from": "iron from",
            "amount": "loan"},
    options=lambda options: [(_("Map"), (GERMAN if german() else MAP_NAMES).get(
        options.get("map"), str(options.get("map"))))],
    value=value_words, german=GERMAN, german_fields=GERMAN_FIELDS, german_verbs=GERMAN_VERBS)
