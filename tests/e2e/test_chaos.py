"""Issue 10, "Never lose a turn": the real processes (a redis-server with AOF of the
test's own, `pbem serve`, two `pbem worker`) under 50 client threads with duplicates
(Idempotency-Key), stale versions and races, with faults injected mid-load. After each
fault, with no manual step and within 60 s: every turn answered 200/202 is resolved,
each applied turn is in its game's log exactly once, version == log length and the
snapshot rebuilt from setup + log equals the stored one; /v1/ready is 503 while no
worker lives and 200 again after. Turns answered otherwise (500 during the Redis
outage, connection errors) are not counted as acknowledged."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

import pytest
import redis
import requests

from service import play
from service.bench.running import free_port, wait_until_healthy
from service.store import Store
from service.store.keys import key as state_key
from service.store.records import turn_loaded
from tests.e2e.conftest import ENV, ROOT, spawn
from tests.e2e.processes import aof_redis, children, living_in_group, wait_for

CLIENTS = 50
GAMES = 12
SETTLE = 60.0                   # seconds every acknowledged turn has to be resolved
# Heartbeats every 2 s, so /v1/ready finds every worker dead 8 s after the last died,
# not 20 s: what the default's 20 s gives is test_worker_pool.py's test (finding 2).
HEARTBEAT = {"PBEM_WORKER_HEARTBEAT": "2"}


class Load:
    """CLIENTS threads playing a pool of "pile" games through the API."""

    def __init__(self, base: str):
        self.base, self.lock = base, threading.Lock()
        self.games: dict[str, list[str]] = {}         # id -> seat tokens, every game ever made
        self.table: list[str] = []                      # the games being played
        self.acked: dict[tuple[str, str], int] = {}     # (game, turn) -> HTTP status
        self.running = threading.Event()
        self.stopped = False
        self.threads = []
        for _ in range(GAMES):
            self.table.append(self.new_game(requests.Session(), random.Random()))

    def new_game(self, http, rng) -> str:
        players = [{"name": f"p{i}"} for i in range(rng.randint(2, 4))]
        created = http.post(f"{self.base}/v1/games", json={
            "game": "pile", "players": players, "seed": rng.randrange(2**31),
            "options": {"hand": 4}}, timeout=10).json()
        with self.lock:
            self.games[created["id"]] = [s["token"] for s in created["seats"]]
        return created["id"]

    def start(self) -> None:
        self.running.set()
        self.threads = [threading.Thread(target=self.play, args=(i,), daemon=True)
                        for i in range(CLIENTS)]
        for thread in self.threads:
            thread.start()

    def pause(self) -> None:
        self.running.clear()
        time.sleep(0.1)
        for thread in self.threads:
            thread.join(20)

    def play(self, i: int) -> None:
        http, rng = requests.Session(), random.Random(i)
        while self.running.is_set():
            try:
                self.one_turn(http, rng, i)
            except (requests.RequestException, ValueError, KeyError, IndexError):
                time.sleep(0.2)             # an outage: try again, nothing is counted
            time.sleep(rng.uniform(0.02, 0.1))

    def one_turn(self, http, rng, i: int) -> None:
        slot = rng.randrange(len(self.table))
        game_id = self.table[slot]
        state = http.get(f"{self.base}/v1/games/{game_id}", timeout=10).json()
        if state["status"] == "finished":
            if self.table[slot] == game_id:
                self.table[slot] = self.new_game(http, rng)
            return
        seat, version = state["to_act"][0], state["version"]
        auth = {"Authorization": f"Bearer {self.games[game_id][seat]}"}
        legal = http.get(f"{self.base}/v1/games/{game_id}/legal-moves", headers=auth,
                         timeout=10).json()["moves"]
        moves = [rng.choice(legal)]
        kind = rng.random()
        if kind < 0.15:
            version -= 1                                   # stale: refused (409), or a race
        headers = dict(auth)
        repeats = 1
        if kind > 0.7:                                     # a retried request: one turn
            headers["Idempotency-Key"] = f"c{i}-{rng.random()}"
            repeats = 2
        for _ in range(repeats):
            answer = http.post(f"{self.base}/v1/games/{game_id}/turns", headers=headers,
                               json={"expected_version": version, "moves": moves}, timeout=10)
            if answer.status_code in (200, 202):
                with self.lock:
                    self.acked[(game_id, answer.json()["id"])] = answer.status_code


class Cluster:
    def __init__(self, folder):
        self.redis = aof_redis(folder)
        self.env = {**ENV, "REDIS_URL": self.redis.url, **HEARTBEAT}
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.server = spawn("serve", "--port", str(self.port), "--workers", "2", "--threads", "16",
                            REDIS_URL=self.redis.url, **HEARTBEAT)
        self.workers = [self.worker() for _ in range(2)]
        self.dead: list[subprocess.Popen] = []

    def worker(self) -> subprocess.Popen:
        return spawn("worker", REDIS_URL=self.redis.url, **HEARTBEAT)

    def conn(self) -> redis.Redis:
        return redis.Redis.from_url(self.redis.url)

    def ready(self) -> int:
        try:
            return requests.get(f"{self.base}/v1/ready", timeout=5).status_code
        except requests.RequestException:
            return 0

    def stop(self) -> None:
        for proc in [self.server, *self.workers, *self.dead]:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(10)
        self.redis.kill()


@pytest.fixture
def cluster(tmp_path):
    running = Cluster(tmp_path)
    try:
        wait_until_healthy(running.base)
        assert wait_for(lambda: running.ready() == 200, 60), "never ready"
        yield running
    finally:
        running.stop()


def settled(cluster: Cluster, load: Load, fault: str) -> None:
    """Every acknowledged turn is resolved within SETTLE s and every game is exact."""
    store = Store(cluster.conn())
    started = time.monotonic()

    def queued():
        """The acknowledged turns still queued, read in one pipelined round trip: one GET
        each in turn took 5 to 13 s for the ~4,500 turns of test_durable_turns.py on the
        loaded 2-core machine (issue 32), so the 60 s were checked every 5 to 13 s, and
        the last check, begun before the limit, failed with "still queued: []"."""
        keys = list(load.acked)
        pipe = store.state.pipeline(transaction=False)
        for game_id, turn_id in keys:
            pipe.get(state_key(game_id, "turn", turn_id))
        try:
            texts = pipe.execute()
        except (redis.ConnectionError, redis.BusyLoadingError):
            return ["redis down"]
        return [k for k, text in zip(keys, texts)
                if text is not None and turn_loaded(text, k[1])["status"] == "queued"]
    backlog = len(queued())
    still = wait_for(lambda: not queued() or None, SETTLE, every=0.5)
    assert still, f"after {fault}: {backlog} queued at the pause, still queued after {SETTLE} s: " \
                  f"{queued()[:5]}"
    for key in load.acked:
        assert store.turn(*key)["status"] in ("applied", "rejected"), (fault, key)
    # (game, turn): a turn id is unique within its game only (service/store/records.py, new_turn_id)
    applied = {k for k in load.acked if store.turn(*k)["status"] == "applied"}
    for game_id in list(load.games):
        log = store.log(game_id)
        assert [e["version"] for e in log] == list(range(1, len(log) + 1)), (fault, game_id)
        assert store.snapshot(game_id).version == len(log), (fault, game_id)
        turns = [e["turn"] for e in log]
        assert len(turns) == len(set(turns)), f"after {fault}: a turn applied twice in {game_id}"
        lost = sorted(turn for game, turn in applied if game == game_id and turn not in turns)
        assert not lost, (fault, game_id, [store.turn(game_id, t) for t in lost],
                          [(e["version"], e["turn"]) for e in log])
        assert play.matches_stored(play.rebuild(store, game_id), store.snapshot(game_id))
    print(f"{fault}: {len(load.acked)} turns acknowledged, {backlog} of them queued at the pause, "
          f"all resolved {time.monotonic() - started:.1f} s after the load paused")


def under_load(cluster: Cluster, load: Load, fault: str, inject, seconds: float = 6) -> None:
    load.start()
    time.sleep(seconds / 2)
    inject()
    time.sleep(seconds / 2)
    load.pause()
    settled(cluster, load, fault)


def test_no_turn_is_lost_whatever_fails(cluster):
    began = time.monotonic()
    load = Load(cluster.base)
    conn = cluster.conn()

    def kill_a_pool_child():            # rq's worker (our work horse): the pool replaces it
        child = children(cluster.workers[0].pid)[0]
        os.kill(child, signal.SIGKILL)
    under_load(cluster, load, "a worker child SIGKILLed", kill_a_pool_child)

    def kill_a_gunicorn_worker():
        os.kill(children(cluster.server.pid)[0], signal.SIGKILL)
    under_load(cluster, load, "a gunicorn worker SIGKILLed", kill_a_gunicorn_worker)

    def client_kill():
        conn.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
        conn.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
    under_load(cluster, load, "CLIENT KILL of every connection", client_kill)

    def redis_restart():
        cluster.redis.kill()
        time.sleep(5)
        cluster.redis.start()
    under_load(cluster, load, "Redis SIGKILLed, back after 5 s", redis_restart, seconds=10)

    # Every worker parent SIGKILLed: no child survives it, /v1/ready turns 503; a turn
    # taken meanwhile whose job is popped and lost is resolved once workers are back.
    killed_at = time.monotonic()
    for proc in cluster.workers:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    cluster.dead, cluster.workers = cluster.workers, []
    for proc in cluster.dead:
        assert wait_for(lambda: not living_in_group(proc.pid), 10), "an orphan outlived its parent"
    load.start()
    time.sleep(3)
    load.pause()
    popped = conn.lpop("rq:queue:turns")
    assert popped, "no turn job was waiting"
    def none_alive():
        try:
            answer = requests.get(f"{cluster.base}/v1/ready", timeout=5)
        except requests.RequestException:
            return None
        return answer.status_code == 503 and not any(answer.json()["workers"].values())
    assert wait_for(none_alive, 60 - (time.monotonic() - killed_at)), \
        "/v1/ready did not say within a minute of the last worker's death that none lives"
    cluster.workers = [cluster.worker() for _ in range(2)]     # as compose/kubernetes would
    assert wait_for(lambda: cluster.ready() == 200, 60), "/v1/ready not 200 with workers back"
    settled(cluster, load, "every worker SIGKILLed and a popped job lost")

    store = Store(conn)
    longest = sorted(load.games, key=lambda g: store.snapshot(g).version)[-3:]
    for game_id in longest:             # settled() rebuilt every game in-process, as this does
        rebuilt = subprocess.run([sys.executable, "-m", "service.cli", "admin", "rebuild", game_id],
                                 env=cluster.env, cwd=ROOT, capture_output=True, text=True)
        assert json.loads(rebuilt.stdout)["equal_to_stored"] is True, rebuilt.stdout
    assert len(load.acked) > 100, "too little load to prove anything"
    print(f"{len(load.games)} games, {time.monotonic() - began:.0f} s")
