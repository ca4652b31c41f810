"""Shared fixtures: a real Redis (flushed per test), the Flask app, the test game."""
from __future__ import annotations

import os

import pytest
import redis

TEST_REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/1")
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
    """Run every queued job to completion in this process (rq's burst worker)."""
    from rq import SimpleWorker
    from workers.queues import TURNS, queue

    def run():
        SimpleWorker([queue(redis_conn, TURNS)], connection=redis_conn).work(burst=True)
    return run
