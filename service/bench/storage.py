"""`pbem bench storage [GAME]`: Redis bytes per game (issue 18, "a small footprint").

For each seat count (2 to 4 within the game's bounds, or --seats), N random games are
played through the store and the engine (play.submit_turn and play.resolve_turn, no HTTP
and no queue) on REDIS_URL's Redis (STATE_REDIS_URL's cluster if set): N stopped at
mid-game (half the length of a twin played to the end), N finished. Then the turn records are made to expire as their 24 h
idempotency window would (PEXPIRE: Redis drops them itself), keeping at mid-game those
of the last round, one per seat (a game that plays a round a day holds those); a
finished game keeps none. Each game is sized by Redis's own MEMORY USAGE (SAMPLES 0:
every element counted) of its keys, plus its share of the keys all games share (the
`games` index), and extrapolated to a million games. INFO memory's used_memory was
tried too and left out: its growth over a few dozen games is dominated by the keyspace
table doubling and lazily freed expired keys (it read -800 B to 23 KB per game).

The games are played as an asynchronous game would be (issue 18: the bytes are what
production would see): the service's clock (`time` in service/play.py) is a seeded
AsyncClock whose turns come GAP_MIN to GAP_MAX apart (log-uniform: as many a few
minutes apart as hours or a day), each resolved RESOLVE_MIN to RESOLVE_MAX after it was
submitted, its moves a millisecond or two apart; KEYED of the turns carry an
Idempotency-Key as an API client sends one (a UUID, 36 characters; the mail intake's
`mail-<32 hex>` is as long), the others none (the web pages send none). The bench's
games are deleted at the end.
"""
from __future__ import annotations

import math
import random
import statistics
import time
import uuid
from dataclasses import dataclass
from unittest import mock

from service import play
from service.bench.figures import pick_game
from service.connection import redis_from_env
from service.store import LEGACY_INDEX, STATE, Store, every_shard, index_key, key, shard_key

MID_GAME_CEILING = 6 * 1024      # bytes per active game at mid-game
FINISHED_CEILING = 4 * 1024      # bytes per finished game
GAP_MIN, GAP_MAX = 60.0, 86400.0            # seconds between a game's turns
RESOLVE_MIN, RESOLVE_MAX = 0.02, 0.5        # seconds from a turn's submission to its outcome
KEYED = 0.75                                # the share of turns with an Idempotency-Key
ASSUMPTIONS = (f"turns {GAP_MIN / 60:.0f} min to {GAP_MAX / 3600:.0f} h apart (log-uniform, "
               f"seeded), resolved {RESOLVE_MIN * 1000:.0f} to {RESOLVE_MAX * 1000:.0f} ms "
               f"after submission; {KEYED:.0%} of turns with a UUID Idempotency-Key")


class AsyncClock:
    """The clock of an asynchronous game, for service/play.py's `time`: time() moves on
    a millisecond or two at each call, and by a turn's gap at next_turn()."""

    def __init__(self, rng: random.Random):
        self.rng, self.now = rng, time.time() - 400 * 86400   # a game of the last year

    def time(self) -> float:
        self.now += self.rng.uniform(0.0002, 0.002)
        return self.now

    def next_turn(self) -> None:
        self.now += math.exp(self.rng.uniform(math.log(GAP_MIN), math.log(GAP_MAX)))

    def resolving(self) -> None:
        self.now += self.rng.uniform(RESOLVE_MIN, RESOLVE_MAX)

    def __getattr__(self, name):                 # the rest of the time module as it is
        return getattr(time, name)


@dataclass
class Figure:
    seats: int
    moves: float                 # mean moves of a finished game
    usage_mid: float             # MEMORY USAGE per game at mid-game
    usage_finished: float
    max_mid: int                 # the largest game by MEMORY USAGE
    max_finished: int


def usage(conn, keys) -> int:
    return sum(conn.memory_usage(k, samples=0) or 0 for k in keys)


