"""Display names (issue 14): the routes by their English names with the German
rulebook's beside them; the action spaces and other pieces are written in words from
their identifiers (the data names no printed titles for them). AMERICAN RAILROADS: its
routes, stock board pieces, steelworks and idea tiles (the dividend faces and steelworks'
stacks are provisional: data/america.json)."""
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
    "rocky_mountaineer": "The Rocky Mountaineer (Los Angeles - New Orleans)",
    "sacramento": "Sacramento line (Strecke SACRAMENTO, to the Golden Spike)",
    "omaha": "Omaha line (Strecke OMAHA, to the Golden Spike)",
    "stock": "stock idea tile (Aktien-Ideenplättchen)",
    "golden_spike": "Golden Spike idea tile (Golden-Spike-Ideenplättchen)",
    "dividend_points": "dividend: 5 points (provisional)",
    "dividend_coin": "dividend: 1 coin (provisional)",
    "dividend_industry_1": "dividend: 1 industry step (provisional)",
    "dividend_industry_2": "dividend: 2 industry steps (provisional)",
    "dividend_wood": "dividend: 1 wood step (provisional)",
    "dividend_green": "dividend: 1 green step (provisional)",
    "dividend_bronze": "dividend: 1 bronze step (provisional)",
    "dividend_silver": "dividend: 1 silver step (provisional)",
    "steelworks_4": "steelworks beside the #4 stack (Stahlwerk; provisional: 1 green step)",
    "steelworks_6": "steelworks beside the #6 stack (Stahlwerk; provisional: 1 bronze step)",
    "steelworks_8": "steelworks beside the #8 stack (Stahlwerk; provisional: 1 silver step)",
}
