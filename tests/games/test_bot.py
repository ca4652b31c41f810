"""Issue 15, "a bot per game, better than random": over a seeded game of every game
(the bot in one seat, random play in the others) the bot's move is one of the listed
legal moves at every decision of its seat and the same state and seed give the same
move (from a state loaded anew, as a worker would). How well it plays is `pbem bench
bot GAME`'s figure, not a test's."""
from __future__ import annotations

import random

import pytest

from service.games.bot import choose, sample, seed_for
from service.games.registry import game_type
from tests.games.harness import play_game

SEATS = {"brass-lancashire": 3, "industry": 3, "age-of-industry": 3, "ultimate-railroads": 2}


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_the_bots_move_is_legal_and_the_same_for_the_same_state(game_id):
    game, seats = game_type(game_id), SEATS[game_id]
    engine, random_play, decisions = game.engine, random.Random(7), []

    def pick(state, seat, moves):
        if seat != 1:
            return random_play.choice(moves)
        seed = seed_for("test-game", len(decisions), seat)
        move = choose(game, state, seat, seed)
        assert move in moves
        again = engine.load(engine.dump(state))
        assert choose(game, again, seat, seed) == move
        decisions.append(len(moves))
        return move

    played = play_game(game, seats, 7, None, pick)
    assert engine.result(played.state) is not None
    assert len(decisions) > 10
    if game_id == "brass-lancashire":       # a decision larger than the bot looks at
        assert max(decisions) > game.bot.candidates


def test_a_large_decision_is_sampled_action_by_action():
    """Every action keeps a candidate however many moves another action lists."""
    moves = [{"action": "build", "n": n} for n in range(1000)] + [{"action": "pass"}]
    picked = sample(moves, 40, random.Random(1))
    assert len(picked) == 40 and {"action": "pass"} in picked
    assert picked == sample(moves, 40, random.Random(1))
    assert sample(moves[:5], 40, random.Random(1)) == moves[:5]


def test_the_seed_names_game_version_and_seat():
    assert seed_for("g", 3, 1) == seed_for("g", 3, 1)
    assert len({seed_for("g", 3, 1), seed_for("g", 4, 1), seed_for("g", 3, 0),
                seed_for("h", 3, 1)}) == 4
