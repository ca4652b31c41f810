"""Display names (issue 14): the resources by their English names with the German
ones of the printed (German) game beside them, from data/resources.json; the board's
spaces by their English names from their identifiers, with the German beside those the
rulebook names (seeds/001: "Von der Tongrube bis zum Roboterwerk", "Besondere Fabriken:
Bank und Börse", Spielende's Bonusfelder "Hafen, Bahnhof, Pumpstation und
Elektrizitätswerk", the introduction's "Dampfkraft" and "Elektrizität"). The other
spaces' printed names are not transcribed (data/SOURCES.md): no German is guessed."""
from __future__ import annotations

from service.games.presentation import GameWords, in_brackets
from service.games.speech import _

from .board import BOARD
from .schema import load_json

PRINTED_GERMAN = {
    "clay_pit": "Tongrube", "robot_factory": "Roboterwerk", "stock_exchange": "Börse",
    "harbour": "Hafen", "railway_station": "Bahnhof", "pumping_station": "Pumpstation",
    "power_plant": "Elektrizitätswerk", "steam_power": "Dampfkraft", "electricity": "Elektrizität",
}
# the rulebook's words for the game's pieces, told once under the board (its glossary)
TERMS = (("factory", "Fabrik"), ("technology", "Technologie"), ("bonus space", "Bonusfeld"),
         ("epoch", "Epoche"), ("area marker", "Bereichsmarker"), ("ownership marker", "Besitzmarker"),
         ("joker", "Joker"), ("subsidy", "Subvention"), ("the bank's coins", "Kasse"))


def beside(english: str, german: str | None) -> str:
    return english if german in (None, english) else f"{english} ({german})"


# "bank" (Bank in both languages) is left a plain word: it also names the Kasse's
# supply in the notation and the reasons ("the bank does not sell it")
SPACES = {space["name"]: beside(space["name"].replace("_", " ").capitalize(), PRINTED_GERMAN.get(space["name"]))
          for space in BOARD.spaces.values() if space["kind"] != "joker" and space["name"] != "bank"}
DISPLAY = {**SPACES, **{r["id"]: beside(r["en"], r["de"]) for r in load_json("resources.json")["resources"]}}


# in German (issue 31): the printed names above, the actions as the rulebook's Phase 3
# (Auktion) and "Entwickeln und Siegpunkte erhalten" name them (GLOSSARY.md)
GERMAN = {**in_brackets(DISPLAY), "auction": "Auktion", "bid": "Bieten", "claim": "Feld beanspruchen",
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
