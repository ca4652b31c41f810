"""Issue 10 on real `pbem worker` processes and a redis-server of the test's own:
a worker survives a Redis restart in the middle of a job (finding 1), /v1/ready
tells the truth within 60 s of the last worker's death (finding 2), and the scheduler
is taken over within 30 s of its holder's `kill -9`, which leaves no orphan (finding 6)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
import redis
import requests

from service import play
from service.bench.running import free_port, wait_until_healthy
from service.queues import TURNS, enqueuer
from service.store import Store
from tests.e2e.conftest import ENV, ROOT, spawn
from tests.e2e.processes import aof_redis, living_in_group, wait_for


@pytest.fixture
def own_redis(tmp_path):
    server = aof_redis(tmp_path)
    procs = []
    try:
        yield server, procs
    finally:
        for proc in procs:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(10)
        server.kill()


def start(procs, server, *args):
    proc = spawn(*args, REDIS_URL=server.url)
    procs.append(proc)
    return proc


def test_finding_1_a_worker_busy_when_redis_restarts_carries_on(own_redis):
    server, procs = own_redis
    conn = redis.Redis.from_url(server.url)
    store = Store(conn)
    worker = start(procs, server, "worker", "--turns", "1")
    record, _, _ = play.create_game(store, "pile", [{"name": "a"}, {"name": "b"}],
                                    {"delay": 3}, 1)
    turn, _ = play.submit_turn(store, enqueuer(conn), record.id, 0, 0, [{"action": "pass"}])
    assert wait_for(lambda: conn.llen(f"rq:queue:{TURNS}:intermediate"), 30), "the job never started"
    server.kill()                           # mid-job: rq's worker would quit on this
    time.sleep(5)
    server.start()
    assert worker.poll() is None
    assert wait_for(lambda: store.turn(record.id, turn["id"])["status"] == "applied", 60), \
        "the turn was not resolved within 60 s of Redis coming back"
    second, _ = play.submit_turn(store, enqueuer(conn), record.id, 1, 1, [{"action": "pass"}])
    assert wait_for(lambda: store.turn(record.id, second["id"])["status"] == "applied", 30)
    assert store.snapshot(record.id).version == len(store.log(record.id)) == 2


def test_finding_2_ready_is_503_within_60_s_of_the_last_workers_death(own_redis):
    server, procs = own_redis
    port = free_port()
    start(procs, server, "serve", "--port", str(port), "--workers", "1", "--threads", "4")
    worker = start(procs, server, "worker")
    base = f"http://127.0.0.1:{port}"
    wait_until_healthy(base)
    assert wait_for(lambda: requests.get(f"{base}/v1/ready").status_code == 200, 60)
    assert probe(server) == 0, "`pbem worker --check` (the deploy/ probe) finds no live worker"
    worker.send_signal(signal.SIGKILL)
    worker.wait(10)
    died = time.monotonic()

    def none_alive():
        answer = requests.get(f"{base}/v1/ready")
        return answer.status_code == 503 and answer.json()["workers"] == {"turns": 0, "mail": 0} \
            and answer.json()
    body = wait_for(none_alive, 60)
    assert body, "/v1/ready did not say within a minute that no worker lives"
    print(f"/v1/ready 503 {time.monotonic() - died:.1f} s after the last worker's death")
    assert body["redis"] is True
    assert [m.split(" (")[0] for m in body["missing"]] == [
        "a live worker on the turns queue", "a live worker on the mail queue"]
    assert requests.get(f"{base}/v1/health").status_code == 200, "liveness only"
    assert probe(server) == 1


def probe(server) -> int:
    return subprocess.run([sys.executable, "-m", "service.cli", "worker", "--check"],
                          env={**ENV, "REDIS_URL": server.url}, cwd=ROOT,
                          capture_output=True).returncode


def test_finding_6_the_scheduler_is_taken_over_within_30_s_and_no_orphan_survives(own_redis):
    server, procs = own_redis
    conn = redis.Redis.from_url(server.url)
    pools = [start(procs, server, "worker", "--turns", "1") for _ in range(2)]
    lock = f"rq:scheduler-lock:{TURNS}"
    holder = wait_for(lambda: conn.get(lock), 30)
    assert holder, "no scheduler took the lock"
    pid = wait_for(lambda: conn.hget(b"rq:scheduler:" + holder, "pid"), 10)
    (owner,) = [p for p in pools if p.pid == os.getpgid(int(pid))]
    owner.send_signal(signal.SIGKILL)               # the parent only, as `kill -9 PID` does
    owner.wait(10)
    killed = time.monotonic()
    assert wait_for(lambda: not living_in_group(owner.pid), 10), \
        f"orphans outlived their parent: {living_in_group(owner.pid)}"
    taken = wait_for(lambda: (conn.get(lock) or holder) != holder, 30)
    assert taken, "the scheduler lock was not taken over within 30 s"
    print(f"scheduler taken over {time.monotonic() - killed:.1f} s after its holder died")
