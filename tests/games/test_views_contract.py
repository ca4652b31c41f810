"""Issue 29: each game's view as the contract publishes it (`<Game>View`, from the
engine's VIEW_SCHEMAS): the harness checks every view of the seeded games against it
(tests/games/harness.py, `view_errors`); here, that the check refuses a view with a
key its game does not declare or a value of another type, for each game."""
from __future__ import annotations

import pytest

from service.games.registry import built_in_types
from tests.games.harness import view_errors


@pytest.mark.parametrize("game", built_in_types().values(), ids=lambda g: g.id)
def test_a_view_with_an_undeclared_key_or_another_type_does_not_fit_the_contract(game):
    engine, seats = game.engine, max(game.min_seats, 2)
    state = engine.setup(game.resolve_options({}, seats), seats, 5)
    view = engine.view(state, 0)
    public, private = view["public"], view["private"]
    assert view_errors(engine, view) == [] and view_errors(engine, private, "PrivateView") == []
    assert view_errors(engine, {**view, "public": {**public, "secret": 1}})
    key = next(k for k, v in public.items() if isinstance(v, int) and not isinstance(v, bool))
    assert view_errors(engine, {**view, "public": {**public, key: "many"}})
    assert view_errors(engine, {**view, "public": {k: v for k, v in public.items() if k != key}})
    assert view_errors(engine, {**private, "deck": ["a card"]}, "PrivateView")
    assert view_errors(engine, {**view, "turn": 3})
