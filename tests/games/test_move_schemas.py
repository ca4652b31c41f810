"""Issue 13, typed moves: each engine declares its actions' fields as marshmallow
schemas (its `move_schemas.MOVE_SCHEMAS`) and checks a move's shape with them before
any rule (`base.why_not_move`): every legal move fits its schema, and a malformed move
is refused naming the field and what is allowed, whatever game it is sent to."""
from __future__ import annotations

import pytest
from marshmallow import fields

from service.games.base import IllegalMove, why_not_move
from service.games.registry import game_type
from tests.games.harness import play_random_game

GAMES = {"brass-lancashire": 2, "age-of-industry": 3, "industry": 3, "ultimate-railroads": 2}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_of_a_random_game_fits_its_schema(game_id):
    game, actions = game_type(game_id), set()

    def fits(engine, state, seat, moves, chooser):
        assert [m for m in moves if why_not_move(game.move_schemas, m)] == []
        actions.update(m["action"] for m in moves)

    play_random_game(game, GAMES[game_id], seed=13, check=fits)
    assert actions <= set(game.move_schemas)


def refusal(game_id: str, change) -> IllegalMove:
    """A listed move of the game's first decision, changed, as the engine refuses it."""
    game = game_type(game_id)
    engine = game.engine
    state = engine.setup(game.resolve_options({}, GAMES[game_id]), GAMES[game_id], 13)
    seat = engine.to_act(state)[0]
    move = change(game.move_schemas, engine.legal_moves(state, seat))
    with pytest.raises(IllegalMove) as refused:
        engine.apply(state, seat, move)
    return refused.value


def named_text(schemas, moves) -> tuple[dict, str]:
    """A listed move with a text field, and that field."""
    return next((m, k) for m in moves for k, f in schemas[m["action"]]().fields.items()
                if k in m and k != "action" and isinstance(f, fields.String))


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_field_is_refused_naming_the_allowed_ones(game_id):
    refused = refusal(game_id, lambda schemas, moves: {**moves[0], "colour": "red"})
    assert refused.field == "colour" and "takes no colour; it takes" in refused.reason


@pytest.mark.parametrize("game_id", GAMES)
def test_a_field_of_the_wrong_type_is_refused_naming_it(game_id):
    def number_for_text(schemas, moves):
        move, key = named_text(schemas, moves)
        return {**move, key: 5}
    refused = refusal(game_id, number_for_text)
    assert refused.reason.endswith("must be a text") and refused.field in refused.reason


@pytest.mark.parametrize("game_id", GAMES)
def test_a_missing_field_is_refused_naming_it(game_id):
    def without(schemas, moves):
        move, key = named_text(schemas, moves)
        return {k: v for k, v in move.items() if k != key}
    refused = refusal(game_id, without)
    assert "needs the field" in refused.reason and refused.reason.endswith(refused.field)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_action_is_refused_naming_the_actions(game_id):
    listed = set()

    def fly(schemas, moves):
        listed.update(m["action"] for m in moves)
        return {"action": "fly"}
    refused = refusal(game_id, fly)
    assert refused.field == "action" and all(a in refused.reason for a in listed)


@pytest.mark.parametrize("move", [["bid"], {"action": ["bid"]}, {"action": None}, {}])
def test_a_move_that_names_no_action_is_refused_naming_the_actions(move):
    assert why_not_move(game_type("industry").move_schemas, move)[1] == "action"


@pytest.mark.parametrize("value", [True, 1.0, "1", 10**6])
def test_a_whole_number_is_a_bounded_json_integer(value):
    """A bid (Phase 3. Auktion) is a whole number of Taler: not true, 1.0 or "1"."""
    schemas = game_type("industry").move_schemas
    assert why_not_move(schemas, {"action": "bid", "amount": value})[1] == "amount"
    assert why_not_move(schemas, {"action": "bid", "amount": 1}) is None
