"""`pbem bench pages`: per game, the server's time to render the board page (the
spectator's `/games/{id}` and a seat's `/games/{id}/seat`, p50/p99) and its weight
(HTML bytes, of which the SVG board), on a game played to mid-game through the store
and engine on REDIS_URL's Redis. The pages are rendered by the Flask app itself (its
test client: no HTTP, no gunicorn) so the figure is the server's work alone; the
game's JSON (`GET /v1/games/{id}`) is timed in the same run as the reference. The
bench's games are deleted at the end."""
from __future__ import annotations

import random
import statistics
import time

from service import play, seat_links
from service.app import create_app
from service.games.registry import game_types
from service.mail.config import page_key
from service.store import Store, key

GAMES = (("brass-lancashire", {}, 4), ("age-of-industry", {"map": "germany"}, 4),
         ("age-of-industry", {"map": "new_england"}, 4), ("industry", {}, 4),
         ("ultimate-railroads", {}, 4))
RENDER_P99_CEILING = 0.250       # seconds a board page may take the server at p99
WEIGHT_CEILING = 300 * 1024      # bytes of HTML (board included) a phone loads


def advance(store: Store, game_id: str, moves: int, chooser: random.Random) -> None:
    """Random legal moves submitted and resolved as a worker would (no queue)."""
    for _ in range(moves):
        game = play.load_game(store, game_id)
        if game.snapshot.status == "finished":
            return
        seat = game.snapshot.to_act[0]
        play_turn(store, game, seat, chooser.choice(game.type.engine.legal_moves(game.state, seat)))


def play_turn(store: Store, game: play.Game, seat: int, move: dict) -> dict:
    """The seat's move submitted and resolved as a worker would (no queue): the turn
    as resolved."""
    game_id = game.record.id
    turn, _ = play.submit_turn(store, lambda *_: None, game_id, seat, game.snapshot.version,
                               [move], None, game)
    resolved = play.resolve_turn(store, game_id, turn["id"])
    store.done_with(game_id, turn["id"])
    return resolved


def mid_game(store: Store, type_id: str, options: dict, seats: int, seed: int) -> str:
    """A game at about half its length (its length from a first random game)."""
    engine = game_types()[type_id].engine
    state, chooser, length = engine.setup(options, seats, seed), random.Random(seed), 0
    while engine.result(state) is None:
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat)))
        length += 1
    record, _tokens, _admin = play.create_game(
        store, type_id, [{"name": f"Player {i + 1}"} for i in range(seats)], options, seed)
    advance(store, record.id, length // 2, random.Random(seed))
    return record.id


def timed(client, path: str, rounds: int) -> tuple[list[float], bytes]:
    times, body = [], b""
    for _ in range(rounds):
        start = time.perf_counter()
        answer = client.get(path)
        times.append(time.perf_counter() - start)
        assert answer.status_code == 200, (path, answer.status_code)
        body = answer.data
    return times, body


def percentiles(times: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return cuts[49], cuts[98]


def svg_bytes(html: bytes) -> int:
    start, end = html.find(b"<svg"), html.rfind(b"</svg>")
    return end + len(b"</svg>") - start if start >= 0 else 0


def pages(rounds: int = 50) -> None:
    app = create_app({"TESTING": True})
    conn = app.extensions["redis"]
    store, made = Store(conn), []
    print(f"bench pages: each page rendered {rounds} times by the app (no HTTP), games at "
          f"mid-game; ceilings: p99 {RENDER_P99_CEILING * 1000:.0f} ms, "
          f"{WEIGHT_CEILING // 1024} KB")
    try:
        for type_id, options, seat_count in GAMES:
            game_id = mid_game(store, type_id, options, seat_count, seed=7)
            made.append(game_id)
            client = app.test_client()
            game = play.load_game(store, game_id)
            seat = game.snapshot.to_act[0]
            client.get(seat_links.seat_link_path(page_key(conn), game.record, seat))
            label = type_id + (f" {options['map']}" if "map" in options else "")
            json_p50, _ = percentiles(timed(client, f"/v1/games/{game_id}", rounds)[0])
            for page, path in (("spectator", f"/games/{game_id}"),
                               ("seat to act", f"/games/{game_id}/seat")):
                times, html = timed(client, path, rounds)
                p50, p99 = percentiles(times)
                ok = p99 <= RENDER_P99_CEILING and len(html) <= WEIGHT_CEILING
                print(f"  {label:<30} {page:<12} p50 {p50 * 1000:6.1f} ms  p99 "
                      f"{p99 * 1000:6.1f} ms  HTML {len(html) / 1024:6.1f} KB (SVG "
                      f"{svg_bytes(html) / 1024:5.1f} KB)  {'within' if ok else 'OVER'}"
                      f"  [JSON view p50 {json_p50 * 1000:.1f} ms]")
    finally:
        for game_id in made:
            conn.delete(*conn.keys(key(game_id, "*")))
            conn.srem("games", game_id)
