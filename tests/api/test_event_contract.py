"""Issue 13: the contract publishes the shared event and result shapes (`Event`,
`GameResult` in openapi.yaml) as the engines' marshmallow schemas define them
(service/games/events.py, service/games/results.py), each game's event types with
their own fields (`<Game><Type>Event`, made from `GAME.events.schemas` by `pbem
contract --write`), and its examples are valid. tests/games/test_events.py checks every
event of seeded games of every game against the contract (`contract_errors`)."""
from __future__ import annotations

from functools import cache

from service import contract, contract_schemas
from service.games.events import EventSchema
from service.games.registry import built_in_types, game_type
from service.games.results import ResultSchema, result_errors


def component(name: str) -> dict:
    return contract.spec()["components"]["schemas"][name]


def required(schema) -> list[str]:
    return sorted(name for name, field in schema().fields.items() if field.required)


@cache
def event_type(game_id: str, kind: str):
    """The contract's component of the game's event type (found as a client finds it:
    by the discriminator of `<Game>Event`), compiled as the request validator compiles a
    body; None for a type the game does not have."""
    union = component(contract_schemas.prefix(game_id) + "Event")
    ref = union["discriminator"]["mapping"].get(kind)
    return ref and contract.compiled(contract.inline({"$ref": ref}, contract.spec()))


def contract_errors(game_id: str, event: dict) -> list[str]:
    """What the contract finds wrong with an event of the game ([] for nothing)."""
    schema = event_type(game_id, event.get("type"))
    if schema is None:
        return [f"{event.get('type')!r} is no event type of {game_id}"]
    return [error.message for error in schema.iter_errors(event)]


def test_event_in_the_contract_is_the_shared_event_schema():
    event = component("Event")
    assert set(event["properties"]) == set(EventSchema().fields)
    assert sorted(event["required"]) == required(EventSchema) == ["seat", "text", "type"]
    assert game_type("brass-lancashire").events.errors(event["example"]) == {}
    assert contract_errors("brass-lancashire", event["example"]) == []


def test_each_game_publishes_a_oneof_of_its_event_types_with_a_discriminator_on_type():
    """Each type: the shared Event and exactly the type's own fields, closed."""
    shared = set(EventSchema().fields)
    for game in built_in_types().values():
        union = component(contract_schemas.prefix(game.id) + "Event")
        assert union["discriminator"]["propertyName"] == "type"
        mapping = union["discriminator"]["mapping"]
        assert set(mapping) == set(game.events.schemas)
        for kind, ref in mapping.items():
            published = component(ref.removeprefix(contract_schemas.REF))
            base, own = published["allOf"]
            schema = game.events.schemas[kind]
            assert base == {"$ref": contract_schemas.REF + "Event"}
            assert published["unevaluatedProperties"] is False
            assert own["properties"]["type"]["enum"] == [kind]
            assert set(own["properties"]) - {"type"} == set(schema.fields) - shared
            assert set(own["required"]) - {"type"} == set(required(type(schema))) - shared


def test_an_event_with_a_field_its_type_does_not_declare_is_refused_by_the_contract():
    build = {"type": "build", "seat": 1, "text": "seat 1 builds", "industry": "cotton_mill",
             "level": 1, "location": "lancaster", "money": [0, -12, 0]}
    assert contract_errors("brass-lancashire", build) == []
    assert contract_errors("brass-lancashire", {**build, "colour": "red"})      # not declared
    assert contract_errors("brass-lancashire", {**build, "level": "one"})       # not a number
    assert contract_errors("brass-lancashire", {**build, "type": "built"})      # no such type
    assert contract_errors("industry", build)                                   # another game's


def test_game_result_in_the_contract_is_the_shared_result_schema():
    result = component("GameResult")
    assert set(result["properties"]) == set(ResultSchema().fields)
    assert sorted(result["required"]) == required(ResultSchema)
    assert result_errors(result["example"]) == {}


def test_log_entries_and_games_reference_them():
    """The plain log entry any game's events, each game's its own (issue 29); a game's
    and a player event's result the GameResult."""
    events = {"$ref": "#/components/schemas/AnyEvent"}
    assert component("LogEntry")["allOf"][1]["properties"]["events"]["items"] == events
    for game in built_in_types().values():
        own = component(contract_schemas.prefix(game.id) + "LogEntry")["allOf"][1]
        assert own["properties"]["events"]["items"] == {
            "$ref": contract_schemas.REF + contract_schemas.prefix(game.id) + "Event"}
    assert component("ChoiceNode")["allOf"][1]["properties"]["effects"]["properties"][
        "events"]["items"] == events
    result = {"$ref": "#/components/schemas/GameResult"}
    assert result in component("GameCommon")["properties"]["result"]["anyOf"]
    assert result in component("PlayerEvent")["properties"]["result"]["anyOf"]
