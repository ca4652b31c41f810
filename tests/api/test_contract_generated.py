"""Issue 13: openapi.yaml publishes each game's moves and events, made by apispec's
MarshmallowPlugin from the engines' own schemas (service/contract_schemas.py);
it fails here when it is out of date with the engines (`pbem contract --write`)."""
from __future__ import annotations

import json
import re

import pytest
import yaml
from marshmallow import Schema

from service import contract_schemas
from service.contract import SPEC_PATH, compiled, operations, schema_errors, spec
from service.games.base import MoveSchema, text
from service.games.registry import built_in_types


def test_openapi_yaml_is_up_to_date_with_the_engines():
    assert contract_schemas.check(), "openapi.yaml is out of date: run `pbem contract --write`"


def test_each_game_publishes_a_oneof_of_its_moves_with_a_discriminator_on_action():
    schemas = spec()["components"]["schemas"]
    for game in built_in_types().values():
        union = schemas[contract_schemas.prefix(game.id) + "Move"]
        assert union["discriminator"]["propertyName"] == "action"
        mapping = union["discriminator"]["mapping"]
        assert set(mapping) == set(game.move_schemas)
        for action, ref in mapping.items():
            published = schemas[ref.removeprefix(contract_schemas.REF)]
            assert published["properties"]["action"]["enum"] == [action]
            assert published["additionalProperties"] is False
            assert set(published["properties"]) == set(game.move_schemas[action]().fields)


def test_rewriting_changes_only_the_generated_part():
    text_now = SPEC_PATH.read_text()
    stale = text_now.replace(contract_schemas.current(text_now),
                             contract_schemas.BEGIN + "    Old: {}\n" + contract_schemas.END)
    assert contract_schemas.rewritten(stale) == text_now
    hand_written = stale.replace(contract_schemas.current(stale), "")
    assert contract_schemas.rewritten(hand_written).rstrip("\n") == text_now.rstrip("\n") \
        or contract_schemas.current(contract_schemas.rewritten(hand_written))


def test_a_published_schema_is_one_line_away():
    """What e-events' Event and GameResult take: a (name, schema) pair in PUBLISHED."""
    class Sample(Schema):
        """A sample."""
        name = text(description="its name")

    made = contract_schemas.components([("Sample", Sample), ("Probe", MoveSchema)])
    assert made["Sample"]["description"] == "A sample."
    assert made["Sample"]["properties"]["name"] == {
        "type": "string", "minLength": 1, "maxLength": 80, "description": "its name"}
    assert yaml.safe_load(yaml.safe_dump(made)) == made


@pytest.mark.parametrize("family", contract_schemas.FAMILIES, ids=lambda f: f.noun)
def test_no_member_of_any_move_or_any_event_reads_another_games_dropping_a_field(family):
    """A generated client takes the first member of AnyMove (AnyEvent) whose action
    (type) and required fields a move (an event) has: no earlier member may take a
    later one's and lose fields."""
    kinds = [(kind, name, schema) for game in built_in_types().values()
             for kind, name, schema in family.kinds(game)]
    order = contract_schemas.any_order([(name, schema) for _, name, schema in kinds])
    published = [ref["$ref"].removeprefix(contract_schemas.REF)
                 for ref in spec()["components"]["schemas"]["Any" + family.noun.title()]["anyOf"]]
    assert published == [name for name, _ in order] + [family.generic]
    kind_of = {name: kind for kind, name, _ in kinds}
    shapes = [(kind_of[name], name, set(s().fields), {k for k, f in s().fields.items() if f.required})
              for name, s in order]
    for i, (kind, early, fields_a, required_a) in enumerate(shapes):
        for other, late, fields_b, _ in shapes[i + 1:]:
            if kind == other and required_a <= fields_b:
                assert fields_b <= fields_a, (early, late)


def test_each_games_answers_hold_its_own_moves_events_and_view_only():
    """Issue 29: a game's game, legal moves (and their tree's nodes), log, log entries and
    preview reference only the hand-written common parts and the game's own components
    (no `AnyMove`), its view is the engine's VIEW_SCHEMAS, closed, and `AnyGame` (...)
    picks it by `game`, the plain answer last."""
    schemas = spec()["components"]["schemas"]
    commons = {"GameCommon", "ChoiceNodeCommon", "Changes", "LegalMovesCommon", "LogEntryCommon",
               "LogCommon", "PreviewCommon"}
    for game in built_in_types().values():
        name = contract_schemas.prefix(game.id)
        for answer in ("Game", "ChoiceNode", "LegalMoves", "LogEntry", "Log", "Preview", "View"):
            refs = set(re.findall(r"#/components/schemas/(\w+)", json.dumps(schemas[name + answer])))
            assert refs and {ref for ref in refs if not ref.startswith(name)} <= commons, refs
        for part, schema in zip(("PublicView", "PrivateView"), game.view_schemas):
            published = schemas[name + part]
            assert published["additionalProperties"] is False
            assert set(published["properties"]) == set(schema().fields)
    for answer in contract_schemas.DISCRIMINATED:
        union = schemas["Any" + answer]
        assert union["anyOf"][-1] == {"$ref": contract_schemas.REF + answer}
        assert union["discriminator"]["mapping"] == {
            game.id: contract_schemas.REF + contract_schemas.prefix(game.id) + answer
            for game in built_in_types().values()}


def test_a_submission_takes_what_it_took_before_its_moves_were_typed():
    """Issue 29: a turn's moves are `AnyMove` (a generated client passes the games' move
    models), checked as the plain `Move` it ends with (service/contract.py, `checked`),
    which takes the same moves: each game's move narrows `Move` (an object whose
    `action` is one of its own names, each a `Move` action). So a move of a shape no
    game has is still taken (and refused when the turn is resolved), and a malformed one
    is told as before, naming the field."""
    schemas = spec()["components"]["schemas"]
    plain = compiled(schemas["Move"])
    for member in schemas["AnyMove"]["anyOf"][:-1]:
        move = schemas[member["$ref"].removeprefix(contract_schemas.REF)]
        assert move["type"] == "object" and "action" in move["required"]
        assert all(not list(plain.iter_errors({"action": action}))
                   for action in move["properties"]["action"]["enum"])
    submission = next(op.body for op in operations()
                      if op.method == "POST" and op.pattern.match("/v1/games/g1/turns"))
    assert schema_errors(submission, {"expected_version": 0, "moves": [
        {"action": "fly", "far": 1}, {"action": "pass"}, {"action": "build", "industry": 3}]}) == []
    assert schema_errors(submission, {"expected_version": 0, "moves": [{"action": "x" * 41}]}) == [
        {"field": "moves[0].action", "message": f"'{'x' * 41}' is too long"}]
    assert schema_errors(submission, {"expected_version": 0, "moves": [{"card": 1}]}) == [
        {"field": "moves[0]", "message": "'action' is a required property"}]
