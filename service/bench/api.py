"""`pbem bench api`: submit->applied over HTTP through the queue, against the bare
/v1/health rate and rq's own empty-job rate, on a real service on this machine."""
from __future__ import annotations

import json
import os
import random
import threading
import time

import redis
import urllib3
from rq import Queue

from service import play
from service.bench.figures import met, ms, percentile, pick_game
from service.bench.running import free_port, running_service
from service.connection import redis_url
from service.local_cluster import MASTERS, LocalCluster
from service.queues import TURNS, enqueuer, queue
from service.store import Store
from workers.pool import Pool

TARGET_P99 = 0.050          # issue 10: submit->applied p99 with 8 clients (issue 18: on a cluster too)
TARGET_RATIO = 0.60         # issue 10: turns/s through the queue against rq's empty-job rate


class Client:
    """A light HTTP client on one kept-alive connection (urllib3, under requests: the
    bench's clients share the machine's cores with the service they measure, and a
    requests Session spent about twice urllib3's CPU per request). It asks for
    compressed answers as requests and browsers do, and decodes them."""

    def __init__(self, base: str):
        self.pool = urllib3.connection_from_url(base, maxsize=1, block=True)
        self.headers = urllib3.util.make_headers(accept_encoding=True, keep_alive=True)

    def call(self, method: str, path: str, body=None, token: str | None = None
             ) -> tuple[int, dict]:
        headers = {**self.headers, **({"Authorization": f"Bearer {token}"} if token else {})}
        if body is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(body)
        answer = self.pool.request(method, path, body=body, headers=headers, retries=False)
        return answer.status, json.loads(answer.data)

    def get(self, path: str, token: str | None = None) -> dict:
        return self.call("GET", path, token=token)[1]

class Player(Client):
    """Plays one game over HTTP with random legal moves, starting a new one at the end."""

    def __init__(self, base: str, game, seed: int):
        super().__init__(base)
        self.game, self.rng = game, random.Random(seed)
        self.latencies: list[float] = []
        self.new_game()

    def new_game(self) -> None:
        players = [{"name": f"p{i}"} for i in range(self.game.min_seats)]
        _, created = self.call("POST", "/v1/games", {
            "game": self.game.id, "players": players, "seed": self.rng.randrange(2**31)})
        self.id, self.tokens = created["id"], [s["token"] for s in created["seats"]]
        self.to_act = self.get(f"/v1/games/{self.id}")["to_act"]

    def turn(self) -> float:
        """One applied turn, as a client that plays every seat would: the legal moves of
        the seat to act, then the turn; whose turn it is next comes with the applied
        turn. Returns the submit-to-applied latency in seconds (kept in `latencies`)."""
        token = self.tokens[self.to_act[0]]
        moves = self.get(f"/v1/games/{self.id}/legal-moves", token)
        body = {"expected_version": moves["version"], "moves": [self.rng.choice(moves["moves"])]}
        started = time.perf_counter()
        status, turn = self.call("POST", f"/v1/games/{self.id}/turns?wait=30", body, token)
        latency = time.perf_counter() - started
        if turn.get("status") != "applied":
            raise RuntimeError(f"turn not applied: {status} {turn}")
        self.latencies.append(latency)
        if turn["game_status"] == "finished":
            self.new_game()
        else:
            self.to_act = turn["to_act"]
        return latency

def submit_to_applied(base: str, chosen, turns: int, clients: int, seconds: float,
                      started: list | None = None) -> tuple:
    """(latencies of `turns` turns of one client, latencies with `clients` at once for
    `seconds`, turns applied then, the seconds it took, and what those turns cost
    (Costs; measured when `started` holds the service's processes, else None))."""
    player = Player(base, chosen, 0)
    alone = [player.turn() for _ in range(turns)]
    players = []

    def make(i: int) -> Player:
        players.append(Player(base, chosen, i + 1))
        return players[-1]
    costs = Costs(*(process.pid for process in started)) if started else None
    applied, elapsed = concurrently(clients, seconds, make, lambda p: p.turn(),
                                    on_start=costs.start if costs else None)
    if costs:
        costs.stop(applied)
    return alone, [t for p in players for t in p.latencies], applied, elapsed, costs

