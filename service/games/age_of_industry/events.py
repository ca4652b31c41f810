"""The events of Age of Industry in the shared shape (service/games/events.py): one
type per action and per step of the end of a round that changes money, with the map's
place names, each sentence a catalogue message said in the reader's language (issue 31)."""
from __future__ import annotations

from service.games.age_of_industry.data import MAPS
from service.games.events import EventTypes, Saying, count, text
from service.games.speech import N_, listed

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


def draw(event: dict, say: Saying) -> str:
    """Two cards drawn, face up (named) and from the deck (counted)."""
    face_up = say._("{cards} face up").format(cards=say.value(event["cards"])) if event["cards"] else ""
    deck = say._("{count} from the deck").format(count=event["deck"]) if event["deck"] else ""
    return say._("{seat} draws {cards}").format(seat=say.seat(event["seat"]),
                                                cards=listed(filter(None, (face_up, deck)), say._))


def drew(event: dict, say: Saying) -> str:
    return say.ngettext("{seat} draws {count} card from the deck", "{seat} draws {count} cards from the deck",
                        event["count"]).format(seat=say.seat(event["seat"]), count=event["count"])


EVENTS = EventTypes({
    "build": (N_("{seat} builds a level-{level} {industry} in {space}"),
              {"space": text(), "industry": text(), "level": count()}),
    "rail": (N_("{seat} builds the rail link {link}"), {"link": text()}),
    "sell": (N_("{seat} sells from the {mill_industry} in {mill} to {outlet}"),
             {"mill": text(), "mill_industry": text(), "outlet": text()}),
    "end_sale": (N_("{seat} ends the sale"), {}),
    "develop": (N_("{seat} develops away a level-{level} {industry}"),
                {"industry": text(), "level": count()}),
    "draw": (draw, {"deck": count()}),
    "drew": (drew, {"count": count()}),
    "pass": (N_("{seat} passes"), {}),
    "loan": (N_("{seat} takes a loan of $10"), {}),
    "repay": (N_("{seat} repays a loan of $10"), {}),
    "keep_loans": (N_("{seat} keeps its loans"), {}),
    "pay_interest": (N_("loan interest is paid ($1 per loan)"), {}),
    "game_end": (N_("the game ends: rail income is paid, then every loan that can be is repaid"),
                 {}),
}, name, money="${}")
