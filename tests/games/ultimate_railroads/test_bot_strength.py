"""Issue 28, "a bot that wins >= 90 % against random play on every board, on each module
alone, on all modules together, and solo against Emil": a regression guard, one seeded
game per setup (2, 3 and 4 seats in turn), the bot in one seat and random play in the
others. The bot must win it, and alone against Emil score more than random play alone in
the same game (the SOLOVARIANTE has no rating table: "Dein Ziel ist es, möglichst viele
Punkte zu machen"). The win rate over 100 games and the think time are `pbem bench bot
ultimate-railroads --options JSON --seats N`'s figures, not a test's."""
from __future__ import annotations

import random

import pytest

from service.games.bot import choose
from service.games.registry import game_type
from tests.games.harness import play_game

GAME = game_type("ultimate-railroads")
ALL_MODULES = {"coal": True, "werklok": True, "special_ideas": True, "extra_engineers": True,
               "industry_board": True}
SETUPS = [  # (name, options, seats)
    ("russia", {}, 4), ("germany", {"board": "germany"}, 3), ("america", {"board": "america"}, 2),
    ("asia", {"board": "asia"}, 4), ("coal", {"coal": True}, 3), ("werklok", {"werklok": True}, 2),
    ("special ideas", {"special_ideas": True}, 3), ("extra engineers", {"extra_engineers": True}, 4),
    ("industry board", {"industry_board": True}, 2), ("all modules", ALL_MODULES, 3),
]


def scores(options: dict, seats: int, seed: int, bot_seat: int | None) -> list[int]:
    """The final scores of game `seed`, the bot in `bot_seat` (None: random play only)."""
    random_play = random.Random(seed)

    def pick(state, seat, moves):
        if seat == bot_seat:
            return choose(GAME, state, seat, seed=seed * 1_000 + state["round"])
        return random_play.choice(moves)

    return GAME.engine.result(play_game(GAME, seats, seed, options, pick).state)["scores"]


@pytest.mark.parametrize("options,seats", [pytest.param(o, s, id=f"{n}, {s} seats") for n, o, s in SETUPS])
def test_the_bot_beats_random_play_on_every_board_and_module(options, seats):
    seed = 1
    bot_seat = seed % seats
    final = scores(options, seats, seed, bot_seat)
    assert final[bot_seat] > max(s for i, s in enumerate(final) if i != bot_seat), final


@pytest.mark.parametrize("modules", [{}, {"coal": True, "werklok": True}], ids=["base", "coal and Werklok"])
def test_the_bot_alone_against_emil_scores_more_than_random_play(modules):
    """SOLOVARIANTE (ablauf: "möglichst viele Punkte"; EMIL + KOHLE / + WERKLOK)."""
    options = {"emil": True, **modules}
    assert scores(options, 1, 2, 0)[0] > scores(options, 1, 2, None)[0]
