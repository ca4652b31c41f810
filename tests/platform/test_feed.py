"""What a game announces to its players (issue 13, service/feed.py): each change once,
however often it is looked at; "your turn" when a seat comes to act (again after its
own move, and after a resume), "game over" once, to every player of the game. Each
test runs with the game state on the test Redis and on a Redis Cluster (`game_state`):
the feed reads the game where it lives."""
from __future__ import annotations

import json

from service import feed, players
from service.play import create_game, resolve_turn, submit_turn
from service.store import Store


def told(conn, player_id: str) -> list[tuple[str, int]]:
    return [(e["type"], e["version"]) for e in
            (json.loads(f[b"event"]) for _, f in conn.xrange(feed.player_stream(player_id)))]


def test_each_change_is_announced_once_to_the_players_it_concerns(redis_conn, game_state):
    store = Store(redis_conn)
    ada, _ = players.create(redis_conn, "Ada", "ada@p.test")
    bert, _ = players.create(redis_conn, "Bert", "bert@p.test")
    record, _tokens, _admin = create_game(store, "pile", [
        {"name": "Ada", "player": ada["id"]}, {"name": "Bert", "player": bert["id"]}], None, 5)
    assert feed.announce(redis_conn, record.id) and not feed.announce(redis_conn, record.id)
    assert told(redis_conn, ada["id"]) == [("game-started", 0), ("your-turn", 0)]
    assert told(redis_conn, bert["id"]) == [("game-started", 0)]

    def play(seat: int, version: int) -> None:
        turn, _ = submit_turn(store, lambda *_: None, record.id, seat, version, [{"action": "pass"}])
        resolve_turn(store, record.id, turn["id"])
        feed.announce(redis_conn, record.id)
        feed.announce(redis_conn, record.id)             # a job run twice tells nothing twice

    store.set_status(record.id, "paused")
    assert feed.announce(redis_conn, record.id) == []
    store.set_status(record.id, "active")
    feed.announce(redis_conn, record.id)                 # resumed: the seat to act is told again
    play(0, 0)
    play(1, 1)                                           # both passed: the game is over
    assert told(redis_conn, ada["id"]) == [("game-started", 0), ("your-turn", 0), ("your-turn", 0),
                                           ("game-over", 2)]
    assert told(redis_conn, bert["id"]) == [("game-started", 0), ("your-turn", 1), ("game-over", 2)]


def test_a_turn_committed_by_a_worker_killed_before_announcing_is_announced_by_the_sweep(
        redis_conn, game_state):
    """The commit landed, the worker died before its follow-up: the turn stays owed, and
    the sweeper's follow-up (workers/resolve.py) announces it."""
    from workers.resolve import sweep
    store = Store(redis_conn)
    ada, _ = players.create(redis_conn, "Ada", "ada@p.test")
    record, _tokens, _admin = create_game(store, "pile", [
        {"name": "x"}, {"name": "Ada", "player": ada["id"]}], None, 5)
    feed.announce(redis_conn, record.id)
    turn, _ = submit_turn(store, lambda *_: None, record.id, 0, 0, [{"action": "pass"}])
    resolve_turn(store, record.id, turn["id"])          # committed; no follow-up ran
    assert told(redis_conn, ada["id"]) == [("game-started", 0)]
    assert sweep(redis_conn, older_than=-1) == 1
    assert told(redis_conn, ada["id"]) == [("game-started", 0), ("your-turn", 1)]
