"""Display names (issue 14): the three routes by their English names with the German
rulebook's beside them; the action spaces and other pieces are written in words from
their identifiers (the data names no printed titles for them)."""
from __future__ import annotations

DISPLAY = {
    "transsib": "Trans-Siberian Railroad (Transsibirische Eisenbahn)",
    "petersburg": "St. Petersburg line (Strecke nach St. Petersburg)",
    "kyiv": "Kiev line (Strecke nach Kiew)",
}
