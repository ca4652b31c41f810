"""The events of Industry in the shared shape (service/games/events.py): one type per
move and per step of the round, spaces by their names ("the quarry (1D)"), money in
Taler and VP during play as per-seat changes."""
from __future__ import annotations

from marshmallow import fields, validate

from service.games.events import EventTypes, count, seat_name, text
from service.games.industry import notation
from service.games.industry.board import BOARD


def seats() -> fields.List:
    return fields.List(fields.Integer(validate=validate.Range(0, 7)), required=True)


def name(ident: str) -> str:
    """A space by its name and id, a joker space by its joker; anything else in words."""
    space = BOARD.spaces.get(ident)
    if space is None:
        return ident.replace("_", " ")
    label = space.get("name") or f"{space.get('joker', '')} joker".replace("?", "any")
    return f"the {label.replace('_', ' ')} ({ident})"


def won(event: dict) -> str:
    what = (f", taking the {event['joker']} joker" if "joker" in event else
            ", but has no ownership marker left to put on it" if event.get("no_marker_left") else "")
    return f"{seat_name(event['seat'])} wins {name(event['space'])}{what}"


def claimed(event: dict) -> str:
    paid = ", ".join(seat_name(s) for s in event["paid_to"]) or "nobody"
    return (f"{seat_name(event['seat'])} claims the space for {event['price']} Taler, "
            f"1 Taler at a time to {paid}")


def marker(event: dict) -> str:
    coin = ": it shows a Taler, every seat takes 1 Taler" if event["coin"] else ""
    return f"area marker {event['column']} is drawn{coin}"


EVENTS = EventTypes({
    "setup": ("the game is set up for {seats} players", {"seats": count()}),
    "round": ("round {round} of epoch {epoch} begins; start player: seat {start_player}",
              {"round": count(), "epoch": count(), "start_player": count()}),
    "income": ("every seat takes {taler} Taler income", {"taler": count()}),
    "bag_refilled": ("all area markers go back into the bag", {}),
    "area_marker_drawn": (marker, {"column": text(), "coin": fields.Boolean(required=True)}),
    "auction": ("{seat} auctions {space}", {"space": text()}),
    "bid": ("{seat} bids {amount} Taler", {"amount": count()}),
    "pass": ("{seat} passes", {}),
    "sold": ("{seat} leaves the space to seat {to} for {price} Taler",
             {"to": count(), "price": count()}),
    "claimed": (claimed, {"price": count(), "paid_to": seats()}),
    "won": (won, {"space": text(), "joker": fields.String(),
                  "no_marker_left": fields.Boolean()}),
    "development": ("the development phase begins", {}),
    "developed": ("{seat} develops {space} for {cost} Taler",
                  {"space": text(), "cost": count(), "supply": fields.List(fields.String())}),
    "done": ("{seat} ends its development", {}),
    "subsidy": ("{seat} takes a subsidy of {taler} Taler (5 VP less at the end)",
                {"taler": count()}),
    "forced": (lambda e: f"{seat_name(e['seat'])} has one move only, played for it: "
                         f"{notation.format(e['move'])}", {"move": fields.Dict(required=True)}),
    "epoch_change": ("epoch {epoch} begins", {"epoch": count()}),
    "game_over": ("the game ends", {"scores": fields.List(fields.Integer(), required=True)}),
}, name, money="{} Taler")


def tallies(state) -> dict[str, list[int]]:
    """Taler and the VP scored during play, per seat (Engine.tallies)."""
    return {"money": list(state.money), "vp": list(state.vp)}
