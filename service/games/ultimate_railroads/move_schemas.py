"""The shapes of the moves the modules and the German board added (KOHLE-MODUL, WERKLOK,
SPEZIAL-IDEEN-MODUL, GERMAN RAILROADS), one marshmallow Schema per action (the convention
of every engine's move_schemas.py: MOVE_SCHEMAS maps an action to its Schema). The engine
itself still checks each move against its listed legal moves (pool moves) or MOVE_KEYS
(the top-level `coal` and `income`)."""
from __future__ import annotations

from marshmallow import Schema, fields, validate


def item() -> fields.Integer:
    return fields.Integer(required=True, validate=validate.Range(min=0, max=10_000))


def name() -> fields.String:
    return fields.String(required=True, validate=validate.Length(min=1, max=40))


def number(low: int, high: int) -> fields.Integer:
    return fields.Integer(required=True, validate=validate.Range(min=low, max=high))


def place() -> fields.String:
    """ROUTE:SLOT for a locomotive, factory:GAP for a factory."""
    return fields.String(required=True, validate=validate.Regexp(r"^[a-z_]{1,20}:\d{1,2}$"))


def schema(action: str, **shape) -> type[Schema]:
    """A decision's schema: the action, the decision's number, what it names."""
    return Schema.from_dict({"action": fields.Constant(action, required=True), "item": item(), **shape},
                            name=f"{action.title().replace('_', '')}Schema")


def free_use(action: str) -> type[Schema]:
    """`coal stoker` / `income TILE` before your action; `coal #N ...` after it."""
    return Schema.from_dict({"action": fields.Constant(action, required=True),
                             "item": fields.Integer(validate=validate.Range(min=0, max=10_000)), "use": name()},
                            name=f"{action.title()}Schema")


MOVE_SCHEMAS: dict[str, type[Schema]] = {
    "coal": free_use("coal"), "income": free_use("income"),
    "werklok": schema("werklok", tile=name()), "special_card": schema("special_card", card=name()),
    "box_engineer": schema("box_engineer", engineer=number(1, 999)),
    "freight_car": schema("freight_car", route=name()), "module_factory": schema("module_factory", gap=number(0, 4)),
    "foundry": schema("foundry", foundry=name()), "stoker": schema("stoker", at=place()),
    "close": schema("close", at=place()), "again": schema("again", part=number(0, 9)),
    "hand_in": schema("hand_in", coal=number(1, 3)), "extension": schema("extension", tile=name()),
    "income_tile": schema("income_tile", tile=name()),
}
