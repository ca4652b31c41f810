"""Every number in the contract has bounds the workers can live with (issue 11,
finding 3): a walk over everything a client can send (each operation's parameters
and JSON request body) finds no integer or number without a minimum and a maximum
and no array without maxItems; `clock.reminder_hours: [100000000, 1]`, which broke a
game's mail for ever, is refused naming the field."""
from __future__ import annotations

from service import contract

NUMERIC = {"integer", "number"}


def unbounded(schema, where: str):
    """Each place under schema where a number or an array has no bound."""
    if isinstance(schema, list):
        for i, part in enumerate(schema):
            yield from unbounded(part, f"{where}[{i}]")
        return
    if not isinstance(schema, dict):
        return
    types = schema.get("type", [])
    types = {types} if isinstance(types, str) else set(types)
    fixed = "enum" in schema or "const" in schema
    if types & NUMERIC and not fixed:
        if not {"minimum", "exclusiveMinimum"} & set(schema):
            yield f"{where}: no minimum"
        if not {"maximum", "exclusiveMaximum"} & set(schema):
            yield f"{where}: no maximum"
    if "array" in types and "maxItems" not in schema and not fixed:
        yield f"{where}: no maxItems"
    for name, sub in schema.get("properties", {}).items():
        yield from unbounded(sub, f"{where}.{name}")
    for word in ("items", "prefixItems", "additionalProperties", "oneOf", "anyOf", "allOf"):
        yield from unbounded(schema.get(word), f"{where}/{word}")


def request_schemas():
    root = contract.spec()
    for path, item in contract.inline(root["paths"], root).items():
        for method in contract.METHODS:
            if method not in item:
                continue
            op = item[method]
            for param in item.get("parameters", []) + op.get("parameters", []):
                yield f"{method.upper()} {path} {param['name']}", param["schema"]
            for media, content in op.get("requestBody", {}).get("content", {}).items():
                yield f"{method.upper()} {path} body ({media})", content.get("schema", {})


def test_every_number_and_array_a_client_sends_is_bounded():
    found = [problem for where, schema in request_schemas() for problem in unbounded(schema, where)]
    assert found == []


def test_the_walk_finds_an_unbounded_number_and_array():
    """The walk itself can fail: it sees a missing maximum and a missing maxItems."""
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0},
                                               "xs": {"type": "array", "items": {"type": "number"}}}}
    assert sorted(unbounded(schema, "body")) == [
        "body.n: no maximum", "body.xs/items: no maximum", "body.xs/items: no minimum",
        "body.xs: no maxItems"]


def test_a_reminder_beyond_the_bound_is_refused_naming_the_field(client):
    answer = client.post("/v1/games", json={
        "game": "pile", "players": [{"name": "a"}, {"name": "b"}],
        "clock": {"turn_hours": 48, "reminder_hours": [100000000, 1]}})
    assert answer.status_code == 400
    assert answer.mimetype == "application/problem+json"
    assert [e["field"] for e in answer.json["errors"]] == ["clock.reminder_hours[0]"]
