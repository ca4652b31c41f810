"""One result shape for every game (issue 13): `scores` (VP per seat), `ranking` (groups
of tied seats, best first), `breakdown` (per seat, the VP parts that add up exactly to
its score), `tiebreak` (per seat, the values that order equal scores, in the order the
rulebook applies them) and, where a game has more to show, `details`."""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from .events import MAX_SEATS

VP = fields.Integer(validate=validate.Range(-10_000, 10_000))


def per_seat(values: fields.Field) -> fields.List:
    return fields.List(values, required=True, validate=validate.Length(1, MAX_SEATS))


class ResultSchema(Schema):
    class Meta:
        unknown = RAISE

    scores = per_seat(VP)
    ranking = fields.List(fields.List(fields.Integer(validate=validate.Range(0, MAX_SEATS - 1)),
                                      validate=validate.Length(min=1)), required=True)
    breakdown = per_seat(fields.Dict(keys=fields.String(), values=VP))
    tiebreak = per_seat(fields.Dict(keys=fields.String(), values=fields.Integer()))
    details = fields.Dict()

    @validates_schema
    def adds_up(self, data: dict, **_kwargs) -> None:
        seats = len(data["scores"])
        if len(data["breakdown"]) != seats or len(data["tiebreak"]) != seats:
            raise ValidationError("one breakdown and one tiebreak per seat", "breakdown")
        for seat, (score, parts) in enumerate(zip(data["scores"], data["breakdown"])):
            if sum(parts.values()) != score:
                raise ValidationError(f"seat {seat}: the parts add up to {sum(parts.values())}, "
                                      f"not its score {score}", "breakdown")
        if sorted(s for group in data["ranking"] for s in group) != list(range(seats)):
            raise ValidationError("each seat once", "ranking")


RESULT = ResultSchema()


def result_errors(result: dict) -> dict:
    """What is wrong with a game's result ({} for nothing)."""
    try:
        RESULT.load(result)
    except ValidationError as wrong:
        return wrong.messages
    return {}


def ranked(seats: int, key) -> list[list[int]]:
    """Seats grouped by `key(seat)` (greater is better), best first; equal keys tie."""
    groups: list[list[int]] = []
    for seat in sorted(range(seats), key=key, reverse=True):
        if groups and key(groups[-1][0]) == key(seat):
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups
