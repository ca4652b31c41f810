"""Issue 13, one event schema and one result schema across games, and issue 15, events
in numbers: over seeded random games of every game type, every event validates against
the shared schema plus its type's fields, and against the contract (openapi.yaml: an
event field the contract does not declare fails here); the money, VP and income numbers of a move's
events add up to the change of the engine's tallies; no seat but the one a hidden card
is drawn by reads it in the log; and the result validates, each seat's breakdown
adding up to its score."""
from __future__ import annotations

import random

import pytest

from service.games.base import GameType
from service.games.events import summed
from service.games.registry import game_types
from service.games.results import result_errors
from tests.api.test_event_contract import contract_errors
from tests.games.harness import first_to_act

GAMES = ["age-of-industry", "brass-lancashire", "industry", "ultimate-railroads"]
SEED = {"ultimate-railroads": 2}   # a game where end-game cards are taken face down
MODULES = {"coal": True, "werklok": True, "special_ideas": True, "extra_engineers": True}
VARIANTS = [(game_id, None, SEED.get(game_id, 3)) for game_id in GAMES] + [
    ("ultimate-railroads", MODULES, 2), ("ultimate-railroads", {"board": "germany", **MODULES}, 3),
    ("ultimate-railroads", {"board": "america"}, 2)]     # seeds where end-game cards are taken face down


def played_moves(game: GameType, seats: int, seed: int, options: dict | None = None):
    """(state before, seat, state after, events) for each move of a random game."""
    engine, chooser = game.engine, random.Random(seed)
    state = engine.setup(game.resolve_options(options, seats), seats, seed)
    while engine.result(state) is None:
        seat = first_to_act(engine, state)
        after, events = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat)))
        yield state, seat, after, events
        state = after


def hidden_cards(events: list[dict], reader: int | None) -> set[str]:
    """Cards the events tell seats other than `reader` only, that no event tells it."""
    told = {card for e in events if reader in e.get("visible_to", [reader])
            for card in e.get("cards", ())}
    return {card for e in events for card in e.get("cards", ())} - told


@pytest.mark.parametrize("game_id,options,seed", VARIANTS)
def test_every_event_and_the_result_have_the_shared_shape_and_the_numbers_add_up(game_id, options, seed):
    """Also with every module of Ultimate Railroads, on both boards."""
    game = game_types()[game_id]
    seats = game.max_seats
    types, hidden = set(), 0
    moves = played_moves(game, seats, seed, options)
    for version, (before, seat, after, events) in enumerate(moves, 1):
        for event in events:
            assert game.events.errors(event) == {}, (version, event)
            assert contract_errors(game_id, event) == [], (version, event)
            types.add(event["type"])
        was, now = game.engine.tallies(before), game.engine.tallies(after)
        for name in was:
            change = [b - a for a, b in zip(was[name], now[name])]
            assert summed(events, name, seats) == change, (version, name, events)
        entry = {"version": version, "seat": seat, "move": {}, "events": events}
        for reader in [None, *(s for s in range(seats) if s != seat)]:
            seen = game.redact(entry, reader)["events"]
            secret = hidden_cards(events, reader)
            hidden += bool(secret)
            assert all(reader in e.get("visible_to", [reader]) for e in seen)
            assert not secret & {c for e in seen for c in e.get("cards", ())}, (version, reader)
            assert all(game.events.errors(e) == {} for e in seen)
    assert len(types) >= 5, types
    result = game.engine.result(after)
    assert result_errors(result) == {}, result
    assert [sum(parts.values()) for parts in result["breakdown"]] == result["scores"]
    assert hidden or game_id == "industry", "a hidden card is drawn"


@pytest.mark.parametrize("game_id", GAMES)
def test_an_event_of_another_shape_is_refused(game_id):
    """The schema is strict: an unknown type, a missing text, a number as a string."""
    events = game_types()[game_id].events
    assert "type" in events.errors({"type": "no_such_thing", "seat": 0, "text": "x"})
    some = next(iter(events.schemas))
    assert "text" in events.errors({"type": some, "seat": 0})
    assert "money" in events.errors({"type": some, "seat": 0, "text": "x", "money": ["£5"]})


def test_a_result_whose_parts_do_not_add_up_is_refused():
    result = {"scores": [3, 1], "ranking": [[0], [1]], "breakdown": [{"a": 3}, {"a": 2}],
              "tiebreak": [{}, {}]}
    assert "breakdown" in result_errors(result)
    assert result_errors({**result, "breakdown": [{"a": 3}, {"a": 1}]}) == {}
    assert "ranking" in result_errors({**result, "breakdown": [{"a": 3}, {"a": 1}],
                                       "ranking": [[0]]})
