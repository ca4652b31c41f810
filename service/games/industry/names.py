"""Display names (issue 14): the resources by their English names with the German
ones of the printed (German) game beside them, from data/resources.json. The board's
factories and technologies are written in words from their identifiers: the printed
board's names are not transcribed (data/SOURCES.md)."""
from __future__ import annotations

from .schema import load_json

DISPLAY = {r["id"]: r["en"] if r["en"] == r["de"] else f"{r['en']} ({r['de']})"
           for r in load_json("resources.json")["resources"]}