def tree_cpu(root: int) -> float:
    """CPU seconds (user and system) of the process and its descendants, the living
    and the reaped ones (Linux: /proc/<pid>/stat)."""
    tick, parent, spent = os.sysconf("SC_CLK_TCK"), {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:                 # ended meanwhile
            continue
        parent[int(entry)] = int(fields[1])
        spent[int(entry)] = sum(int(v) for v in fields[11:15]) / tick   # utime stime cutime cstime
    tree, found = {root}, True
    while found:
        found = {pid for pid, up in parent.items() if up in tree and pid not in tree}
        tree |= found
    return sum(spent.get(pid, 0.0) for pid in tree)

class Costs:
    """What each applied turn cost, in measures the machine's other load does not
    change much: Redis commands (REDIS_URL's server: queues and, on one Redis, the
    state), CPU milliseconds of the API's processes, of `pbem worker`'s and of the
    bench's own clients. Background work (heartbeats, sweeps) is counted in."""

    def __init__(self, api: int, workers: int):
        self.pids, self.conn = (api, workers), None

    def sample(self) -> tuple:
        self.conn = self.conn or redis.Redis.from_url(redis_url())
        return (self.conn.info("stats")["total_commands_processed"],
                *(tree_cpu(pid) for pid in self.pids), time.process_time())

    def start(self) -> None:
        self.before = self.sample()

    def stop(self, turns: int) -> None:
        after, turns = self.sample(), max(turns, 1)
        commands, api, workers, client = (b - a for a, b in zip(self.before, after))
        self.commands, self.api, self.workers, self.client = (
            commands / turns, api / turns * 1000, workers / turns * 1000, client / turns * 1000)

    def __str__(self) -> str:
        return (f"{self.commands:.1f} Redis commands; CPU {self.api:.2f} ms API + "
                f"{self.workers:.2f} ms workers + {self.client:.2f} ms bench clients = "
                f"{self.api + self.workers + self.client:.2f} ms")

def api(game: str | None, turns: int, clients: int, seconds: float, workers: int = 2,
        cluster: bool = False) -> None:
    """Submit->applied latency, alone and with `clients` at once; turns/s through the
    queue against the bare /v1/health rate and rq's own empty-job rate with as many
    workers (issue 10 targets: p99 < 50 ms with 8 clients, turns/s >= 60 % of rq's).
    `cluster`: the latencies again with the game state on a local three-master Redis
    Cluster (issue 18), printed beside these."""
    chosen, started = pick_game(game), []
    with running_service(workers, started) as base:
        alone, together, applied, elapsed, costs = submit_to_applied(
            base, chosen, turns, clients, seconds, started)
        health, health_elapsed = concurrently(clients, seconds, lambda i: Client(base),
                                              lambda c: c.get("/v1/health"))
    on_cluster = cluster and on_local_cluster(chosen, turns, clients, seconds, workers)
    empty_per_s = empty_jobs(workers)
    queued_per_s = queued_turns(chosen, workers)
    turns_per_s, health_per_s = applied / elapsed, health / health_elapsed
    print(f"bench api ({chosen.id}; gunicorn 2x16 threads, pbem worker with {workers} turn "
          f"workers, Redis {redis_url()})")
    print(f"  submit->applied, 1 client, {turns} turns: p50 {ms(percentile(alone, 50))}  "
          f"p99 {ms(percentile(alone, 99))}")
    p99 = percentile(together, 99)
    print(f"  submit->applied, {clients} clients, {len(together)} turns: "
          f"p50 {ms(percentile(together, 50))}  p99 {ms(p99)}  (target p99 < "
          f"{ms(TARGET_P99)}: {met(p99 < TARGET_P99)})")
    if on_cluster:
        c_alone, c_together, c_applied, c_elapsed, _ = on_cluster
        print("  the same with the game state on a local 3-master Redis Cluster (queues on "
              "the Redis above), p99 target < 50 ms:")
        for name, single, clustered in (("1 client", alone, c_alone),
                                        (f"{clients} clients", together, c_together)):
            print(f"    submit->applied, {name}: single Redis p50 {ms(percentile(single, 50))} "
                  f"p99 {ms(percentile(single, 99))} | cluster p50 "
                  f"{ms(percentile(clustered, 50))} p99 {ms(percentile(clustered, 99))} "
                  f"({met(percentile(clustered, 99) < TARGET_P99)})")
        print(f"    turns applied/s, {clients} clients: single Redis {turns_per_s:.1f} | "
              f"cluster {c_applied / c_elapsed:.1f}")
    print(f"  turns applied/s through the queue, {clients} clients: {turns_per_s:.1f}")
    print(f"  each turn cost (load-independent): {costs}")
    print(f"  GET /v1/health requests/s, {clients} clients (ceiling): {health_per_s:.1f}")
    print(f"  rq empty jobs/s, {workers} workers (rq's own ceiling): {empty_per_s:.1f}")
    print(f"  turns resolved/s by {workers} workers alone (turns queued first): {queued_per_s:.1f}")
    print(f"  ratio turns/s : health/s = {turns_per_s / health_per_s:.3f}")
    ratio = turns_per_s / empty_per_s
    print(f"  ratio turns/s : rq empty jobs/s = {ratio:.3f} (target >= {TARGET_RATIO:.2f}: "
          f"{met(ratio >= TARGET_RATIO)}; workers alone: {queued_per_s / empty_per_s:.3f})")
    print(f"  load average now {' '.join(f'{v:.2f}' for v in os.getloadavg())} on "
          f"{os.cpu_count()} cores: figures taken under other load are low")


def on_local_cluster(chosen, turns: int, clients: int, seconds: float, workers: int):
    """submit_to_applied with the game state on a three-master Redis Cluster started
    for it (service/local_cluster.py) and ended after."""
    cluster = LocalCluster([free_port() for _ in range(2 * MASTERS)]).start()
    try:
        with running_service(workers, STATE_REDIS_URL=cluster.url) as base:
            return submit_to_applied(base, chosen, turns, clients, seconds)
    finally:
        cluster.stop()

def burst(queue_name: str, workers: int, count) -> float:
    """Jobs/s of a burst pool of `workers` workers of the kind `pbem worker` runs on the
    queue, `count()` telling how many jobs are left."""
    before = count()
    started = time.perf_counter()
    Pool(redis.Redis.from_url(redis_url()), [queue_name] * workers).start(
        burst=True, logging_level="WARNING")
    return (before - count()) / (time.perf_counter() - started)

def queued_turns(game, workers: int, turns: int = 500) -> float:
    """Turns/s the workers resolve with no HTTP client in the way: one turn (the first
    legal move) queued in each of `turns` new games, then a burst pool on the turn queue."""
    conn = redis.Redis.from_url(redis_url())
    store, enqueue = Store(conn), enqueuer(conn)
    for seed in range(turns):
        record, _, _ = play.create_game(store, game.id, [{"name": f"p{i}"} for i in
                                                          range(game.min_seats)], None, seed)
        loaded = play.load_game(store, record.id)
        seat = loaded.snapshot.to_act[0]
        move = game.engine.legal_moves(loaded.state, seat)[0]
        play.submit_turn(store, enqueue, record.id, seat, 0, [move], game=loaded)
    return burst(TURNS, workers, lambda: queue(conn).count)

def empty_jobs(workers: int, jobs: int = 3000) -> float:
    """Jobs/s of rq itself: `jobs` jobs that do nothing (os.getpid), done by a burst pool
    on a queue of their own."""
    name = f"bench-empty-{os.getpid()}"
    jobs_queue = Queue(name, connection=redis.Redis.from_url(redis_url()))
    jobs_queue.enqueue_many([Queue.prepare_data("os.getpid", result_ttl=60) for _ in range(jobs)])
    try:
        return burst(name, workers, lambda: jobs_queue.count)
    finally:
        jobs_queue.delete(delete_jobs=True)

def concurrently(clients: int, seconds: float, make, act, on_start=None) -> tuple[int, float]:
    """Runs act(make(i)) in a loop on `clients` threads for `seconds`, once all have
    made their subject (on_start() is called then); counts the acts."""
    counts, failures, deadline = [0] * clients, [], []
    ready, go = threading.Barrier(clients + 1), threading.Event()

    def loop(i: int) -> None:
        try:
            subject = make(i)
        finally:                                # a failed make() holds up nobody
            ready.wait()
        go.wait()
        while time.monotonic() < deadline[0]:
            try:
                act(subject)
            except Exception as err:            # counted and shown, never silently lost
                failures.append(err)
                continue
            counts[i] += 1
    threads = [threading.Thread(target=loop, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    ready.wait()
    if on_start:
        on_start()
    started = time.perf_counter()
    deadline.append(time.monotonic() + seconds)
    go.set()
    for thread in threads:
        thread.join()
    if failures:
        print(f"  ({len(failures)} requests failed, first: {failures[0]})")
    return sum(counts), time.perf_counter() - started
