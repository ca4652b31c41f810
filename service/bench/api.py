"""`pbem bench api`: submit->applied over HTTP through the queue, against the bare
/v1/health rate and rq's own empty-job rate, on a real service on this machine."""
from __future__ import annotations

import json
import os
import random
import threading
import time
from dataclasses import dataclass

import redis
import urllib3

from service import play
from service.bench.figures import met, ms, percentile, pick_game
from service.bench.floor import (
    Floor,
    Meter,
    Spent,
    empty_jobs,
    engine_cpu,
    redis_servers,
    report,
)
from service.bench.running import free_port, running_service
from service.connection import redis_url
from service.durability import durability
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
        self.games: list[str] = []
        self.new_game()

    def new_game(self) -> None:
        players = [{"name": f"p{i}"} for i in range(self.game.min_seats)]
        _, created = self.call("POST", "/v1/games", {
            "game": self.game.id, "players": players, "seed": self.rng.randrange(2**31)})
        self.id, self.tokens = created["id"], [s["token"] for s in created["seats"]]
        self.games.append(self.id)
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

@dataclass
class Played:
    """What submit_to_applied measured: the latencies of one client's turns (from the
    first after start), those with `clients` at once, the turns applied then and the
    seconds it took, what each of those cost (a Spent, when measured) and their games."""
    alone: list[float]
    together: list[float]
    applied: int
    elapsed: float
    spent: Spent | None
    games: list[str]


def submit_to_applied(base: str, chosen, turns: int, clients: int, seconds: float,
                      meter: Meter | None = None) -> Played:
    """One client's `turns` turns, then `clients` at once for `seconds`; `meter` (on the
    service's processes, API first, then workers) measures what the latter cost."""
    player = Player(base, chosen, 0)
    alone = [player.turn() for _ in range(turns)]
    players = []

    def make(i: int) -> Player:
        players.append(Player(base, chosen, i + 1))
        return players[-1]
    applied, elapsed = concurrently(clients, seconds, make, lambda p: p.turn(),
                                    on_start=meter.start if meter else None)
    spent = meter.stop(applied) if meter else None
    return Played(alone, [t for p in players for t in p.latencies], applied, elapsed, spent,
                  [game for p in players for game in p.games])


def measured_service(workers: int, servers: list, chosen, turns: int, clients: int,
                     seconds: float, **extra: str) -> tuple[Played, float, Spent]:
    """A service started for it: the play (submit_to_applied, measured), then bare
    /v1/health requests through the same server, measured the same way: (the play,
    health requests/s, what each request cost)."""
    started = []
    with running_service(workers, started, **extra) as base:
        played = submit_to_applied(base, chosen, turns, clients, seconds,
                                   Meter(servers, *(process.pid for process in started)))
        meter = Meter(servers, started[0].pid)
        health, health_elapsed = concurrently(clients, seconds, lambda i: Client(base),
                                              lambda c: c.get("/v1/health"),
                                              on_start=meter.start)
        return played, health / health_elapsed, meter.stop(health)


def api(game: str | None, turns: int, clients: int, seconds: float, workers: int = 2,
        cluster: bool = False) -> None:
    """Submit->applied latency, alone (from the first turn after start) and with
    `clients` at once; turns/s through the queue against the bare /v1/health rate and
    rq's own empty-job rate with as many workers; what a turn costs against its floor
    (service/bench/floor.py), each beside its target (issues 10 and 32). `cluster`: the
    same with the game state on a local three-master Redis Cluster (issue 18)."""
    chosen, servers = pick_game(game), redis_servers(redis_url())
    played, health_per_s, request = measured_service(workers, servers, chosen, turns, clients,
                                                     seconds)
    on_cluster = cluster and on_local_cluster(chosen, turns, clients, seconds, workers)
    empty_per_s, job = empty_jobs(servers, lambda name, count: burst(name, workers, count))
    queued_per_s = queued_turns(chosen, workers)
    listing, applying, _moves = engine_cpu(Store(servers[0]), played.games)
    floor = Floor(request, job, listing, applying)
    print(f"bench api ({chosen.id}; gunicorn 2x16 threads, pbem worker with {workers} turn "
          f"workers, Redis {redis_url()})")
    safe = durability(servers[0])
    print(f"  durability: {safe} (target appendfsync always: {met(safe.safe)})")
    figures("single Redis", played, floor, clients, turns, health_per_s, empty_per_s)
    if on_cluster:
        c_played, c_health, c_request = on_cluster
        # the engine's part of the floor: the single Redis run's positions (the same game)
        figures("the game state on a local 3-master Redis Cluster (AOF, appendfsync always; "
                "queues on the Redis above)", c_played, Floor(c_request, job, listing, applying),
                clients, turns, c_health, empty_per_s)
    print(f"  rq empty jobs/s, {workers} workers (rq's own ceiling): {empty_per_s:.1f}")
    print(f"  turns resolved/s by {workers} workers alone (turns queued first): {queued_per_s:.1f}"
          f" ({queued_per_s / empty_per_s:.3f} of rq's rate)")
    print(f"  load average now {' '.join(f'{v:.2f}' for v in os.getloadavg())} on "
          f"{os.cpu_count()} cores: figures taken under other load are low")


def figures(name: str, played: Played, floor: Floor, clients: int, turns: int,
            health_per_s: float, empty_per_s: float) -> None:
    """One service's lines: latencies, rates and their ratios, CPU against the floor."""
    print(f" {name}:")
    alone, together = played.alone, played.together
    print(f"  submit->applied, 1 client, {turns} turns from the first after start: p50 "
          f"{ms(percentile(alone, 50))}  p99 {ms(percentile(alone, 99))}")
    p99 = percentile(together, 99)
    cpu = sum(played.spent.trees)
    print(f"  submit->applied, {clients} clients, {len(together)} turns: p50 "
          f"{ms(percentile(together, 50))}  p99 {ms(p99)}  (target p99 < {ms(TARGET_P99)}: "
          f"{met(p99 < TARGET_P99)}; {clients} x CPU per turn / {os.cpu_count()} cores = "
          f"{ms(clients * cpu / os.cpu_count())})")
    turns_per_s = played.applied / played.elapsed
    print(f"  turns applied/s through the queue, {clients} clients: {turns_per_s:.1f}; bare "
          f"GET /v1/health/s: {health_per_s:.1f}")
    print(f"  ratio turns/s : health/s = {turns_per_s / health_per_s:.3f}")
    ratio = turns_per_s / empty_per_s
    print(f"  ratio turns/s : rq empty jobs/s = {ratio:.3f} (issue 10's target >= "
          f"{TARGET_RATIO:.2f}: {met(ratio >= TARGET_RATIO)}; two requests and a job a turn "
          f"put its ceiling near 0.54)")
    report(played.spent, floor, percentile(alone, 99), met)


def on_local_cluster(chosen, turns: int, clients: int, seconds: float, workers: int):
    """measured_service with the game state on a three-master Redis Cluster started for
    it (service/local_cluster.py), its nodes with `appendfsync always`, ended after."""
    cluster = LocalCluster([free_port() for _ in range(2 * MASTERS)], "--appendonly", "yes",
                           "--appendfsync", "always").start()
    try:
        return measured_service(workers, redis_servers(redis_url(), cluster.url), chosen,
                                turns, clients, seconds, STATE_REDIS_URL=cluster.url)
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
