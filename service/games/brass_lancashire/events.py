"""The events of Brass: Lancashire in the shared shape (service/games/events.py): one
type per action and per step of the sequence of play that changes money, VP or income
(flow.run), each with its sentence in the printed English names (issue 14)."""
from __future__ import annotations

from marshmallow import fields

from service.games.events import EventTypes, count, seat_name, text

from .data import NAMES


def name(ident: str) -> str:
    """A town, distant market or link ("liverpool__wigan": "Liverpool – Wigan") by its
    printed name; an industry or other id in words."""
    if "__" in ident:
        return " – ".join(map(name, ident.split("__", 1)))
    location, _, slot = ident.partition(":")
    if slot.isdigit():                                  # a tile reference
        return f"{name(location)} (slot {int(slot) + 1})"
    return NAMES.get(ident) or ident.replace("_", " ")


def sale(event: dict) -> str:
    via = "a distant market" if event["via"] == "distant" else f"the port at {name(event['via'])}"
    tile = f" (cotton merchant tile {event['tile']})" if "tile" in event else ""
    return f"{seat_name(event['seat'])} sells cotton from {name(event['mill'])} to {via}{tile}"


EVENTS = EventTypes({
    "pass": ("{seat} passes", {}),
    "build": ("{seat} builds a level-{level} {industry} in {location}",
              {"industry": text(), "level": count(), "location": text()}),
    "connect": ("{seat} connects {links}", {"links": fields.List(text(), required=True)}),
    "develop": ("{seat} develops {industries}", {"industries": fields.List(text(), required=True)}),
    "sell": (sale, {"mill": text(), "via": text(), "tile": count(required=False)}),
    "sale_fails": ("{seat} reveals cotton merchant tile {tile}: the marker reaches the X, "
                   "the sale fails and the action ends", {"tile": count()}),
    "stop_selling": ("{seat} stops selling", {}),
    "forced_sale": ("{seat} sells the {industry} in {location} for £{value} to pay a debt",
                    {"industry": text(), "location": text(), "value": count()}),
    "loan": ("{seat} takes a loan of £{amount}", {"amount": count()}),
    "drew": ("{seat} draws {count} card(s)", {"count": count()}),
    "collect_income": ("income is paid at the end of the round", {}),
    "score_links": ("links score the link icons of the towns they join", {}),
    "score_flipped_tiles": ("flipped industry tiles score their VP", {}),
    "score_cash": ("cash scores £10 = 1 VP", {}),
    "score_introductory_extras": ("the introductory game's extra scoring: money, income "
                                  "level and the tiles of level 2 and up", {}),
}, name, money="£{}")
