"""The events of Industry in the shared shape (service/games/events.py): one type per
move and per step of the round, spaces by their names ("the quarry (1D)"), money in
Taler and VP during play as per-seat changes; each sentence a catalogue message said
in the reader's language (issue 31)."""
from __future__ import annotations

from marshmallow import fields, validate

from service.games.events import EventTypes, Saying, count, text
from service.games.industry import notation
from service.games.industry.board import BOARD
from service.games.speech import N_


def seats() -> fields.List:
    return fields.List(fields.Integer(validate=validate.Range(0, 7)), required=True)


def name(ident: str) -> str:
    """An id in words (a space by `space`)."""
    return ident.replace("_", " ")


def space(ident: str, say: Saying) -> str:
    """A space by its name and id ("the sawmill (1F)"), a joker space by its joker."""
    data = BOARD.spaces.get(ident)
    if data is None:
        return say.value(ident)
    label = (say.value(data["name"]) if data.get("name") else
             say._("{resource} joker").format(resource=say._("any") if data["joker"] == "?"
                                              else say.value(data["joker"])))
    return say._("the {name} ({space})").format(name=label, space=ident)


def auctioned(event: dict, say: Saying) -> str:
    return say._("{seat} auctions {space}").format(seat=say.seat(event["seat"]),
                                                   space=space(event["space"], say))


def developed(event: dict, say: Saying) -> str:
    return say._("{seat} develops {space} for {cost} Taler").format(
        seat=say.seat(event["seat"]), space=space(event["space"], say), cost=event["cost"])


def won(event: dict, say: Saying) -> str:
    sentence = (say._("{seat} wins {space}, taking the {joker} joker") if "joker" in event else
                say._("{seat} wins {space}, but has no ownership marker left to put on it")
                if event.get("no_marker_left") else say._("{seat} wins {space}"))
    return sentence.format(seat=say.seat(event["seat"]), space=space(event["space"], say),
                           joker=say.value(event.get("joker", "")))


def claimed(event: dict, say: Saying) -> str:
    paid = ", ".join(map(say.seat, event["paid_to"])) or say._("nobody")
    return say._("{seat} claims the space for {price} Taler, 1 Taler at a time to {paid}").format(
        seat=say.seat(event["seat"]), price=event["price"], paid=paid)


def marker(event: dict, say: Saying) -> str:
    return (say._("area marker {column} is drawn: it shows a Taler, every seat takes 1 Taler")
            if event["coin"] else say._("area marker {column} is drawn")).format(column=event["column"])


def forced(event: dict, say: Saying) -> str:
    return say._("{seat} has one move only, played for it: {move}").format(
        seat=say.seat(event["seat"]), move=notation.format(event["move"]))


EVENTS = EventTypes({
    "setup": (N_("the game is set up for {seats} players"), {"seats": count()}),
    "round": (N_("round {round} of epoch {epoch} begins; start player: seat {start_player}"),
              {"round": count(), "epoch": count(), "start_player": count()}),
    "income": (N_("every seat takes {taler} Taler income"), {"taler": count()}),
    "bag_refilled": (N_("all area markers go back into the bag"), {}),
    "area_marker_drawn": (marker, {"column": text(), "coin": fields.Boolean(required=True)}),
    "auction": (auctioned, {"space": text()}),
    "bid": (N_("{seat} bids {amount} Taler"), {"amount": count()}),
    "pass": (N_("{seat} passes"), {}),
    "sold": (N_("{seat} leaves the space to seat {to} for {price} Taler"),
             {"to": count(), "price": count()}),
    "claimed": (claimed, {"price": count(), "paid_to": seats()}),
    "won": (won, {"space": text(), "joker": fields.String(),
                  "no_marker_left": fields.Boolean()}),
    "development": (N_("the development phase begins"), {}),
    "developed": (developed,
                  {"space": text(), "cost": count(), "supply": fields.List(fields.String())}),
    "done": (N_("{seat} ends its development"), {}),
    "subsidy": (N_("{seat} takes a subsidy of {taler} Taler (5 VP less at the end)"),
                {"taler": count()}),
    "forced": (forced, {"move": fields.Dict(required=True)}),
    "epoch_change": (N_("epoch {epoch} begins"), {"epoch": count()}),
    "game_over": (N_("the game ends"), {"scores": fields.List(fields.Integer(), required=True)}),
}, name, money="{} Taler")


def tallies(state) -> dict[str, list[int]]:
    """Taler and the VP scored during play, per seat (Engine.tallies)."""
    return {"money": list(state.money), "vp": list(state.vp)}
