"""Display names (issue 14): the three routes by their English names with the German
rulebook's beside them; the action spaces and other pieces are written in words from
their identifiers (the data names no printed titles for them)."""
from __future__ import annotations

DISPLAY = {
    "transsib": "Trans-Siberian Railroad (Transsibirische Eisenbahn)",
    "petersburg": "St. Petersburg line (Strecke nach St. Petersburg)",
    "kyiv": "Kiev line (Strecke nach Kiew)",
    # ASIAN RAILROADS (the route takes its start station's name; OSAKA is laid over TOKYO)
    "beijing": "Beijing line (Strecke BEIJING)",
    "seoul": "Seoul line (Strecke SEOUL)",
    "tokyo": "Tokyo line (Strecke TOKYO, or OSAKA once extended)",
    "osaka": "Osaka extension (Osaka-Streckenausbau)",
    "construction": "construction tile (Baustellen-Plättchen)",
}
