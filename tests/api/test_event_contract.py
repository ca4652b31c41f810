"""Issue 13: the contract publishes the shared event and result shapes (`Event`,
`GameResult` in openapi.yaml) as the engines' marshmallow schemas define them
(service/games/events.py, service/games/results.py), and its examples are valid."""
from __future__ import annotations

from service import contract
from service.games.events import EventSchema
from service.games.registry import game_type
from service.games.results import ResultSchema, result_errors


def component(name: str) -> dict:
    return contract.spec()["components"]["schemas"][name]


def required(schema) -> list[str]:
    return sorted(name for name, field in schema().fields.items() if field.required)


def test_event_in_the_contract_is_the_shared_event_schema():
    event = component("Event")
    assert set(event["properties"]) == set(EventSchema().fields)
    assert sorted(event["required"]) == required(EventSchema) == ["seat", "text", "type"]
    assert game_type("brass-lancashire").events.errors(event["example"]) == {}


def test_game_result_in_the_contract_is_the_shared_result_schema():
    result = component("GameResult")
    assert set(result["properties"]) == set(ResultSchema().fields)
    assert sorted(result["required"]) == required(ResultSchema)
    assert result_errors(result["example"]) == {}


def test_log_entries_and_games_reference_them():
    assert component("LogEntry")["properties"]["events"]["items"] == {
        "$ref": "#/components/schemas/Event"}
    assert {"$ref": "#/components/schemas/GameResult"} in component("Game")["properties"][
        "result"]["anyOf"]
