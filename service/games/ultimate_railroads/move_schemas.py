"""The fields of each move: placing workers (EINEN SPIELZUG AUSFÜHREN), passing, the
start bonus card, the turn-order relocation and every decision of the action pool
(AKTIONSPOOL), and the moves the modules and the German board add (KOHLE-MODUL, WERKLOK,
SPEZIAL-IDEEN-MODUL, ZUSÄTZLICHE INGENIEURE, GERMAN, ASIAN and AMERICAN RAILROADS), checked before any rule (service/games/base.py, why_not_move) and
published in the contract (`pbem contract`). `item` names a waiting decision of the
seat's action pool by its id; a stack, colour, gap or wrench is named only where there
is a choice (the legal moves show which)."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.games.base import REQUIRED, MoveSchema, text, whole
from service.games.speech import N_, Pattern

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
    branch = text(required=False, description="GERMAN RAILROADS: the branch at the München "
                                              "switch, where there is a choice")


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


Key = naming("Key", "Vorteil: Schlüssel: track steps or points (INDUSTRIETABLEAU: or a car from the workshop).",
             "choice", "`steps`, `points` or `car`")


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


def free_use(name: str, doc: str) -> type[Schema]:
    """Coal or an income tile used before your action (no `item`) or after it (`item`,
    the decision it serves)."""
    schema = MoveSchema.from_dict({
        "item": whole(0, 999, required=False, description=ITEM),
        "use": text(description="what is used: `stoker`, a coal use, an income tile")}, name=name)
    schema.__doc__ = doc
    return schema


Coal = free_use("Coal", "KOHLE-MODUL: coal used before or after your action.")
Income = free_use("Income", "GERMAN RAILROADS: an income tile used before or after your action.")


def at_piece(description: str) -> fields.String:
    """A locomotive (`ROUTE:SLOT`) or a factory (`factory:GAP`)."""
    return fields.String(required=True, validate=validate.Regexp(
                             r"^[a-z_]{1,20}:\d{1,2}$",
                             error=Pattern(N_("must read ROUTE:SLOT or factory:GAP"))),
                         error_messages={**REQUIRED, "invalid": Pattern(N_("must be a text"))},
                         metadata={"description": description})


def deciding(name: str, doc: str, **shape) -> type[Schema]:
    """A decision of the action pool with the fields `shape`."""
    schema = MoveSchema.from_dict({"item": pool_item(), **shape}, name=name)
    schema.__doc__ = doc
    return schema


Werklok = naming("Werklok", "WERKLOK: a Werklok tile.", "tile", "the Werklok tile")
SpecialCard = naming("SpecialCard", "SPEZIAL-IDEEN-MODUL: a special idea card.", "card",
                     "the special idea card")
BoxEngineer = deciding("BoxEngineer", "ZUSÄTZLICHE INGENIEURE: an engineer from the box.",
                       engineer=whole(1, 999, description="the engineer's number"))
FreightCar = naming("FreightCar", "KOHLE-MODUL: a freight car onto a route.", "route",
                    "the route")
ModuleFactory = deciding("ModuleFactory", "KOHLE-MODUL: the coal factory into a gap.",
                         gap=whole(0, 4, description="the gap"))
Foundry = naming("Foundry", "KOHLE-MODUL: a foundry.", "foundry", "the foundry")
Stoker = deciding("Stoker", "KOHLE-MODUL: the stoker onto a locomotive or factory.",
                  at=at_piece("where the stoker goes"))
Close = deciding("Close", "KOHLE-MODUL: close a foundry onto a locomotive or factory.",
                 at=at_piece("what the foundry closes onto"))
Again = deciding("Again", "SPEZIAL-IDEEN-MODUL: a part of the action again.",
                 part=whole(0, 9, description="the part, by its number"))
HandIn = deciding("HandIn", "KOHLE-MODUL: hand in coal.",
                  coal=whole(1, 3, description="how much coal"))
Extension = naming("Extension", "GERMAN RAILROADS: an extension tile at a station.", "tile",
                   "the extension tile")
IncomeTile = naming("IncomeTile", "GERMAN RAILROADS: an income tile.", "tile",
                    "the income tile")
Construction = deciding("Construction", "ASIAN RAILROADS, BAUSTELLEN-PLÄTTCHEN: remove a construction tile.",
                        route=text(description="the route whose construction tile goes"),
                        reward=fields.String(required=True, validate=validate.OneOf(["industry", "coin"]),
                                             metadata={"description": "1 industry step or 1 coin"}))
Car = deciding("Car", "INDUSTRIETABLEAU: a maintenance car placed (or moved `from` a spot) beside a factory.",
               spot=whole(0, 9, description="the factory spot"),
               car=fields.String(required=False, validate=validate.OneOf(["own", "purple"]),
                                 metadata={"description": "from the workshop: which car (own or purple)"}),
               **{"from": whole(0, 9, required=False, description="the spot the car is moved from")})
Maintenance = MoveSchema.from_dict({"spot": whole(0, 9, description="the factory spot"),
                                    "car": fields.String(required=True, validate=validate.OneOf(["own", "purple"]),
                                                         metadata={"description": "your own car or a purple one"})},
                                   name="Maintenance")
Maintenance.__doc__ = "INDUSTRIETABLEAU: use an active maintenance car instead of a worker."
MedalField = naming("MedalField", "ASIAN RAILROADS: the field the 20-point medal is laid on.", "field",
                    "the medal field, ROUTE:FIELD")
Stock = free_use("Stock", "AMERICAN RAILROADS, FELDER MIT MÜNZE: a coin field reached, paid (1 coin) "
                          "for a stock step, before or after your action; `use` names it ROUTE:FIELD.")
Dividend = naming("Dividend", "AMERICAN RAILROADS, AKTIENTABLEAU: the dividend tile for the level you "
                              "reached first.", "tile", "the dividend tile")
Steelworks = deciding("Steelworks", "AMERICAN RAILROADS, DAS STAHLWERK: build it into a gap, or put it "
                                    "back in the box (`box` 1).",
                      gap=whole(0, 4, required=False, description="the gap"),
                      box=whole(1, 1, required=False, description="1: back in the box"))
Blast = naming("Blast", "AMERICAN RAILROADS, SPRENGUNGEN: which rubble tile goes.", "rubble",
               "`route` or `industry`")
Doubler = naming("Doubler", "AMERICAN RAILROADS, VERDOPPLER: the route a doubler goes onto.", "route",
                 "the route")
Nut = deciding("Nut", "AMERIKATABLEAU + INDUSTRIETABLEAU: the big nut on field 35: a key or a stock step.",
               reward=fields.String(required=True, validate=validate.OneOf(["key", "stock"]),
                                    metadata={"description": "a key or a stock step"}))
WrenchTrack = deciding("WrenchTrack", "AMERIKA-INDUSTRIELEISTE + DEUTSCHLANDTABLEAU: the industry track "
                                      "the 3rd wrench goes onto.",
                       track=whole(0, 1, description="0 the lower track, 1 the upper one"))


MOVE_SCHEMAS: dict[str, type[Schema]] = {
    "place": Place, "pass": Pass, "start_bonus": StartBonus, "relocate": Relocate,
    "stay": Stay, "drop": Drop, "return": Return, "step": Step, "industry": Industry,
    "lay": Lay, "factory": Factory, "key": Key, "idea": Idea, "idea_card": IdeaCard,
    "end_card": EndCard, "use_factory": UseFactory, "reuse": Reuse, "advance": Advance,
    "bonus_card": BonusCard, "engineer": Engineer,
    "coal": Coal, "income": Income, "werklok": Werklok, "special_card": SpecialCard,
    "box_engineer": BoxEngineer, "freight_car": FreightCar, "module_factory": ModuleFactory,
    "foundry": Foundry, "stoker": Stoker, "close": Close, "again": Again, "hand_in": HandIn,
    "extension": Extension, "income_tile": IncomeTile, "construction": Construction, "medal": MedalField,
    "car": Car, "maintenance": Maintenance, "stock": Stock, "dividend": Dividend,
    "steelworks": Steelworks, "blast": Blast, "doubler": Doubler, "wrench_track": WrenchTrack,
    "nut": Nut}
