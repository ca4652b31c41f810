"""The shape of what a seat sees (issue 29): each engine package declares its view's two
parts in `view_schemas.py`, `PUBLIC` and `PRIVATE` (marshmallow schemas of the parts'
top-level keys, closed: a key the schema does not name is no key of the view), handed
to its `GameType(view_schemas=(PUBLIC, PRIVATE))`. `pbem contract` publishes them
(`BrassLancashirePublicView`, ...) so that a generated client reads a game's view as
that game's models; tests/games/harness.py checks every view of seeded games against
the published components. The helpers below say a key's JSON type and its meaning;
a nested table stays a free-form object (its rows are the engine's data files' shapes)."""
from __future__ import annotations

from marshmallow import RAISE, Schema, fields


class ViewSchema(Schema):
    """One part of a view (public or private): its keys, each required unless said."""

    class Meta:
        unknown = RAISE


def meant(description: str) -> dict:
    return {"description": description} if description else {}


def number(description: str = "", nullable: bool = False, required: bool = True) -> fields.Integer:
    """A whole number (null too where `nullable`)."""
    return fields.Integer(required=required, allow_none=nullable, metadata=meant(description))


def numbers(description: str = "", nullable: bool = False, required: bool = True) -> fields.List:
    """A list of whole numbers (a per-seat count: indexed by seat); null items where `nullable`."""
    return fields.List(fields.Integer(allow_none=nullable), required=required,
                       metadata=meant(description))


def name(description: str = "", required: bool = True) -> fields.String:
    """A name (a phase, a card, a space, a map)."""
    return fields.String(required=required, metadata=meant(description))


def names(description: str = "", required: bool = True) -> fields.List:
    """A list of names (cards, spaces)."""
    return fields.List(fields.String(), required=required, metadata=meant(description))


def flag(description: str = "") -> fields.Boolean:
    return fields.Boolean(required=True, metadata=meant(description))


# a free-form object: any keys, any values (apispec writes `additionalProperties: {}`
# otherwise, which a validator walks key by key: 5 ms a view, most of the harness's check)
FREE_FORM = {"additionalProperties": True}


def table(description: str = "", nullable: bool = False, required: bool = True) -> fields.Dict:
    """An object of the engine's own keys (a board by location, a market by good)."""
    return fields.Dict(required=required, allow_none=nullable,
                       metadata=meant(description) | FREE_FORM)


def rows(description: str = "", nullable: bool = False, required: bool = True) -> fields.List:
    """A list of objects (one per seat, per pending decision)."""
    return fields.List(fields.Dict(metadata=FREE_FORM), required=required, allow_none=nullable,
                       metadata=meant(description))


def lists(item: fields.Field, description: str = "", required: bool = True) -> fields.List:
    """A list of lists (per seat: its cards)."""
    return fields.List(fields.List(item), required=required, metadata=meant(description))
