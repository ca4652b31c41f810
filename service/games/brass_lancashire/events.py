"""The events of Brass: Lancashire in the shared shape (service/games/events.py): one
type per action and per step of the sequence of play that changes money, VP or income
(flow.run), each with its sentence in the printed English names (issue 14), a catalogue
message said in the reader's language (issue 31)."""
from __future__ import annotations

from marshmallow import fields

from service.games.events import EventTypes, Saying, count, text
from service.games.speech import N_

from .data import NAMES


def name(ident: str) -> str:
    """A town, distant market or link ("liverpool__wigan": "Liverpool – Wigan") by its
    printed name; an industry or other id in words."""
    if "__" in ident:
        return " – ".join(map(name, ident.split("__", 1)))
    if ":" in ident:                                    # a tile reference
        return tile(ident, Saying(name))
    return NAMES.get(ident) or ident.replace("_", " ")


def tile(ident: str, say: Saying) -> str:
    """A tile by its town and slot ("wigan:0": "Wigan (slot 1)"), as `say` names the town."""
    location, _, slot = ident.partition(":")
    if not slot.isdigit():
        return say.value(ident)
    return say._("{town} (slot {number})").format(town=say.value(location), number=int(slot) + 1)


def sale(event: dict, say: Saying) -> str:
    via = (say._("a distant market") if event["via"] == "distant"
           else say._("the port at {town}").format(town=say.value(event["via"])))
    sentence = (say._("{seat} sells cotton from {mill} to {via} (cotton merchant tile {tile})")
                if "tile" in event else say._("{seat} sells cotton from {mill} to {via}"))
    return sentence.format(seat=say.seat(event["seat"]), mill=tile(event["mill"], say), via=via,
                           tile=event.get("tile"))


def drew(event: dict, say: Saying) -> str:
    return say.ngettext("{seat} draws {count} card", "{seat} draws {count} cards", event["count"]).format(
        seat=say.seat(event["seat"]), count=event["count"])


EVENTS = EventTypes({
    "pass": (N_("{seat} passes"), {}),
    "build": (N_("{seat} builds a level-{level} {industry} in {location}"),
              {"industry": text(), "level": count(), "location": text()}),
    "connect": (N_("{seat} connects {links}"), {"links": fields.List(text(), required=True)}),
    "develop": (N_("{seat} develops {industries}"), {"industries": fields.List(text(), required=True)}),
    "sell": (sale, {"mill": text(), "via": text(), "tile": count(required=False)}),
    "sale_fails": (N_("{seat} reveals cotton merchant tile {tile}: the marker reaches the X, "
                      "the sale fails and the action ends"), {"tile": count()}),
    "stop_selling": (N_("{seat} stops selling"), {}),
    "forced_sale": (N_("{seat} sells the {industry} in {location} for £{value} to pay a debt"),
                    {"industry": text(), "location": text(), "value": count()}),
    "loan": (N_("{seat} takes a loan of £{amount}"), {"amount": count()}),
    "drew": (drew, {"count": count()}),
    "collect_income": (N_("income is paid at the end of the round"), {}),
    "score_links": (N_("links score the link icons of the towns they join"), {}),
    "score_flipped_tiles": (N_("flipped industry tiles score their VP"), {}),
    "score_cash": (N_("cash scores £10 = 1 VP"), {}),
    "score_introductory_extras": (N_("the introductory game's extra scoring: money, income "
                                     "level and the tiles of level 2 and up"), {}),
}, name, money="£{}")
