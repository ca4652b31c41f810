"""Shared fixtures: a real Redis (flushed per test), the Flask app, the test game, rq's
worker as the tests run it; SIGTERM ends the run with every fixture torn down."""
from __future__ import annotations

import atexit
import os
import shutil
import signal
import tempfile
import uuid

import pytest
import redis
from rq import SimpleWorker
from xdist.scheduler import LoadScopeScheduling

from tests.redis_process import RedisProcess
from workers.pool import LeanTurnJobs


def choose_redis_url() -> str:
    """TEST_REDIS_URL (one database, so one test process: pytest -n 0); else database 1 of
    a redis-server of this process's own (each pytest-xdist worker starts one: scripts/test
    runs three) on a free loopback port, in a `pbem-tests-*` folder, ended when the process
    ends. A real server, never a skip, and nothing else writes to it."""
    if url := os.environ.get("TEST_REDIS_URL"):
        if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1:
            raise pytest.UsageError(
                "TEST_REDIS_URL names one database, which parallel workers cannot share: "
                "run with -n 0, or unset it (each worker then starts a redis-server of its own)")
        return url
    folder = tempfile.mkdtemp(prefix="pbem-tests-")
    server = RedisProcess(folder, "--appendonly", "no")
    server.start()
    atexit.register(end_own_redis, server, folder)
    return f"redis://127.0.0.1:{server.port}/1"


def end_own_redis(server: RedisProcess, folder: str) -> None:
    server.kill()                      # it holds nothing to keep: no save, no append-only file
    shutil.rmtree(folder, ignore_errors=True)


TEST_REDIS_URL = choose_redis_url()
os.environ.setdefault("PBEM_GAME_PLUGINS", "tests.platform_game:GAME")
os.environ["REDIS_URL"] = TEST_REDIS_URL
for _limit in ("PBEM_LIMIT_CREATE", "PBEM_LIMIT_TURNS", "PBEM_LIMIT_AUTH_FAILURES",
               "PBEM_LIMIT_PLAYERS", "PBEM_LIMIT_REPLAY_CPU"):
    # tests create games and send wrong tokens by the hundred; the real limits are
    # tested on apps of their own (tests/api/test_rate_limits.py)
    os.environ.setdefault(_limit, "1000000 per minute")
os.environ["PBEM_DEVELOPMENT"] = "1"     # tests choose their seeds (service/fairness.py)


def pytest_configure(config):
    """SIGTERM (a CI timeout, a supervisor) ends the run as Ctrl-C does: fixtures are
    torn down, so the e2e servers and workers end too (issue 12, finding 3)."""

    def ended(signum, frame):
        pytest.exit("ended by SIGTERM", returncode=128 + signum)
    signal.signal(signal.SIGTERM, ended)


