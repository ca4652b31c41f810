"""A real gunicorn server and real rq worker processes on the test Redis; with
`@pytest.mark.parametrize("service", STORES, indirect=True)` a test runs twice: on
the test Redis alone, and with the game state on a local three-master Redis Cluster
(STATE_REDIS_URL, service/local_cluster.py; rq's queues stay on the test Redis)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import psutil
import pytest
import redis

from service.bench.running import free_port, wait_until_healthy
from tests.conftest import TEST_REDIS_URL

ROOT = Path(__file__).resolve().parents[2]
RUN_DIR = tempfile.mkdtemp(prefix="pbem-e2e-")   # gunicorn's control socket, the mail sink
# what the processes the tests start see: this run's settings, but they are no
# pytest-xdist worker (a pytest started here runs on its own: test_aborted_run.py)
ENV = {**{name: value for name, value in os.environ.items() if not name.startswith("PYTEST_XDIST_")},
       "REDIS_URL": TEST_REDIS_URL, "TEST_REDIS_URL": TEST_REDIS_URL,
       "PYTHONPATH": str(ROOT), "PBEM_GAME_PLUGINS": "tests.platform_game:GAME",
       "PBEM_VAR": RUN_DIR, "MAIL_SINK_DIR": f"{RUN_DIR}/mail"}


STORES = ["redis", "cluster"]


class Service:
    def __init__(self, **env: str):
        self.env = env
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.workers: list[subprocess.Popen] = []
        self.killed: list[subprocess.Popen] = []
        self.server = spawn("serve", "--port", str(self.port), "--workers", "2",
                            "--threads", "32", **env)

    def start_worker(self) -> subprocess.Popen:
        worker = spawn("worker", **self.env)
        self.workers.append(worker)
        return worker

    def kill_worker(self, worker: subprocess.Popen) -> None:
        """SIGKILL `pbem worker` alone, as a crash would (its workers and rq's scheduler
        die with it: workers/pool.py)."""
        worker.send_signal(signal.SIGKILL)
        worker.wait(10)
        self.workers.remove(worker)
        self.killed.append(worker)

    def stop(self) -> None:
        """Every process this service started, with their children (gunicorn's
        workers, rq's scheduler), is ended."""
        for proc in [self.server, *self.workers, *self.killed]:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
        for proc in [self.server, *self.workers]:
            # up to gunicorn's graceful timeout (30 s): a browser's event stream stays
            # open on the server until its next heartbeat finds the browser gone
            stopped(proc, 40)


def stopped(proc: subprocess.Popen, within: float) -> None:
    """Wait for a process this module spawned to end; one that outlives `within` has its
    group killed (a worker left running would take the next tests' jobs off their
    queues) and fails the test with the end of its log."""
    try:
        proc.wait(within)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        log = LOGS[proc.pid].read_text(errors="replace")
        pytest.fail(f"{' '.join(proc.args[2:])} did not stop within {within} s of SIGTERM; "
                    f"its log ends:\n{log[-4000:]}")


LOGS: dict[int, Path] = {}     # a spawned process's pid: its log (stdout and stderr)


def spawn(*args: str, **env: str) -> subprocess.Popen:
    """A `pbem` command in a process group of its own (`env` added to ENV), its output in
    a log file of its own under RUN_DIR."""
    log = Path(tempfile.mkstemp(prefix=f"{args[0]}-", suffix=".log", dir=RUN_DIR)[1])
    with log.open("wb") as output:
        proc = subprocess.Popen([sys.executable, "-m", "service.cli", *args], env={**ENV, **env},
                                cwd=ROOT, stdout=output, stderr=subprocess.STDOUT,
                                start_new_session=True)
    LOGS[proc.pid] = log
    return proc


def alive(pid: int) -> bool:
    """Running, not an unreaped zombie (a container's init may not reap them)."""
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.fixture(scope="module")
def service(request):
    """The service on the test Redis (with the test module's SERVER_ENV settings, if it
    has them); on "cluster" (indirect parametrization) with its game state on the local
    Redis Cluster, which this process's Store then uses too."""
    env = dict(getattr(request.module, "SERVER_ENV", {}))
    if getattr(request, "param", "redis") == "cluster":
        cluster = request.getfixturevalue("state_cluster")
        cluster.flush()
        env["STATE_REDIS_URL"] = cluster.url
    redis.Redis.from_url(TEST_REDIS_URL).flushdb()
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        running = Service(**env)
        try:
            running.start_worker()
            wait_until_healthy(running.base)
            yield running
        finally:
            running.stop()
            redis.Redis.from_url(TEST_REDIS_URL).flushdb()
            if "STATE_REDIS_URL" in env:
                cluster.flush()


@pytest.fixture
def redis_conn_e2e(service):
    return redis.Redis.from_url(TEST_REDIS_URL)
