"""`pbem bench choices`: the time to price one level of a big decision (issue 27):
`GET /v1/games/{id}/legal-moves?format=tree&at=PATH`, the subtree below a node with
the effects of every complete move on its first level, p50/p99 against a 100 ms
ceiling. The decisions are Brass's biggest: random games played (through the store
and engine on REDIS_URL's Redis) until the seat to act has at least BIG moves; at each,
ROUNDS random nodes of the tree asked for, each answer computed anew (the API's cache of
answers emptied before each ask: a cached answer would time nothing). Rendered by the
Flask app itself (its test client: the server's work alone, no HTTP). The figure held
to the ceiling is the process's CPU time per answer (time.process_time, as `bench bot`
does: on a shared 2-core machine at load 15 the wall time measures the neighbours);
the wall time is printed beside it. The bench's games are deleted at the end."""
from __future__ import annotations

import random
import time

from service import play
from service.api import games as games_api
from service.app import create_app
from service.bench.pages import advance, percentiles
from service.games.choice_tree import choice_tree
from service.seat_links import seat_link_path
from service.store import Store, key
from service.mail.config import page_key

GAME, SEATS = "brass-lancashire", 4
BIG = 500                   # moves of a decision the bench prices (Brass reaches ~1,000)
DECISIONS = 3
ROUNDS = 60                 # levels asked for per decision
LONGEST = 300               # moves played looking for a big decision
P99_CEILING = 0.100         # seconds


def big_decision(store: Store, seed: int) -> tuple[str, int | None, int]:
    """A game played on until its seat to act has at least BIG moves: (id, that seat,
    its moves); the seat None when none came in LONGEST moves."""
    record, _tokens, _admin = play.create_game(
        store, GAME, [{"name": f"Player {i + 1}"} for i in range(SEATS)], None, seed)
    chooser = random.Random(seed)
    for _ in range(LONGEST):
        game = play.load_game(store, record.id)
        if game.snapshot.status == "finished":
            break
        seat = game.snapshot.to_act[0]
        count = len(play.legal_moves(game, seat))
        if count >= BIG:
            return record.id, seat, count
        advance(store, record.id, 1, chooser)
    return record.id, None, 0


def inner_paths(tree: list[dict], path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """Every node with children (the root included): the levels a client may ask for."""
    found = [path]
    for i, node in enumerate(tree):
        if node["children"]:
            found += inner_paths(node["children"], path + (i,))
    return found


def said(cpu: list[float], wall: list[float]) -> str:
    (p50, p99), (w50, w99) = percentiles(cpu), percentiles(wall)
    return (f"CPU p50 {p50 * 1000:5.1f} ms p99 {p99 * 1000:5.1f} ms "
            f"[wall p50 {w50 * 1000:5.1f} ms p99 {w99 * 1000:5.1f} ms]")


def choices(rounds: int = ROUNDS) -> bool:
    """Prints the figures; True when the p99 is within the ceiling."""
    app = create_app({"TESTING": True})
    conn = app.extensions["redis"]
    store, made, times, walls = Store(conn), [], [], []
    print(f"bench choices: {GAME}, {SEATS} seats, decisions of at least {BIG} moves; "
          f"{rounds} levels of each priced by GET legal-moves?format=tree&at=PATH, "
          f"answered anew each time; ceiling p99 {P99_CEILING * 1000:.0f} ms")
    try:
        seed = 0
        while len(made) < DECISIONS and seed < 4 * DECISIONS:
            seed += 1
            found = big_decision(store, seed)
            game_id, seat, count = found
            made.append(game_id)
            if seat is None:
                continue
            game = play.load_game(store, game_id)
            tree = choice_tree(game.type.engine, game.state, seat, play.legal_moves(game, seat),
                               with_effects=False)
            paths = inner_paths(tree)
            client = app.test_client()
            client.get(seat_link_path(page_key(conn), game.record, seat))
            chooser, own, wall, widest = random.Random(seed), [], [], 0
            for _ in range(rounds):
                at = ".".join(map(str, chooser.choice(paths)))
                games_api.ANSWERS.clear()
                start, started = time.process_time(), time.perf_counter()
                answer = client.get(f"/v1/games/{game_id}/legal-moves?format=tree&at={at}")
                own.append(time.process_time() - start)
                wall.append(time.perf_counter() - started)
                assert answer.status_code == 200, (at, answer.status_code)
                widest = max(widest, sum("effects" in n for n in answer.json["tree"]))
            print(f"  decision of {count:5d} moves ({len(paths)} levels): {said(own, wall)}  "
                  f"widest level priced {widest} moves")
            times, walls = times + own, walls + wall
        ok = percentiles(times)[1] <= P99_CEILING
        print(f"  all {len(times)} levels: {said(times, walls)}  {'within' if ok else 'OVER'} the ceiling")
        return ok
    finally:
        for game_id in made:
            conn.delete(*conn.keys(key(game_id, "*")))
            conn.srem("games", game_id)