def play_game(store: Store, game_type, seats: int, seed: int, stop: int | None = None
              ) -> tuple[str, list[list[str]]]:
    """A random game to its end, or to `stop` moves, on an AsyncClock; (its id, the turn
    record keys of each move: the turn and its Idempotency-Key if it has one)."""
    chooser = random.Random(seed)
    clock = AsyncClock(random.Random(f"clock {seed}"))
    with mock.patch.object(play, "time", clock):
        record, _tokens, _admin = play.create_game(
            store, game_type.id, [{"name": f"player {i}"} for i in range(seats)], {}, seed)
        engine, turns = game_type.engine, []
        while stop is None or len(turns) < stop:
            game = play.load_game(store, record.id)
            snap = game.snapshot
            if snap.status == "finished":
                break
            seat = snap.to_act[0]
            move = chooser.choice(engine.legal_moves(game.state, seat))
            idem = str(uuid.UUID(int=chooser.getrandbits(128), version=4)) \
                if chooser.random() < KEYED else None
            clock.next_turn()
            turn, _ = play.submit_turn(store, lambda *_: None, record.id, seat, snap.version,
                                       [move], idem, game)
            clock.resolving()
            play.resolve_turn(store, record.id, turn["id"])
            store.done_with(record.id, turn["id"])      # no worker owes its notifications here
            turns.append([key(record.id, "turn", turn["id"])]
                         + ([key(record.id, "idem", str(seat), idem)] if idem else []))
    return record.id, turns


def index_share(conn) -> float:
    """A game's part of the `games` index: its shards' MEMORY USAGE less what each
    costs holding a single id (a fixed cost per shard, nothing per game: with the few
    games of the bench it would be most of the figure), over the ids they hold."""
    indexes = [k for k in every_shard(LEGACY_INDEX) if conn.exists(k)]
    single = shard_key("bench-storage-single", 0)
    conn.sadd(single, "0123456789abcdef")
    fixed = usage(conn, [single])
    conn.delete(single)
    members = sum(conn.scard(index) for index in indexes)
    return max(0, usage(conn, indexes) - fixed * len(indexes)) / max(1, members)


def expire(conn, turns: list[list[str]]) -> None:
    """Let Redis expire these turn records now, as their 24 h window would."""
    pipe = conn.pipeline(transaction=False)
    for stored in (k for pair in turns for k in pair):
        pipe.pexpire(stored, 1)
    pipe.execute()
    conn.exists(*(k for pair in turns for k in pair))   # expired keys go when touched


def measure_seats(store: Store, game_type, seats: int, games: int, played: list[str]) -> Figure:
    conn = store.state
    finished = []
    for seed in range(games):
        game_id, turns = play_game(store, game_type, seats, seed)
        played.append(game_id)
        expire(conn, turns)
        finished.append((game_id, len(turns)))
    mid = []
    for seed, (_, moves) in enumerate(finished):
        game_id, turns = play_game(store, game_type, seats, 1000 + seed, stop=moves // 2)
        played.append(game_id)
        expire(conn, turns[:-seats])
        mid.append((game_id, turns[-seats:]))
    shared = index_share(conn)
    sizes_finished = [usage(conn, [key(g, p) for p in STATE]) + shared for g, _ in finished]
    sizes_mid = [usage(conn, [key(g, p) for p in STATE] + [k for pair in turns for k in pair])
                 + shared for g, turns in mid]
    return Figure(seats, statistics.mean(m for _, m in finished),
                  statistics.mean(sizes_mid), statistics.mean(sizes_finished),
                  round(max(sizes_mid)), round(max(sizes_finished)))


def measure(game_id: str | None = None, seats: int | None = None, games: int = 3
            ) -> list[Figure]:
    game_type = pick_game(game_id)
    counts = [seats] if seats else range(2, 5)
    counts = sorted({max(game_type.min_seats, min(n, game_type.max_seats)) for n in counts})
    store, played = Store(redis_from_env()), []
    try:
        return [measure_seats(store, game_type, n, games, played) for n in counts]
    finally:
        for game_id_ in played:
            store.state.delete(*store.state.scan_iter(match=key(game_id_, "*")))
            store.state.srem(index_key(game_id_), game_id_)


def storage(game_id: str | None, seats: int | None, games: int) -> None:
    game_type = pick_game(game_id)
    print(f"bench storage {game_type.id}: per seat count {games} games at mid-game and "
          f"{games} finished (turn records expired but the last round's at mid-game); bytes "
          f"per game by MEMORY USAGE of its keys (+ its share of `games`); {ASSUMPTIONS}")
    for figure in measure(game_id, seats, games):
        print(f"  {figure.seats} seats, {figure.moves:.0f} moves a game:")
        for name, mean, largest, ceiling in (
                ("mid-game", figure.usage_mid, figure.max_mid, MID_GAME_CEILING),
                ("finished", figure.usage_finished, figure.max_finished, FINISHED_CEILING)):
            print(f"    {name:<9} mean {mean:6.0f} B, max {largest:5d} B; ceiling {ceiling} B: "
                  f"{'within' if largest <= ceiling else 'OVER'}; a million such games: "
                  f"{mean * 1e6 / 2**30:.2f} GiB")
