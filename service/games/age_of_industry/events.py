"""The events of Age of Industry in the shared shape (service/games/events.py): one
type per action and per step of the end of a round that changes money, with the map's
place names."""
from __future__ import annotations

from service.games.age_of_industry.data import MAPS
from service.games.events import EventTypes, count, display, seat_name, text

PLACES = {place: location.name for game_map in MAPS.values()
          for place, location in game_map.locations.items()}


def name(ident: str) -> str:
    """A place by its name, a space ("koeln.1") by its place, a link ("a-b") as "A – B";
    an industry or card in words."""
    place, _, number = ident.partition(".")
    if number and place in PLACES:
        return PLACES[place]
    if "-" in ident and all(end in PLACES for end in ident.split("-")):
        return " – ".join(PLACES[end] for end in ident.split("-"))
    return PLACES.get(ident) or ident.replace("_", " ")


def draw(event: dict) -> str:
    face_up = f"{display(event['cards'], name)} face up" if event["cards"] else ""
    deck = f"{event['deck']} from the deck" if event["deck"] else ""
    return f"{seat_name(event['seat'])} draws {' and '.join(filter(None, (face_up, deck)))}"


EVENTS = EventTypes({
    "build": ("{seat} builds a level-{level} {industry} in {space}",
              {"space": text(), "industry": text(), "level": count()}),
    "rail": ("{seat} builds the rail link {link}", {"link": text()}),
    "sell": ("{seat} sells from the {mill_industry} in {mill} to {outlet}",
             {"mill": text(), "mill_industry": text(), "outlet": text()}),
    "end_sale": ("{seat} ends the sale", {}),
    "develop": ("{seat} develops away a level-{level} {industry}",
                {"industry": text(), "level": count()}),
    "draw": (draw, {"deck": count()}),
    "drew": ("{seat} draws {count} card(s) from the deck", {"count": count()}),
    "pass": ("{seat} passes", {}),
    "loan": ("{seat} takes a loan of $10", {}),
    "repay": ("{seat} repays a loan of $10", {}),
    "keep_loans": ("{seat} keeps its loans", {}),
    "pay_interest": ("loan interest is paid ($1 per loan)", {}),
    "game_end": ("the game ends: rail income is paid, then every loan that can be is repaid",
                 {}),
}, name, money="${}")
