"""Issue 28, the bot's think time bounded by a count (Bot.budget, service/games/bot.py):
each decision's engine calls and the situations the completion search tries inside
them (completion.WORK) stop the search once they reach the budget, so the same state
and seed give the same move whatever the search's memory (ANSWERS, TRIED) already
holds. The think time itself is `pbem bench bot`'s figure, not a test's."""
from __future__ import annotations

import dataclasses
import random

from service.games.bot import choose
from service.games.ultimate_railroads import GAME, completion, effects

from .builders import a_game

ALL_MODULES = {"coal": True, "werklok": True, "special_ideas": True, "extra_engineers": True,
               "industry_board": True}


class Counting:
    """The engine, each apply and legal_moves noted with the decision's work done before it."""

    def __init__(self, engine):
        self.engine, self.started = engine, []
        self.calls, self.situations = 0, completion.WORK.situations

    def __getattr__(self, name):
        return getattr(self.engine, name)

    def note(self):
        self.started.append(self.calls + completion.WORK.situations - self.situations)
        self.calls += 1

    def apply(self, state, seat, move):
        self.note()
        return self.engine.apply(state, seat, move)

    def legal_moves(self, state, seat):
        self.note()
        return self.engine.legal_moves(state, seat)


def forget_answers():
    completion.ANSWERS.clear()
    effects.TRIED.clear()


def bot_decisions(seed: int, count: int):
    """(state, seat) of the first `count` decisions of seat 0 with more than one move in
    a 2-seat game with all modules, both seats playing at random."""
    engine, rng, found = GAME.engine, random.Random(seed), []
    state = engine.setup(GAME.resolve_options(ALL_MODULES, 2), 2, seed)
    while len(found) < count and engine.result(state) is None:
        seat = engine.to_act(state)[0]
        moves = engine.legal_moves(state, seat)
        if seat == 0 and len(moves) > 1:
            found.append((state, seat))
        state, _ = engine.apply(state, seat, rng.choice(moves))
    return found


def test_a_decision_stops_calling_the_engine_once_its_budget_is_spent():
    """At most one engine call begins with the budget spent (the apply that follows a
    listing, so a line followed is valued); a pool decision's lines spend it whole."""
    spent_whole = 0
    for state, seat in bot_decisions(3, 40):
        counting = Counting(GAME.engine)
        choose(dataclasses.replace(GAME, engine=counting), state, seat, seed=11)
        over = [work for work in counting.started if work >= GAME.bot.budget]
        assert len(over) <= 1, counting.started
        spent_whole += counting.calls + completion.WORK.situations - counting.situations >= GAME.bot.budget
    assert spent_whole > 0


def test_the_same_move_whatever_the_search_remembers():
    """The budget counts a question answered from memory as when it was searched: a bot
    with every answer forgotten and one with them kept choose alike."""
    for state, seat in bot_decisions(5, 25):
        forget_answers()
        fresh = choose(GAME, state, seat, seed=7)
        assert choose(GAME, state, seat, seed=7) == fresh


def test_a_kept_answer_counts_the_situations_of_its_search():
    """ACHTUNG: Du musst die direkte Aktion vollständig ausführen: a question the search
    tried situations for adds them to WORK again when answered from memory."""
    state = a_game(4)
    state["round"] = state["rounds"]
    player = state["players"][0]
    player["factories"][:3] = ["2", "3", "4"]
    player["wrenches"] = [8]
    effect = {"type": "industry_steps", "steps": 3}
    forget_answers()
    before = completion.WORK.situations
    assert effects.can_complete(state, 0, effect) is True
    searched = completion.WORK.situations - before
    assert searched > 0 and effects.TRIED
    assert effects.can_complete(state, 0, effect) is True
    assert completion.WORK.situations - before == 2 * searched
