"""The shapes of the moves the modules added (KOHLE-MODUL, WERKLOK, SPEZIAL-IDEEN-MODUL),
one marshmallow Schema per action (the convention of every engine's move_schemas.py:
MOVE_SCHEMAS maps an action to its Schema). The engine itself still checks each move
against its listed legal moves (pool moves) or MOVE_KEYS (the top-level `coal`)."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

ITEM = fields.Integer(required=True, validate=validate.Range(min=0, max=10_000))
NAME = {"required": True, "validate": validate.Length(min=1, max=40)}


class CoalSchema(Schema):
    """`coal stoker` / `coal FOUNDRY` before your action; `coal #N ...` after it."""
    action = fields.Constant("coal", required=True)
    item = fields.Integer(validate=validate.Range(min=0, max=10_000))
    use = fields.String(**NAME)


class WerklokSchema(Schema):
    action = fields.Constant("werklok", required=True)
    item = ITEM
    tile = fields.String(**NAME)


class SpecialCardSchema(Schema):
    action = fields.Constant("special_card", required=True)
    item = ITEM
    card = fields.String(**NAME)


class BoxEngineerSchema(Schema):
    action = fields.Constant("box_engineer", required=True)
    item = ITEM
    engineer = fields.Integer(required=True, validate=validate.Range(min=1, max=999))


class FreightCarSchema(Schema):
    action = fields.Constant("freight_car", required=True)
    item = ITEM
    route = fields.String(**NAME)


class ModuleFactorySchema(Schema):
    action = fields.Constant("module_factory", required=True)
    item = ITEM
    gap = fields.Integer(required=True, validate=validate.Range(min=0, max=4))


class FoundrySchema(Schema):
    action = fields.Constant("foundry", required=True)
    item = ITEM
    foundry = fields.String(**NAME)


class StokerSchema(Schema):
    """`at`: ROUTE:SLOT for a locomotive, factory:GAP for a factory."""
    action = fields.Constant("stoker", required=True)
    item = ITEM
    at = fields.String(required=True, validate=validate.Regexp(r"^[a-z_]{1,20}:\d{1,2}$"))


class CloseSchema(StokerSchema):
    action = fields.Constant("close", required=True)


class AgainSchema(Schema):
    action = fields.Constant("again", required=True)
    item = ITEM
    part = fields.Integer(required=True, validate=validate.Range(min=0, max=9))


class HandInSchema(Schema):
    action = fields.Constant("hand_in", required=True)
    item = ITEM
    coal = fields.Integer(required=True, validate=validate.Range(min=1, max=3))


MOVE_SCHEMAS: dict[str, type[Schema]] = {
    "coal": CoalSchema, "werklok": WerklokSchema, "special_card": SpecialCardSchema,
    "box_engineer": BoxEngineerSchema, "freight_car": FreightCarSchema,
    "module_factory": ModuleFactorySchema, "foundry": FoundrySchema, "stoker": StokerSchema,
    "close": CloseSchema, "again": AgainSchema, "hand_in": HandInSchema,
}
