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
    # the INDUSTRIETABLEAU (its printed factories' names are not transcribed: provisional)
    "industry_board": "industry board (Industrietableau)",
    "maintenance": "maintenance car (Wartungswagen)",
    "car": "maintenance car (Wartungswagen)",
    "purple_cars": "idea card with 3 purple maintenance cars (Ideenkarte mit 3 lila Wartungswagen)",
    "2a": "alternative #2 locomotive (alternative 2er-Lok)",
    "printed_1": "printed factory 1", "printed_2": "printed factory 2", "printed_3": "printed factory 3",
    "printed_4": "printed factory 4", "printed_5": "printed factory 5",
}