# Issue 33: pytest-xdist hands out work units (scripts/test: --dist loadfile, which
# UnitScheduling below makes) in the order collected (--no-loadscope-reorder: else most
# tests first, which put the units of one or two long tests last, a worker starting one
# while the others had finished). A unit is a test file, so its module-wide server,
# cluster or browsers start once; but a test named below (file::test, with or without
# its parameters: each of its cases) is a unit of its own, run beside the rest of its
# file on another worker (its module's fixtures start there too). The longest units,
# longest first (as measured by scripts/test's --durations), so the run ends with short
# ones; the rest keep their order.
LONGEST_FIRST = [
    # by the durations of a whole run of scripts/test (issue 33; load average 16-30)
    # the test game, Brass, Ultimate Railroads, Age of Industry and Industry played in
    # the browser (a sample of each game's moves clicked), the seat pages: 210 s
    "tests/e2e/test_browser_pages.py",
    # a game of Age of Industry by mail: 161 s
    "tests/workers/test_play_by_mail.py::test_whole_game_played_by_mail_from_invitation_to_game_over[age-of-industry]",
    # 5 of the 20 Brass games' mails each: 63-96 s
    "tests/workers/test_mail_length.py::test_the_longest_your_turn_mail_of_20_random_brass_games_is_under_150_lines",
    "tests/e2e/test_chaos.py",
    # 50 random Brass games each: 33-73 s
    "tests/games/brass_lancashire/test_random_games.py::test_hundreds_of_random_games_list_their_moves_exactly",
    "tests/e2e/test_worker_pool.py",
    "tests/e2e/test_play_over_http.py",
    "tests/e2e/test_waiting.py",
    "tests/platform/test_log_replay.py",
    "tests/e2e/test_durable_turns.py",
    "tests/e2e/test_dev_command.py",
    "tests/e2e/test_concurrency.py",
    "tests/workers/test_words_in_mail.py",
    "tests/games/ultimate_railroads/test_completion.py",
    # each game's listed lines played by mail: 24-39 s each
    "tests/workers/test_listed_moves_play.py::test_every_listed_line_plays_as_written",
    # the Ultimate Railroads bot on each board: 22-34 s each
    "tests/games/ultimate_railroads/test_bot_strength.py::test_the_bot_beats_random_play_on_every_board_and_module",
    "tests/e2e/test_generated_client.py",
    "tests/workers/test_face_down_over_http.py",
    "tests/workers/test_play_by_mail_german.py",   # a Brass game by mail in German (issue 31)
    "tests/platform/test_validate_board.py",
    "tests/workers/test_names_in_mail.py",
    "tests/workers/test_since_last_turn.py",
    "tests/i18n/test_german_game.py",
    "tests/games/brass_lancashire/test_random_games.py",
    # 8 keen games of Age of Industry, each apart
    "tests/games/age_of_industry/test_random_games.py::test_keen_games_conserve_money_and_cubes_and_replay",
    "tests/games/age_of_industry/test_random_games.py",
    "tests/games/ultimate_railroads/test_random_games.py",
    "tests/e2e/test_ultimate_railroads_modules_over_http.py",
    "tests/games/test_preview_conceals.py",
    "tests/e2e/test_takeback.py",
    "tests/e2e/test_aborted_run.py",
    "tests/e2e/test_cluster_outage.py",
    "tests/e2e/test_served_rate_limits.py",
    "tests/games/industry/test_properties.py",
    "tests/games/industry/test_random_games.py",
    "tests/e2e/test_player_push.py",
    "tests/workers/test_play_by_mail.py",
]
APART = {unit for unit in LONGEST_FIRST if "::" in unit}


def work_unit(nodeid: str) -> str:
    """The work unit of the test with this id: the test itself, if it or the test it is
    a case of is named APART, else its file."""
    if nodeid in APART or nodeid.split("[", 1)[0] in APART:
        return nodeid
    return nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(items):
    rank = {unit: place for place, unit in enumerate(LONGEST_FIRST)}
    rank.update({item.nodeid: rank[item.nodeid.split("[", 1)[0]] for item in items
                 if item.nodeid.split("[", 1)[0] in APART})
    items.sort(key=lambda item: rank.get(work_unit(item.nodeid), len(rank)))


class UnitScheduling(LoadScopeScheduling):
    """pytest-xdist's scheduling by scope (as --dist loadfile), the scope a work unit."""

    def _split_scope(self, nodeid: str) -> str:
        return work_unit(nodeid)


@pytest.hookimpl(tryfirst=True, optionalhook=True)   # pytest-xdist's hook: absent with -p no:xdist
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") == "loadfile":
        return UnitScheduling(config, log)
    return None


class BurstWorker(LeanTurnJobs, SimpleWorker):
    """rq's worker as `pbem worker` runs it (a turn's job without rq's bookkeeping,
    workers/pool.py), in this process; given its queues by name. It leaves pytest's
    signal handlers alone (rq installs its own for SIGINT and SIGTERM and keeps them
    after a burst, so pytest would then ignore SIGTERM), and opens no pub/sub channel
    for remote commands (its thread takes half a second to stop, many times per test)."""

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
    size; after the last test of the process (of each pytest-xdist worker, on its own
    Redis), both are found unchanged, or the run fails there: no test (in process, e2e
    gunicorn and workers, the `pbem dev` tests) wrote to or flushed any of them. The
    sentinels are removed at the end."""
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
    lost = [db for db, conn in others.items() if conn.get(key) != value.encode()]
    resized = {db: (sizes[db], conn.dbsize()) for db, conn in others.items()
               if conn.dbsize() != sizes[db]}
    for conn in others.values():
        conn.delete(key)
        conn.close()
    assert not lost, f"the suite flushed or overwrote databases {lost} of {TEST_REDIS_URL}"
    assert not resized, (f"the suite wrote to databases {resized} of {TEST_REDIS_URL} "
                         "(keys before, after)")


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
    from service.bench.running import free_port
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
    from service.queues import MAIL, TURNS

    def run():
        BurstWorker([TURNS, MAIL], connection=redis_conn).work(burst=True)
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
