"""Display names (issue 14): the pieces and spaces by English names with the German
(printed) game's beside them, in the words of the German rulebook (seeds/004; GLOSSARY.md
names the section of each): Strecke, Gleis, Lok, Fabrik, Industrialisierung, Ingenieurin,
Leiharbeiter, Zugreihenfolge, Schlüssel, Schraubenschlüssel, Ideenplättchen, Kohle,
Gießerei, Heizer, Kohle-Fabrik, Werklok. An identifier the table lacks is written in
words from itself (workers.mail.words). The everyday words the board repeats on every
line (coins, doublers, workers, the track colours) are told once, as TERMS under it.
AMERICAN RAILROADS: its routes, stock board pieces, steelworks and idea tiles (the
dividend faces and steelworks' stacks are provisional: data/america.json)."""
from __future__ import annotations

import re

from service.games.presentation import GameWords, in_brackets
from service.games.speech import _

from .data import AMERICA, ASIA, COLOURS, GERMANY, ROUTE_IDS

GERMAN_COLOUR = {"wood": "holzfarbene", "green": "grüne", "bronze": "bronzene",
                 "silver": "silberne", "gold": "goldene"}

ROUTES = {
    "transsib": "Trans-Siberian Railroad (Transsibirische Eisenbahn)",
    "petersburg": "St. Petersburg line (Strecke nach St. Petersburg)",
    "kyiv": "Kiev line (Strecke nach Kiew)",
    "dresden": "Dresden line (Strecke Dresden)",
    "muenchen": "Munich line (Strecke München)",
    "nuernberg_fuerth": "Nuremberg-Fürth line (Strecke Nürnberg-Fürth)",
    # ASIAN RAILROADS (the route takes its start station's name; OSAKA is laid over TOKYO)
    "beijing": "Beijing line (Strecke BEIJING)",
    "seoul": "Seoul line (Strecke SEOUL)",
    "tokyo": "Tokyo line (Strecke TOKYO, or OSAKA once extended)",
    "osaka": "Osaka extension (Osaka-Streckenausbau)",
    "construction": "construction tile (Baustellen-Plättchen)",
    # the INDUSTRIETABLEAU (its printed factories' names are not transcribed: provisional)
    "industry_board": "industry board (Industrietableau)",
    # the actions with a maintenance car (DIE WARTUNGSWAGEN): placing one, using one
    "car": "place a maintenance car (Wartungswagen einsetzen)",
    "maintenance": "use a maintenance car (Wartungswagen nutzen)",
    "purple_cars": "idea card with 3 purple maintenance cars (Ideenkarte mit 3 lila Wartungswagen)",
    # INDUSTRIETABLEAU, KOMBINATIONEN: "die alternativen 2er-Loks", a factory on their back
    "2a": "alternative 2",
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
SPACES = {
    **{f"track_{c}_{n}": f"{c.capitalize()} tracks {n} ({GERMAN_COLOUR[c]} Gleise)"
       for c in COLOURS for n in (1, 2)},
    "track_any_coin": "Any track for a coin (beliebiges Gleis, Münze)",
    "track_reusable": "Track, usable again (Gleis, nochmals nutzbar)",
    "loco_or_factory": "Locomotive or factory (Lok oder Fabrik)",
    "loco_or_factory_1": "Locomotive or factory 1 (Lok oder Fabrik)",
    "loco_or_factory_2": "Locomotive or factory 2 (Lok oder Fabrik)",
    "loco_and_factory_3": "Locomotive and factory (Lok und Fabrik)",
    "industry_1": "Industry 1 (Industrialisierung)",
    "industry_2": "Industry 2 (Industrialisierung)",
    "industry_1_track_1": "Industry and track (Industrialisierung und Gleis)",
    "engineer_hire": "Hiring field (Anwerbefeld der Ingenieurinnen)",
    "engineer_left": "Public engineer, left (horizontale Ingenieurin)",
    "engineer_right": "Public engineer, right (horizontale Ingenieurin)",
    "turn_order_1": "Turn order 1 (Zugreihenfolge)",
    "turn_order_2": "Turn order 2 (Zugreihenfolge)",
    "temporary_workers": "Temporary workers (Leiharbeiter)",
    # SONSTIGE AKTIONSFELDER: VERDOPPLER, MÜNZEN
    "doubler": "Doubler (Verdoppler)",
    "coins": "Coins (Münzen)",
    "last_round": "Last-round space (Letzte-Runde-Plättchen)",
    "free_actions": "free actions",
    "start_bonus": "Start bonus card (Startbonuskarte)",
    "coal_coal": "Coal (Kohle)",
    "coal_foundry": "Foundry and coal (Gießerei und Kohle)",
    "coal_stoker": "Stoker (Heizer)",
    "coal_factory": "Coal factory (Kohle-Fabrik)",
    "werklok": "Works locomotive (Werklok)",
    "freight_car": "Freight car (Güterwagen)",
    "special_factory": "Special factory (Spezial-Fabrik)",
}
IDEAS = {
    "end_card_and_idea_card": "End-game card and idea card (Spielendekarte und Ideenkarte)",
    "second_wrench": "Second wrench (zweiter Schraubenschlüssel)",
    "two_keys": "Two keys (zwei Schlüssel)",
    "three_tracks": "Three tracks (drei Gleise)",
    "wooden_worker": "Wooden worker (holzfarbener Arbeiter)",
    "locomotive_9": "Locomotive 9 (Lok 9)",
    "engineer_1": "Engineer 1 (Ingenieurin 1)",
    "extra_engineer": "Extra engineer (zusätzliche Ingenieurin)",
    "special_idea": "Special idea (Spezial-Ideenplättchen)",
    "special_track_points": "Special track points (Spezial-Gleispunkte-Plättchen)",
    "revaluation": "revaluation (Gleispunkte-Plättchen umdrehen)",
    "medal": "20-point medal (20-Punkte-Medaille)",
    "wood_steps": "wood track steps",
    "green_bronze_steps": "green and bronze track steps",
    "top_four_locomotives": "four best locomotives",
    "end_stations": "end stations",
    "idea_tiles": "idea tiles",
}
DISPLAY = {**ROUTES, **SPACES, **IDEAS}
# the rulebook's words for the pieces the board names on every line, told once under it
TERMS = (("route", "Strecke"), ("track", "Gleis"), ("wood", "holzfarben"), ("green", "grün"),
         ("silver", "silber"), ("locomotive", "Lok"), ("factory", "Fabrik"),
         ("industry strip", "Industrieleiste"), ("wrench", "Schraubenschlüssel"),
         ("worker", "Arbeiter"), ("coin", "Münze"), ("doubler", "Verdoppler"), ("key", "Schlüssel"),
         ("engineer", "Ingenieurin"), ("idea tile", "Ideenplättchen"), ("idea card", "Ideenkarte"),
         ("end-game card", "Spielendekarte"), ("coal", "Kohle"), ("foundry", "Gießerei"))

BOARDS = {"russia": "Russian Railroads", "germany": "German Railroads",
          "asia": "Asian Railroads", "america": "American Railroads"}
MODULES = {"coal": "coal (Kohle-Modul)", "werklok": "works locomotive (Werklok)",
           "special_ideas": "special ideas (Spezial-Ideen-Modul)",
           "extra_engineers": "extra engineers (zusätzliche Ingenieurinnen)"}


def options_words(options: dict) -> list[tuple[str, str]]:
    """The options as the rulebooks name them (issue 27): "Board: Russian Railroads"."""
    strip = options.get("strip", "board")
    said = [(_("Board"), BOARDS.get(options.get("board"), str(options.get("board")))),
            (_("Industry strip"), _("the shared industry board (Industrietableau)")
             if options.get("industry_board") else _("the board's own") if strip == "board"
             else _("the {board} strip").format(board=BOARDS.get(strip, strip))),
            (_("Modules"), ", ".join(word for name, word in MODULES.items() if options.get(name)) or _("none"))]
    return said + ([(_("Solo game"), _("against Emil"))] if options.get("emil") else [])


# the ids the events' sentences name (issue 31: "Bert wählt die Startbonuskarte
# holzfarbener Gleisschritt"): the start bonus cards, the idea and end-game cards, the
# Werklok and income tiles, AMERICAN RAILROADS' dividend tiles and steelworks (their
# plain words, "wood", "coin", are catalogue messages: ultimate_railroads/events.py)
GERMAN_WORDS = {
    "wood_step": "holzfarbener Gleisschritt", "green_step": "grüner Gleisschritt",
    "bronze_step": "bronzener Gleisschritt", "any_step": "beliebiger Gleisschritt",
    "wood_steps": "holzfarbene Gleisschritte", "silver_steps": "silberne Gleisschritte",
    "green_bronze_steps": "grüne und bronzene Gleisschritte", "industry_step": "Industrieschritt",
    "coins_2": "2 Münzen", "points_3": "3 Punkte", "points_5": "5 Punkte", "end_stations": "Endbahnhöfe",
    "idea_tiles": "Ideenplättchen", "top_four_locomotives": "die vier höchsten Loks",
    "extra_workers": "zusätzliche Arbeiter", "free_actions": "freie Aktionen",
    "income_coin": "Einkommensplättchen Münze", "income_industry": "Einkommensplättchen Industrialisierung",
    "income_any": "Einkommensplättchen beliebiger Gleisschritt", "income_points": "Einkommensplättchen Punkte",
    "income_bronze": "Einkommensplättchen bronze", "income_doubler": "Einkommensplättchen Verdoppler",
    "income_wood_2": "Einkommensplättchen 2 holzfarbene Gleisschritte",
    "income_wood_green": "Einkommensplättchen holzfarben und grün",
    # AMERICAN RAILROADS (data/america.json: the dividends and the steelworks' stacks are provisional)
    "dividend_points": "Dividende: 5 Punkte (vorläufig)", "dividend_coin": "Dividende: 1 Münze (vorläufig)",
    "dividend_industry_1": "Dividende: 1 Industrieschritt (vorläufig)",
    "dividend_industry_2": "Dividende: 2 Industrieschritte (vorläufig)",
    "dividend_wood": "Dividende: 1 holzfarbener Gleisschritt (vorläufig)",
    "dividend_green": "Dividende: 1 grüner Gleisschritt (vorläufig)",
    "dividend_bronze": "Dividende: 1 bronzener Gleisschritt (vorläufig)",
    "dividend_silver": "Dividende: 1 silberner Gleisschritt (vorläufig)",
    "steelworks_4": "Stahlwerk neben dem 4er-Stapel (vorläufig: 1 grüner Gleisschritt)",
    "steelworks_6": "Stahlwerk neben dem 6er-Stapel (vorläufig: 1 bronzener Gleisschritt)",
    "steelworks_8": "Stahlwerk neben dem 8er-Stapel (vorläufig: 1 silberner Gleisschritt)",
}
# in German (issue 31): the names the rulebook prints (seeds/004, GLOSSARY.md), from the
# brackets above (not the provisional dividends' and steelworks': GERMAN_WORDS), and the
# actions as its headings name them
GERMAN = {**{ident: name for ident, name in in_brackets(DISPLAY).items()
             if not ident.startswith(("dividend_", "steelworks_"))},
          "tokyo": "Strecke TOKYO", "sacramento": "Strecke SACRAMENTO", "omaha": "Strecke OMAHA",
          "rocky_mountaineer": "The Rocky Mountaineer (Los Angeles - New Orleans)",
          "engineer_left": "horizontale Ingenieurin, links",
          "engineer_right": "horizontale Ingenieurin, rechts", "pass": "Passen", "place": "Arbeiter einsetzen",
          "relocate": "Arbeiter versetzen", "lay": "Lok anlegen", "step": "Gleisschritt",
          "idea": "Ideenplättchen", "idea_card": "Ideenkarte", "end_card": "Spielendekarte",
          "medal": "20-Punkte-Medaille", "bonus_card": "Bonuskarte", "stoker": "Heizer",
          "foundry": "Gießerei", "werklok": "Werklok", "transsib": "Transsibirische Eisenbahn",
          "petersburg": "Strecke nach St. Petersburg", "kyiv": "Strecke nach Kiew",
          # INDUSTRIETABLEAU: its printed factories (names not transcribed) and the alternative 2er-Lok
          **{f"printed_{n}": f"gedruckte Fabrik {n}" for n in range(1, 6)}, "2a": "alternative 2er-Lok",
          **GERMAN_WORDS}
GERMAN_FIELDS = {"space": "Aktionsfeld", "temps": "Leiharbeiter", "wood": "holzfarbene Arbeiter",
                 "coins": "Münzen", "route": "Strecke", "slot": "Platz", "swap": "tauschen mit",
                 "colour": "Gleisfarbe", "item": "Aktionspool", "end_cards": "Spielendekarten", "card": "Karte", "tile": "Plättchen",
                 "at": "auf", "workers": "Arbeiter", "engineer": "Ingenieurin", "piece": "Figur",
                 "wrench": "Schraubenschlüssel"}
GERMAN_VERBS = {"setze": "place", "einsetzen": "place", "passe": "pass", "passen": "pass",
                "versetze": "relocate", "lege": "lay", "schritt": "step", "idee": "idea"}


# the move fields that count a gap of the industry strip, a wrench or a factory spot of
# the INDUSTRIETABLEAU from 0 as typed (notation.py); said in words from 1, as the board
# and the events' sentences count them (events.from_one)
FROM_ONE = frozenset({"gap", "wrench", "spot", "from"})
# the places an engine writes as `where:number` (issue 31): an engineer tile as an action
# space (`engineer:7`, "Ingenieurin 7"), a locomotive by its route and slot
# (`transsib:0`) or a factory by its gap (`factory:2`) that a stoker goes on, a GERMAN
# RAILROADS station by its route and field (`nuernberg_fuerth:4`, printed WÜRZBURG)
ROUTE_IDS_ALL = (*ROUTE_IDS, *(r["id"] for board in (GERMANY, ASIA, AMERICA) for r in board["routes"]))
STATIONS = {f"{r['id']}:{station['field']}": station["name"] for r in GERMANY["routes"]
            for station in r.get("stations", [])}
PLACE = re.compile(rf"\b(engineer|factory|{'|'.join(map(re.escape, ROUTE_IDS_ALL))}):(\d+)\b")


def value_words(field: str, value, name) -> str | None:
    """A gap, wrench or factory spot counted from 1 ("4" for `gap 3`), as the board
    counts it; a place written `where:number` in words, the number from 1 too (slot and
    gap count from 0 in the engine); other values by their names (None)."""
    if field in FROM_ONE and isinstance(value, int) and not isinstance(value, bool):
        return str(value + 1)
    found = PLACE.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        return None
    where, number = found.group(1), int(found.group(2))
    if where == "engineer":
        return _("engineer {number}").format(number=number)
    if where == "factory":
        return _("the factory in gap {gap}").format(gap=number + 1)
    if value in STATIONS:
        return _("the station {station}").format(station=STATIONS[value])
    return _("the locomotive in slot {slot}, {route}").format(slot=number + 1, route=name(where))


WORDS = GameWords(
    fields={"end_cards": "end-game cards", "space": "action space", "temps": "temporary workers", "wood": "wooden workers",
            "coins": "coins", "route": "route", "slot": "slot", "swap": "swap with",
            "colour": "track colour", "item": "action pool", "card": "card", "tile": "tile",
            "at": "on", "workers": "workers", "engineer": "engineer", "piece": "piece", "wrench": "wrench"},
    counted=("point",),
    # everyday words of the sentences that are identifiers too ("a maintenance car",
    # "1 slot under construction", "its stock marker", "2 coins"): not renamed inside a text
    prose=frozenset({"car", "maintenance", "construction", "stock", "coins", "doubler"}),
    # the decision of the action pool a move takes, by its id: said by its action instead
    unsaid=frozenset({"item"}),
    options=options_words, german=GERMAN, german_fields=GERMAN_FIELDS, value=value_words, compound=PLACE,
    german_money=("{} Münze", "{} Münzen"), german_verbs=GERMAN_VERBS)
