"""The fields of each move: placing workers (EINEN SPIELZUG AUSFÜHREN), passing, the
start bonus card, the turn-order relocation and every decision of the action pool
(AKTIONSPOOL), checked before any rule (service/games/base.py, why_not_move) and
published in the contract (`pbem contract`). `item` names a waiting decision of the
seat's action pool by its id; a stack, colour, gap or wrench is named only where there
is a choice (the legal moves show which)."""
from __future__ import annotations

from marshmallow import Schema, fields

from service.games.base import MoveSchema, text, whole

ITEM = "the decision of your action pool, by its id"


def pool_item() -> fields.Integer:
    return whole(0, 999, description=ITEM)


def count(what: str) -> fields.Integer:
    return whole(0, 99, description=what)


def naming(name: str, doc: str, field: str, description: str) -> type[Schema]:
    """A decision of the action pool that names one thing (a card, a space, a route)."""
    schema = MoveSchema.from_dict({"item": pool_item(), field: text(description=description)},
                                  name=name)
    schema.__doc__ = doc
    return schema


class Place(MoveSchema):
    """EINEN SPIELZUG AUSFÜHREN: exactly the workers an action space shows."""
    space = text(description="the action space")
    workers = count("your own workers placed")
    temps = count("temporary workers placed")
    wood = whole(0, 1, description="the wooden worker (1) or not (0)")
    coins = count("coins placed (they may stand in for workers)")
    swap = text(required=False, description="a turn-order space: the space whose worker moves")


class Pass(MoveSchema):
    """EINEN SPIELZUG AUSFÜHREN: pass for the rest of the round."""


class StartBonus(MoveSchema):
    """AUFBAU UND VORBEREITUNG: a start bonus card."""
    card = text(description="the start bonus card")


class Relocate(MoveSchema):
    """ARBEITER VON DER REIHENFOLGELEISTE VERSETZEN: move the turn-order worker."""
    space = text(description="the free action space it moves to")


class Stay(MoveSchema):
    """ARBEITER VON DER REIHENFOLGELEISTE VERSETZEN: leave it."""


class Drop(MoveSchema):
    """AKTIONSPOOL: let an indirect action lapse."""
    item = pool_item()


class Return(MoveSchema):
    """LOKOMOTIVEN UND FABRIKEN: return a locomotive there is no room for."""
    item = pool_item()


class Step(MoveSchema):
    """STRECKENBAU: one track step."""
    item = pool_item()
    route = text(description="the route")
    colour = text(required=False, description="the track's colour, where there is a choice")


class Industry(MoveSchema):
    """INDUSTRIALISIERUNG: one step of a wrench."""
    item = pool_item()
    wrench = whole(0, 9, required=False, description="the wrench, where there is a choice")


class Lay(MoveSchema):
    """LOKOMOTIVEN UND FABRIKEN: a locomotive onto a route."""
    item = pool_item()
    source = text(required=False, description="the stack, where both are open")
    route = text(description="the route")
    slot = whole(0, 99, description="the route's locomotive slot")


class Factory(MoveSchema):
    """LOKOMOTIVEN UND FABRIKEN: a factory into a gap of the industry strip."""
    item = pool_item()
    source = text(required=False, description="the stack, where there is a choice")
    gap = whole(0, 99, required=False, description="the gap, where there is a choice")


Key = naming("Key", "Vorteil: Schlüssel: track steps or points.", "choice", "`steps` or `points`")


class Idea(MoveSchema):
    """An idea tile."""
    item = pool_item()
    tile = text(description="the idea tile")
    discard = text(required=False, description="what is discarded, where it asks")


IdeaCard = naming("IdeaCard", "An idea card.", "card", "the idea card")
EndCard = naming("EndCard", "SPIELENDE: an end-game card, laid face down (or `none`).", "card",
                 "the end-game card, or `none`")


class UseFactory(MoveSchema):
    """INGENIEURINNEN, LOKS UND FABRIKEN: use a factory's action."""
    item = pool_item()
    gap = whole(0, 99, description="the factory's gap")


Reuse = naming("Reuse", "INGENIEURINNEN, LOKS UND FABRIKEN: use an occupied action space again.",
               "space", "the action space")
Advance = naming("Advance", "INGENIEURINNEN, LOKS UND FABRIKEN: advance on a route.", "route",
                 "the route")
BonusCard = naming("BonusCard", "INGENIEURINNEN, LOKS UND FABRIKEN: a bonus card.", "card",
                   "the bonus card")


class Engineer(MoveSchema):
    """INGENIEURINNEN: use another player's engineer, paying with one piece."""
    item = pool_item()
    engineer = whole(0, 99, description="the engineer's number")
    piece = text(description="`workers`, `temps`, `wood` or `coins`")


MOVE_SCHEMAS: dict[str, type[Schema]] = {
    "place": Place, "pass": Pass, "start_bonus": StartBonus, "relocate": Relocate,
    "stay": Stay, "drop": Drop, "return": Return, "step": Step, "industry": Industry,
    "lay": Lay, "factory": Factory, "key": Key, "idea": Idea, "idea_card": IdeaCard,
    "end_card": EndCard, "use_factory": UseFactory, "reuse": Reuse, "advance": Advance,
    "bonus_card": BonusCard, "engineer": Engineer}
