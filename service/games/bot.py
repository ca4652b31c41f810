"""The bots (issue 15, "a bot per game, better than random"): a heuristic with one-ply
lookahead. Each candidate move is applied to the state with the pure engine and the
position after it valued by the game's evaluation (`Bot.evaluate`, in the game's
`bot.py`): the seat's value less the best other seat's. A finished game is valued by
its ranking. Deterministic: the same state and seed give the same move; the service
seeds it from the game and its version (`seed_for`), never from the clock.

A large decision (a Brass turn lists up to thousands of moves) is sampled first:
`Bot.candidates` moves at most, drawn action by action so that a rare action (stop
selling, pass) is never crowded out by many builds. Where the cost of an engine call
varies much (Ultimate Railroads' completion search), `Bot.budget` bounds a decision's
work by a count (`Budget`: engine calls and the game's own work inside them), never by
the clock, so the move stays the same on every machine (issue 28).
"""
from __future__ import annotations

import hashlib
import random
from collections import defaultdict

from service.games.base import Bot, GameType, IllegalMove, Move, State, concealed

WON = 1_000_000.0           # a finished game: the winner's value, far above any position


def seed_for(game_id: str, version: int, seat: int) -> int:
    """The bot's seed for one decision of one game: the same on every retry and worker."""
    digest = hashlib.sha256(f"{game_id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def sample(moves: list[Move], limit: int, rng: random.Random) -> list[Move]:
    """At most `limit` of the moves, taken in turn from each action's shuffled moves."""
    if len(moves) <= limit:
        return moves
    by_action: dict[str, list[Move]] = defaultdict(list)
    for move in moves:
        by_action[str(move.get("action"))].append(move)
    groups = [by_action[action] for action in sorted(by_action)]
    for group in groups:
        rng.shuffle(group)
    picked: list[Move] = []
    depth = 0
    while len(picked) < limit:
        picked.extend(group[depth] for group in groups if depth < len(group))
        depth += 1
    return picked[:limit]


def finished_value(result: dict, seat: int) -> float:
    """A finished game seen by the seat: won (alone or shared) far above any position,
    lost below it; the score margin orders games equally won or lost."""
    scores = result["scores"]
    margin = scores[seat] - max((s for i, s in enumerate(scores) if i != seat), default=0)
    return (WON if seat in result["ranking"][0] else -WON) + margin


def value(game: GameType, state: State, seat: int) -> float:
    """The position for the seat: its evaluation less the best other seat's."""
    result = game.engine.result(state)
    if result is not None:
        return finished_value(result, seat)
    if game.bot.evaluate is None:
        return 0.0
    values = game.bot.evaluate(state)
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - (max(others) if others else 0.0)


def ranked(game: GameType, state: State, seat: int, moves: list[Move], limit: int,
           rng: random.Random, budget: Budget) -> list[tuple[tuple[float, float], Move, State]]:
    """A sample of at most `limit` of the moves (after the game's shortlist), each with
    its value after one ply and the state it leaves, best first (ties by the draw); once
    the budget is spent no more is applied (one move always is)."""
    if game.bot.shortlist is not None:
        moves = game.bot.shortlist(state, seat, moves) or moves
    out = []
    for move in sample(moves, limit, rng):
        if out and budget.spent():
            break
        try:
            after, _events = game.engine.apply(state, seat, move)
        except IllegalMove:
            # Legal, yet refused on the guess at the hidden cards: ranked last, should an
            # engine's legality hang on what the seat cannot see. (Ultimate Railroads'
            # completion search gives the state and its concealed copies one answer:
            # tests/games/ultimate_railroads/test_completion.py.)
            after = None
        budget.spend(1)
        out.append(((float("-inf") if after is None else value(game, after, seat), rng.random()), move,
                    state if after is None else after))
    out.sort(key=lambda found: found[0], reverse=True)
    return out


class Budget:
    """The work one decision may still do (`Bot.budget`): each engine call (`apply`,
    `legal_moves`) counts 1, and the game's own work inside the calls (`Bot.work`) as it
    counts it. A count, not a clock: the same state and seed give the same move on any
    machine at any load."""

    def __init__(self, bot: Bot):
        self.left, self.work = bot.budget, bot.work
        self.seen = self.work() if self.work is not None else 0

    def spend(self, calls: int) -> None:
        if self.left is None:
            return
        self.left -= calls
        if self.work is not None:
            now = self.work()
            self.left -= now - self.seen
            self.seen = now

    def spent(self) -> bool:
        return self.left is not None and self.left <= 0


FOLLOW_CANDIDATES = 6       # moves looked at per decision followed through
GUESS = 0x9E3779B9          # mixed into the seed of the guess at the hidden cards


def step(game: GameType, state: State, seat: int, rng: random.Random,
         budget: Budget) -> tuple[float, State] | None:
    """One more of the seat's own decisions taken greedily (one ply, FOLLOW_CANDIDATES
    moves at most): the value and state after it; None when the line ends here (the game
    is over, another seat or the seat's next turn is to act, no move)."""
    engine, turn_begins = game.engine, game.bot.turn_begins
    if engine.result(state) is not None or seat not in engine.to_act(state):
        return None
    if turn_begins is not None and turn_begins(state, seat):
        return None
    moves = engine.legal_moves(state, seat)
    budget.spend(1)
    if not moves:
        return None
    best = ranked(game, state, seat, moves, FOLLOW_CANDIDATES, rng, budget)[0]
    return best[0][0], best[2]


def followed(game: GameType, first: list, seat: int, rng: random.Random, budget: Budget) -> Move:
    """The best of the `Bot.refine` best moves after one ply once each is followed
    through: the seat's own next decisions (what its move left it to decide: a pool of
    steps, a second action, another sale) taken greedily, `Bot.follow_through` of them
    at most, never into the seat's next turn. The lines advance together, one decision
    each a round, the best after one ply first, until the budget is spent; a line keeps
    the value of where it stopped."""
    lines = [(value, after, True) for (value, _tie), _move, after in first[:game.bot.refine]]
    for _ in range(game.bot.follow_through):
        advanced = []
        for value, state, going in lines:
            found = step(game, state, seat, rng, budget) if going and not budget.spent() else None
            advanced.append((value, state, False) if found is None else (*found, True))
        lines = advanced
        if not any(going for _, _, going in lines):
            break
    return best_of(first, lines)


def best_of(first: list, lines: list) -> Move:
    return max(((value, tie), move) for (value, _, _), ((_, tie), move, _) in zip(lines, first))[1]


def choose(game: GameType, state: State, seat: int, seed: int) -> Move | None:
    """The bot's move for the seat: the best-valued candidate after one ply (ties
    broken by the seeded draw), or with `Bot.follow_through`, the best of the
    `Bot.refine` best after one ply once each is followed through (`followed`), all
    within `Bot.budget`'s work; None when the seat has no move. It looks ahead on
    a copy whose hidden cards are a seeded guess (base.concealed), never on the deck as
    it is."""
    budget = Budget(game.bot)
    moves = game.engine.legal_moves(state, seat)
    if len(moves) <= 1:
        return moves[0] if moves else None
    rng = random.Random(seed)
    budget.spend(1)
    # it looks ahead on what it may know: the hidden cards a guess of their own seed
    state = concealed(game.engine, state, seat, random.Random(seed ^ GUESS))
    first = ranked(game, state, seat, moves, game.bot.candidates, rng, budget)
    if not game.bot.follow_through:
        return first[0][1]
    return followed(game, first, seat, rng, budget)
