"""`pbem bench footprint [GAME]`: Redis bytes per game (issue 18, "a small footprint").

Random games are played through the store and the engine (play.submit_turn and
play.resolve_turn, no HTTP and no queue) on REDIS_URL's Redis, and each game's keys are
sized with Redis's own MEMORY USAGE (SAMPLES 0: every element counted), plus the game's
share of the keys all games share (the `games` index). The figures:

- mid-game: at half the game's length; the game's state (meta, snapshot, log) and the
  turn records of its last round, one per seat: what a game that plays a round a day
  holds, its older records having expired with their 24 h idempotency window;
- finished: after its last move and a day later, when every turn record has expired.

The figures with every turn record still held (a game played within one day) are
printed too. The bench's games are deleted at the end.
"""
from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from service import play
from service.bench import pick_game
from service.connection import redis_from_env
from service.store import Store, key

MID_GAME_CEILING = 6 * 1024      # bytes per active game at mid-game
FINISHED_CEILING = 4 * 1024      # bytes per finished game
STATE_PARTS = ("meta", "snapshot", "log", "log.z")


@dataclass
class Footprint:
    moves: int
    mid_game: int                # state + the last round's turn records, at half its length
    mid_game_all_turns: int      # state + every turn record so far, at half its length
    finished: int                # state, once the turn records have expired
    finished_all_turns: int      # state + every turn record, right after the last move


def usage(conn, keys) -> int:
    return sum(conn.memory_usage(k, samples=0) or 0 for k in keys)


def play_one(store: Store, game_type, seats: int, seed: int) -> tuple[str, list[tuple]]:
    """A random game to its end; (game id, per version (state bytes, the last round's
    turn record bytes, every turn record's bytes))."""
    record, _tokens, _admin = play.create_game(
        store, game_type.id, [{"name": f"player {i}"} for i in range(seats)], {}, seed)
    game_id, engine, chooser = record.id, game_type.engine, random.Random(seed)
    turn_keys, sizes = [], []
    while True:
        game = play.load_game(store, game_id)
        snap = game.snapshot
        if snap.status == "finished":
            break
        seat = snap.to_act[0]
        move = chooser.choice(engine.legal_moves(game.state, seat))
        idem = f"bench-{snap.version}"
        turn, _ = play.submit_turn(store, lambda *_: None, game_id, seat, snap.version,
                                   [move], idem, game)
        play.resolve_turn(store, game_id, turn["id"])
        store.done_with(game_id, turn["id"])        # no worker owes its notifications here
        turn_keys.append((key(game_id, "turn", turn["id"]), key(game_id, "idem", str(seat), idem)))
        recent = [k for pair in turn_keys[-seats:] for k in pair]
        every = [k for pair in turn_keys for k in pair]
        sizes.append((usage(store.redis, [key(game_id, p) for p in STATE_PARTS]),
                      usage(store.redis, recent), usage(store.redis, every)))
    return game_id, sizes


def measure(game_id: str | None = None, seats: int = 4, games: int = 3) -> list[Footprint]:
    game_type = pick_game(game_id)
    seats = max(game_type.min_seats, min(seats, game_type.max_seats))
    conn = redis_from_env()
    store, played, out = Store(conn), [], []
    try:
        for seed in range(games):
            game_id_, sizes = play_one(store, game_type, seats, seed)
            played.append(game_id_)
            out.append(sizes)
        shared = usage(conn, ["games"]) / max(1, conn.scard("games"))
        return [Footprint(len(sizes),
                          mid_game=round(sum(sizes[len(sizes) // 2][:2]) + shared),
                          mid_game_all_turns=round(sizes[len(sizes) // 2][0]
                                                   + sizes[len(sizes) // 2][2] + shared),
                          finished=round(sizes[-1][0] + shared),
                          finished_all_turns=round(sizes[-1][0] + sizes[-1][2] + shared))
                for sizes in out]
    finally:
        for game_id_ in played:
            conn.delete(*conn.keys(key(game_id_, "*")))
            conn.srem("games", game_id_)


def footprint(game_id: str | None, seats: int, games: int) -> None:
    figures = measure(game_id, seats, games)
    game_type = pick_game(game_id)

    def line(name: str, values: list[int], ceiling: int | None = None) -> str:
        verdict = "" if ceiling is None else (
            f"  ceiling {ceiling} B: {'within' if max(values) <= ceiling else 'OVER'}")
        return (f"  {name:<34} mean {statistics.mean(values):7.0f} B  max {max(values):6d} B"
                + verdict)
    print(f"bench footprint {game_type.id}: {len(figures)} random games, "
          f"{statistics.mean(f.moves for f in figures):.0f} moves each, MEMORY USAGE per game "
          f"(its keys + its share of `games`)")
    print(line("mid-game (last round's turns)", [f.mid_game for f in figures], MID_GAME_CEILING))
    print(line("finished (turn records expired)", [f.finished for f in figures],
               FINISHED_CEILING))
    print(line("mid-game, every turn record", [f.mid_game_all_turns for f in figures]))
    print(line("finished, every turn record", [f.finished_all_turns for f in figures]))
    mean_mid = statistics.mean(f.mid_game for f in figures)
    print(f"  a million active games at mid-game: {mean_mid * 1e6 / 2**30:.2f} GiB")
