"""The text notation (e-mail) and the text rendering."""
from __future__ import annotations

import pytest

from service.games.base import NotationError
from service.games.ultimate_railroads.engine import ENGINE

from .builders import a_game, act, place


@pytest.mark.parametrize("text", [
    "place track_wood_2 2w", "place track_any_coin 1w 1c", "place coins 1t",
    "place turn_order_2 1c swap coins", "place track_wood_1 wood", "pass", "stay",
    "start_bonus coin", "relocate industry_1", "step #0 transsib", "industry #2 wrench 1", "industry #2", "step #0 kyiv",
    "lay #0 10a kyiv 0", "lay #1 petersburg 0", "factory #0 2 gap 4", "factory #0", "factory #0 gap 1", "factory #0 10b", "return #3", "drop #1",
    "key #0 steps", "idea #0 medal", "idea #0 medal discard coins", "idea_card #0 wooden_worker",
    "end_card #0 none", "use_factory #0 3"])
def test_notation_round_trips(text):
    assert ENGINE.format(ENGINE.parse(text)) == text


@pytest.mark.parametrize("text,hint", [("", "empty"), ("fly", "unknown action"),
                                       ("step 0 kyiv wood", "#0"), ("place coins 1x", "Nw"),
                                       ("lay #0", "takes"), ("industry #0 x", "number")])
def test_notation_errors_say_what_would_parse(text, hint):
    with pytest.raises(NotationError, match=hint):
        ENGINE.parse(text)


def test_render_text_shows_boards_and_the_readers_decisions():
    state = act(a_game(3), 0, place("track_wood_2", workers=2))
    text = ENGINE.render_text(state, 0)
    assert "transsib" in text and "kyiv" in text and "industry" in text
    assert "Your action pool: #0 track (3 left)" in text
    assert "Your action pool" not in ENGINE.render_text(state, 1)


def test_module_moves_fit_their_schemas_and_round_trip_the_notation():
    """Every move the modules list has a marshmallow schema (move_schemas.MOVE_SCHEMAS)
    that takes it, and its notation reads back to the same move; a bad shape is named."""
    import random

    from service.games.ultimate_railroads import GAME
    from service.games.ultimate_railroads.move_schemas import MOVE_SCHEMAS
    engine = GAME.engine
    options = GAME.resolve_options({"coal": True, "werklok": True, "special_ideas": True}, 3)
    state, chooser, seen = engine.setup(options, 3, 7), random.Random(7), set()
    while engine.result(state) is None:
        seat = engine.to_act(state)[0]
        moves = engine.legal_moves(state, seat)
        for move in moves:
            assert engine.parse(engine.format(move)) == move
            if move["action"] in MOVE_SCHEMAS:
                assert MOVE_SCHEMAS[move["action"]]().validate(move) == {}, move
                seen.add(move["action"])
        state, _ = engine.apply(state, seat, chooser.choice(moves))
    assert {"coal", "werklok"} <= seen
    assert "coal" in MOVE_SCHEMAS["hand_in"]().validate({"action": "hand_in", "item": 0, "coal": 4})
