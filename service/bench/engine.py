"""`pbem bench engine GAME`: an engine alone, in random full games on this machine."""
from __future__ import annotations

import json
import random
import statistics
import sys
import time

from service.bench.figures import ms, percentile, pick_game
from service.games.base import OptionError


def engine(game_id: str | None, seats: int, games: int, options: dict | None = None) -> None:
    """Random full games with legal-move enumeration at every step."""
    game = pick_game(game_id)
    seats = max(game.min_seats, min(seats, game.max_seats))
    try:
        engine_, options = game.engine, game.resolve_options(options, seats)
    except OptionError as bad:
        sys.exit(str(bad))
    apply_times, legal_times, sizes, moves_per_game, cpu_times = [], [], [], [], []
    measuring = 0.0                         # time spent sizing snapshots, not playing
    started = time.perf_counter()
    for seed in range(games):
        chooser, state, steps = random.Random(seed), engine_.setup(options, seats, seed), 0
        while engine_.result(state) is None:
            seat = engine_.to_act(state)[0]
            c0, t0 = time.process_time(), time.perf_counter()
            moves = engine_.legal_moves(state, seat)
            t1 = time.perf_counter()
            state, _ = engine_.apply(state, seat, chooser.choice(moves))
            t2 = time.perf_counter()
            cpu_times.append(time.process_time() - c0)
            legal_times.append(t1 - t0)
            apply_times.append(t2 - t1)
            sizes.append(len(json.dumps(engine_.dump(state), separators=(",", ":"))))
            measuring += time.perf_counter() - t2
            steps += 1
        moves_per_game.append(steps)
    elapsed = time.perf_counter() - started - measuring
    print(f"bench engine {game.id}: {games} random games, {seats} seats, options {options}, "
          f"legal moves enumerated at every step")
    print(f"  games/s            {games / elapsed:.2f}  ({elapsed / games * 1000:.1f} ms per game,"
          f" {statistics.mean(moves_per_game):.0f} moves per game)")
    print(f"  apply        p50 {ms(percentile(apply_times, 50))}  p99 {ms(percentile(apply_times, 99))}")
    print(f"  legal_moves  p50 {ms(percentile(legal_times, 50))}  p99 {ms(percentile(legal_times, 99))}")
    decisions = [a + b for a, b in zip(legal_times, apply_times)]
    print(f"  decision (legal_moves + apply) p99 {ms(percentile(decisions, 99))}  max {ms(max(decisions))}"
          f"  (CPU time, unaffected by other load: p99 {ms(percentile(cpu_times, 99))})")
    print(f"  snapshot (JSON, after every move) max {max(sizes)} bytes, "
          f"mean {statistics.mean(sizes):.0f}")
