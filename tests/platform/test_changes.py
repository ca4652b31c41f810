"""service/changes.py: every waiting request of a process shares one subscription, and
none misses a change across a Redis restart (issue 10; issue 13's streams)."""
from __future__ import annotations

import os
import signal
import threading
import time

import pytest
import redis

from service import changes
from service.app import redis_client
from service.store import key
from tests.redis_process import RedisProcess


@pytest.fixture
def server(tmp_path):
    process = RedisProcess(tmp_path)
    process.start()
    yield process
    process.kill()


def waiters(conn, count: int, game_id: str, seconds: float) -> tuple[list, list[threading.Thread]]:
    """`count` threads each waiting up to `seconds` for the game's channel: what each saw."""
    seen, ready = [], threading.Barrier(count + 1)

    def wait() -> None:
        with changes.hub(conn).waiting(key(game_id, "resolved")) as channel:
            ready.wait()
            seen.append(channel.get_message(timeout=seconds))
    threads = [threading.Thread(target=wait) for _ in range(count)]
    for thread in threads:
        thread.start()
    ready.wait()
    return seen, threads


def test_fifty_waiters_share_one_subscription_and_all_wake(server):
    conn = server.client()
    seen, threads = waiters(conn, 50, "g1", 10.0)
    pubsub_clients = [c for c in conn.client_list() if int(c["psub"]) or int(c["sub"])]
    assert len(pubsub_clients) == 1
    conn.publish(key("g1", "resolved"), "t1")
    for thread in threads:
        thread.join()
    assert seen == [True] * 50


def test_a_message_for_another_game_wakes_nobody(server):
    conn = server.client()
    seen, threads = waiters(conn, 3, "g2", 0.5)
    conn.publish(key("other", "resolved"), "t1")
    for thread in threads:
        thread.join()
    assert seen == [None] * 3


def test_waiters_are_woken_to_look_again_after_redis_restarts(server):
    """What was published while the hub was not subscribed is not missed: once it is
    subscribed again, every waiter is woken to look."""
    conn = redis.Redis.from_url(server.url)
    changes.hub(conn)                           # subscribed before the outage
    seen, threads = waiters(conn, 5, "g3", 30.0)
    started = time.monotonic()
    server.kill()
    server.start()
    for thread in threads:
        thread.join()
    assert seen == [True] * 5 and time.monotonic() - started < 15


def test_a_read_is_shared_by_the_waiters_until_the_game_changes(server):
    """A thousand streams woken by one commit read the game once per process."""
    conn = server.client()
    reads = []
    channel = key("g4", "resolved")
    hub = changes.hub(conn)
    with hub.waiting(channel) as waiter:
        shared = [hub.memo(channel, "snapshot", lambda: reads.append(1) or len(reads))
                  for _ in range(100)]
        assert shared == [1] * 100
        conn.publish(channel, "t1")
        assert waiter.get_message(timeout=5)
        assert hub.memo(channel, "snapshot", lambda: reads.append(1) or len(reads)) == 2
    assert hub.memo(channel, "snapshot", lambda: reads.append(1) or len(reads)) == 3


def test_a_quiet_subscription_is_kept_and_wakes_nobody(server):
    """Issue 25: on the API's own client (socket_timeout 5 s) a subscription that hears
    nothing for 12 s is neither dropped nor taken again, and wakes no waiter: the 15 s
    keep-alive of an idle stream depends on that quiet."""
    conn = redis_client(server.url)
    seen, threads = waiters(conn, 3, "g5", 12.0)
    subscriber = [c["id"] for c in conn.client_list() if int(c["psub"])]
    for thread in threads:
        thread.join()
    assert seen == [None] * 3
    assert [c["id"] for c in conn.client_list() if int(c["psub"])] == subscriber


def test_a_hung_redis_is_a_lost_subscription_and_wakes_its_waiters(server, monkeypatch):
    """A server that answers nothing (SIGSTOP) is noticed after 2 x PING_EVERY quiet
    seconds: every waiter is woken to look again, as after a lost connection."""
    monkeypatch.setattr(changes, "PING_EVERY", 1.0)
    conn = redis_client(server.url)
    seen, threads = waiters(conn, 2, "g6", 20.0)
    started = time.monotonic()
    os.kill(server.proc.pid, signal.SIGSTOP)
    try:
        for thread in threads:
            thread.join()
    finally:
        os.kill(server.proc.pid, signal.SIGCONT)
    assert seen == [True] * 2 and time.monotonic() - started < 5
