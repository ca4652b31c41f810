"""Display names (issue 14): the resources by their English names with the German
ones of the printed (German) game beside them, from data/resources.json; the board's
spaces by the English and German names data/board.json gives each (`name_en`,
`name_de`, issue 31). The German rulebook prints ten of them (seeds/001: "Von der
Tongrube bis zum Roboterwerk", "Besondere Fabriken: Bank und Börse", Spielende's
Bonusfelder "Hafen, Bahnhof, Pumpstation und Elektrizitätswerk", the introduction's
"Dampfkraft" and "Elektrizität"): the English name carries those in brackets. The
others' printed names are not transcribed (data/SOURCES.md): their names are chosen to
fit, marked `"name_source": "provisional"` in the data and said so in the game type's
description; a German reader reads the German one, an English reader no German beside
it, as none is printed."""
from __future__ import annotations

from service.games.presentation import GameWords, in_brackets
from service.games.speech import _

from .board import BOARD
from .schema import load_json

# the rulebook's words for the game's pieces, told once under the board (its glossary)
TERMS = (("factory", "Fabrik"), ("technology", "Technologie"), ("bonus space", "Bonusfeld"),
         ("epoch", "Epoche"), ("area marker", "Bereichsmarker"), ("ownership marker", "Besitzmarker"),
         ("joker", "Joker"), ("subsidy", "Subvention"), ("the bank's coins", "Kasse"))


def beside(english: str, german: str | None) -> str:
    return english if german in (None, english) else f"{english} ({german})"


# "bank" (Bank in both languages) is left a plain word: it also names the Kasse's
# supply in the notation and the reasons ("the bank does not sell it")
NAMED = [space for space in BOARD.spaces.values() if space["kind"] != "joker" and space["name"] != "bank"]
PROVISIONAL_NAMES = sorted({space["name"] for space in NAMED if space.get("name_source") == "provisional"})


def english(space: dict) -> str:
    """The space's English name, with the German beside it where that is printed."""
    name = space.get("name_en") or space["name"].replace("_", " ").capitalize()
    return name if space.get("name_source") == "provisional" else beside(name, space.get("name_de"))


SPACES = {space["name"]: english(space) for space in NAMED}
DISPLAY = {**SPACES, **{r["id"]: beside(r["en"], r["de"]) for r in load_json("resources.json")["resources"]}}


# in German (issue 31): the names above (the provisional ones too), the actions as the rulebook's Phase 3
# (Auktion) and "Entwickeln und Siegpunkte erhalten" name them (GLOSSARY.md)
GERMAN = {**in_brackets(DISPLAY), **{space["name"]: space["name_de"] for space in NAMED if space.get("name_de")},
          "auction": "Auktion", "bid": "Bieten", "claim": "Feld beanspruchen",
          "develop": "Entwickeln", "pass": "Passen", "sell": "dem Höchstbietenden überlassen",
          "subsidy": "Subvention", "done": "Fertig"}
GERMAN_VERBS = {"versteigere": "auction", "auktion": "auction", "biete": "bid", "bieten": "bid",
                "beanspruche": "claim", "entwickle": "develop", "entwickeln": "develop",
                "passe": "pass", "passen": "pass", "überlasse": "sell", "subvention": "subsidy",
                "fertig": "done"}

WORDS = GameWords(
    fields={"space": "space", "amount": "Taler"},
    options=lambda options: [(_("Area markers per round"), _("the rulebook's recommended counts")
                              if options.get("recommended_marker_counts") else _("as in the base rules"))],
    german=GERMAN, german_fields={"space": "Feld", "amount": "Taler"}, german_verbs=GERMAN_VERBS)
