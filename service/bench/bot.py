"""`pbem bench bot GAME`: the bot (service/games/bot.py) against random play (issue 15):
its win rate over N games (target >= 90 %) and its think time p50/p99 (target p99 <
200 ms), both measured in this run. Game i is set up with seed i and the options given
(`--options`, as `bench engine` takes them; the resolved options are printed), the bot sits in
seat i mod seats, every other seat plays a random legal move (seeded by i); a win
is the bot ranked first, alone or tied. Alone (a solo game, Ultimate Railroads against
Emil, whose rulebook gives no rating table: "möglichst viele Punkte") a win is the bot
scoring more than random play scores in game i (issue 28). The games run in a process pool
(multiprocessing), one game per task. Think time is the deciding process's CPU time
(time.process_time), so a machine loaded by other work does not inflate it, and it is
judged; its wall time (time.perf_counter) is printed beside it, as is the wall time of
the whole run and the load average."""
from __future__ import annotations

import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import get_context

from service.bench.figures import met, ms, percentile, pick_game
from service.games.base import OptionError
from service.games.bot import choose
from service.games.registry import game_type

WIN_TARGET = 0.90
THINK_CEILING = 0.200       # seconds, p99
SOLO = (" (solo: a win is more points than random play alone scores in game i; the "
        "SOLOVARIANTE has no rating table, only \"möglichst viele Punkte\")")
LONGEST = 20_000            # moves: a game still running then is counted lost (and said)


@dataclass
class Decisions:
    """The bot's decisions in one game: think time per decision (CPU and wall seconds)
    and its moves by action (what shows that the options were played: coal, werklok...)."""
    thinking: list[tuple[float, float]] = field(default_factory=list)
    actions: Counter = field(default_factory=Counter)


def play(task: tuple[str, int, dict, int]) -> tuple[bool | None, Decisions, int | None]:
    """One game with these (resolved) options: whether the bot won (None: no end after
    LONGEST moves), its decisions and its score."""
    game_id, seats, options, index = task
    bot_seat = index % seats
    result, decisions = game_with_bot(game_id, seats, options, index, bot_seat)
    if result is None:
        return None, decisions, None
    score = result["scores"][bot_seat]
    if seats > 1:
        return bot_seat in result["ranking"][0], decisions, score
    alone, _ = game_with_bot(game_id, seats, options, index, None)
    return None if alone is None else score > alone["scores"][0], decisions, score


def game_with_bot(game_id: str, seats: int, options: dict, index: int,
                  bot_seat: int | None) -> tuple[dict | None, Decisions]:
    """Game i played to its end (None: no end after LONGEST moves), the bot in its seat
    (none: random play only), with the bot's decisions."""
    game = game_type(game_id)
    engine = game.engine
    state = engine.setup(options, seats, index)
    random_play, decisions = random.Random(index), Decisions()
    for _ in range(LONGEST):
        if (result := engine.result(state)) is not None:
            return result, decisions
        seat = engine.to_act(state)[0]
        if seat == bot_seat:
            started, wall = time.process_time(), time.perf_counter()
            move = choose(game, state, seat, seed=index * 100_003 + len(decisions.thinking))
            decisions.thinking.append((time.process_time() - started, time.perf_counter() - wall))
            decisions.actions[move["action"]] += 1
        else:
            move = random_play.choice(engine.legal_moves(state, seat))
        state, _events = engine.apply(state, seat, move)
    return None, decisions


def bench(game_id: str | None, games: int, seats: int | None, options: dict | None = None) -> bool:
    """Prints the figures; True when both targets are met. Options the game refuses (for
    that many seats) end the run naming the option."""
    game = pick_game(game_id)
    seats = max(game.min_seats, min(seats or max(2, game.min_seats), game.max_seats))
    try:
        options = game.resolve_options(options, seats)
    except OptionError as bad:
        sys.exit(str(bad))
    started = time.perf_counter()
    # forkserver, not fork: a child forked from a threaded caller (a test process with
    # Redis and execnet threads) once hung on a lock held at the fork, and the run with it
    with get_context("forkserver").Pool(os.cpu_count() or 1) as pool:
        played = pool.map(play, [(game.id, seats, options, i) for i in range(games)], chunksize=1)
    elapsed = time.perf_counter() - started
    wins = sum(won is True for won, _, _ in played)
    unfinished = sum(won is None for won, _, _ in played)
    thinking = [cpu for _, decisions, _ in played for cpu, _ in decisions.thinking]
    walls = [wall for _, decisions, _ in played for _, wall in decisions.thinking]
    actions = sum((decisions.actions for _, decisions, _ in played), Counter())
    scores = [score for _, _, score in played if score is not None]
    rate, p99 = wins / games, percentile(thinking, 99)
    print(f"bench bot {game.id}: {games} games, {seats} seats, options {options}, the bot in seat i mod "
          f"{seats} of game i against random play{SOLO if seats == 1 else ''}"
          f" ({elapsed:.1f} s, {os.cpu_count()} processes)")
    print(f"  win rate    {rate * 100:.1f} % ({wins}/{games})  target >= {WIN_TARGET * 100:.0f} %  "
          f"{met(rate >= WIN_TARGET)}"
          + (f"; {unfinished} game(s) without an end after {LONGEST} moves" if unfinished else ""))
    print(f"  think time (CPU)  p50 {ms(percentile(thinking, 50))}  p99 {ms(p99)}  max "
          f"{ms(max(thinking))} over {len(thinking)} decisions  target p99 < "
          f"{THINK_CEILING * 1000:.0f} ms  {met(p99 < THINK_CEILING)}")
    print(f"  think time (wall) p50 {ms(percentile(walls, 50))}  p99 {ms(percentile(walls, 99))}  max "
          f"{ms(max(walls))} (not judged: it grows with the machine's load)")
    if scores:
        print(f"  the bot's score  median {percentile(scores, 50):.0f}  min {min(scores)}  max {max(scores)}")
    print("  the bot's moves by action  " + ", ".join(f"{a} {n}" for a, n in actions.most_common()))
    print(f"  load average {' '.join(f'{v:.2f}' for v in os.getloadavg())} on {os.cpu_count()} cores")
    return rate >= WIN_TARGET and p99 < THINK_CEILING
