"""`pbem bench engine GAME` and `pbem bench api`: figures from one run on this machine."""
from __future__ import annotations

import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import requests

from service import limits
from service.connection import redis_url
from service.games.base import OptionError
from service.games.registry import game_types

PREFERRED = "brass-lancashire"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def pick_game(game_id: str | None):
    types = game_types()
    if not types:
        sys.exit("no game type is registered")
    game_id = game_id or (PREFERRED if PREFERRED in types else next(iter(types)))
    if game_id not in types:
        sys.exit(f"unknown game {game_id!r}; registered: {', '.join(types)}")
    return types[game_id]


def engine(game_id: str | None, seats: int, games: int, options: dict | None = None) -> None:
    """Random full games with legal-move enumeration at every step."""
    game = pick_game(game_id)
    seats = max(game.min_seats, min(seats, game.max_seats))
    try:
        engine_, options = game.engine, game.resolve_options(options, seats)
    except OptionError as bad:
        sys.exit(str(bad))
    apply_times, legal_times, sizes, moves_per_game, cpu_times = [], [], [], [], []
    measuring = 0.0                         # time spent sizing snapshots, not playing
    started = time.perf_counter()
    for seed in range(games):
        chooser, state, steps = random.Random(seed), engine_.setup(options, seats, seed), 0
        while engine_.result(state) is None:
            seat = engine_.to_act(state)[0]
            c0, t0 = time.process_time(), time.perf_counter()
            moves = engine_.legal_moves(state, seat)
            t1 = time.perf_counter()
            state, _ = engine_.apply(state, seat, chooser.choice(moves))
            t2 = time.perf_counter()
            cpu_times.append(time.process_time() - c0)
            legal_times.append(t1 - t0)
            apply_times.append(t2 - t1)
            sizes.append(len(json.dumps(engine_.dump(state), separators=(",", ":"))))
            measuring += time.perf_counter() - t2
            steps += 1
        moves_per_game.append(steps)
    elapsed = time.perf_counter() - started - measuring
    print(f"bench engine {game.id}: {games} random games, {seats} seats, options {options}, "
          f"legal moves enumerated at every step")
    print(f"  games/s            {games / elapsed:.2f}  ({elapsed / games * 1000:.1f} ms per game,"
          f" {statistics.mean(moves_per_game):.0f} moves per game)")
    print(f"  apply        p50 {ms(percentile(apply_times, 50))}  p99 {ms(percentile(apply_times, 99))}")
    print(f"  legal_moves  p50 {ms(percentile(legal_times, 50))}  p99 {ms(percentile(legal_times, 99))}")
    decisions = [a + b for a, b in zip(legal_times, apply_times)]
    print(f"  decision (legal_moves + apply) p99 {ms(percentile(decisions, 99))}  max {ms(max(decisions))}"
          f"  (CPU time, unaffected by other load: p99 {ms(percentile(cpu_times, 99))})")
    print(f"  snapshot (JSON, after every move) max {max(sizes)} bytes, "
          f"mean {statistics.mean(sizes):.0f}")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_service(workers: int = 2, **extra: str):
    """A real gunicorn server and `pbem worker` (`workers` turn workers and a mail
    worker) on this machine's Redis (`extra`: more environment, e.g. STATE_REDIS_URL)."""
    # all the bench's clients are 127.0.0.1: the rate limits are counted (their cost is
    # measured) at a height they never reach, unless the environment sets them
    high = {name: "1000000 per minute" for name in limits.DEFAULTS if "LIMIT" in name}
    env = {**high, **os.environ, "REDIS_URL": redis_url(), **extra}
    port = free_port()
    # each in a process group of its own (start_new_session), which stop() ends whole:
    # gunicorn's and rq's worker processes too
    procs = [subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", str(port),
                               "--workers", "2", "--threads", "16"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True),
             subprocess.Popen([sys.executable, "-m", "service.cli", "worker", "--turns",
                               str(workers)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)]
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(base)
        yield base
    finally:
        stop(procs)


STOP_GRACE = 10.0        # seconds SIGTERM has before SIGKILL (stop)


def stop(procs: list[subprocess.Popen]) -> None:
    """SIGTERM to each process's group, SIGKILL to the groups not gone STOP_GRACE
    seconds later: nothing the bench started is left running."""
    def signal_group(proc, sig) -> None:
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
    for proc in procs:
        signal_group(proc, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE
    for proc in procs:
        try:
            proc.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
        signal_group(proc, signal.SIGKILL)      # the group's children, if the leader went
        proc.wait()


# A loaded 2-core machine was measured to need more than 30 s to start gunicorn and
# answer (issue 18, `bench api --cluster`): the bench waits this long.
HEALTH_TIMEOUT = 120.0


def wait_until_healthy(base: str, timeout: float = HEALTH_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if requests.get(base + "/v1/health", timeout=1).ok:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{base} did not answer /v1/health within {timeout} s")


class Player:
    """Plays one game over HTTP with random legal moves, starting a new one at the end."""

    def __init__(self, base: str, game, seed: int):
        self.base, self.game, self.rng = base, game, random.Random(seed)
        self.http = requests.Session()
        self.latencies: list[float] = []
        self.new_game()

    def new_game(self) -> None:
        players = [{"name": f"p{i}"} for i in range(self.game.min_seats)]
        created = self.http.post(f"{self.base}/v1/games", json={
            "game": self.game.id, "players": players, "seed": self.rng.randrange(2**31)}).json()
        self.id, self.tokens = created["id"], [s["token"] for s in created["seats"]]
        self.to_act = self.http.get(f"{self.base}/v1/games/{self.id}").json()["to_act"]

    def turn(self) -> float:
        """One applied turn, as a client that plays every seat would: the legal moves of
        the seat to act, then the turn; whose turn it is next comes with the applied
        turn. Returns the submit-to-applied latency in seconds (kept in `latencies`)."""
        auth = {"Authorization": f"Bearer {self.tokens[self.to_act[0]]}"}
        moves = self.http.get(f"{self.base}/v1/games/{self.id}/legal-moves", headers=auth).json()
        body = {"expected_version": moves["version"], "moves": [self.rng.choice(moves["moves"])]}
        started = time.perf_counter()
        answer = self.http.post(f"{self.base}/v1/games/{self.id}/turns?wait=30", json=body,
                                headers=auth)
        latency = time.perf_counter() - started
        turn = answer.json()
        if turn.get("status") != "applied":
            raise RuntimeError(f"turn not applied: {answer.status_code} {answer.text}")
        self.latencies.append(latency)
        if turn["game_status"] == "finished":
            self.new_game()
        else:
            self.to_act = turn["to_act"]
        return latency


def submit_to_applied(base: str, chosen, turns: int, clients: int, seconds: float
                      ) -> tuple[list[float], list[float], int, float]:
    """(latencies of `turns` turns of one client, latencies with `clients` at once for
    `seconds`, turns applied then, the seconds it took)."""
    player = Player(base, chosen, 0)
    alone = [player.turn() for _ in range(turns)]
    players = []

    def make(i: int) -> Player:
        players.append(Player(base, chosen, i + 1))
        return players[-1]
    applied, elapsed = concurrently(clients, seconds, make, lambda p: p.turn())
    return alone, [t for p in players for t in p.latencies], applied, elapsed


def api(game: str | None, turns: int, clients: int, seconds: float, workers: int = 2,
        cluster: bool = False) -> None:
    """Submit->applied latency, alone and with `clients` at once; turns/s through the
    queue against the bare /v1/health rate and rq's own empty-job rate with as many
    workers (issue 10 targets: p99 < 50 ms with 8 clients, turns/s >= 60 % of rq's).
    `cluster`: the latencies again with the game state on a local three-master Redis
    Cluster (issue 18), printed beside these."""
    chosen = pick_game(game)
    with running_service(workers) as base:
        alone, together, applied, elapsed = submit_to_applied(base, chosen, turns, clients,
                                                              seconds)
        health, health_elapsed = concurrently(clients, seconds, lambda i: requests.Session(),
                                              lambda s: s.get(base + "/v1/health").ok)
    on_cluster = cluster and on_local_cluster(chosen, turns, clients, seconds, workers)
    empty_per_s = empty_jobs(workers)
    queued_per_s = queued_turns(chosen, workers)
    turns_per_s, health_per_s = applied / elapsed, health / health_elapsed
    print(f"bench api ({chosen.id}; gunicorn 2x16 threads, pbem worker with {workers} turn "
          f"workers, Redis {redis_url()})")
    print(f"  submit->applied, 1 client, {turns} turns: p50 {ms(percentile(alone, 50))}  "
          f"p99 {ms(percentile(alone, 99))}")
    print(f"  submit->applied, {clients} clients, {len(together)} turns: "
          f"p50 {ms(percentile(together, 50))}  p99 {ms(percentile(together, 99))}")
    if on_cluster:
        c_alone, c_together, c_applied, c_elapsed = on_cluster
        print("  the same with the game state on a local 3-master Redis Cluster (queues on "
              "the Redis above), p99 ceiling 50 ms:")
        for name, single, clustered in (("1 client", alone, c_alone),
                                        (f"{clients} clients", together, c_together)):
            print(f"    submit->applied, {name}: single Redis p50 {ms(percentile(single, 50))} "
                  f"p99 {ms(percentile(single, 99))} | cluster p50 "
                  f"{ms(percentile(clustered, 50))} p99 {ms(percentile(clustered, 99))} "
                  f"({'within' if percentile(clustered, 99) < 0.050 else 'OVER'})")
        print(f"    turns applied/s, {clients} clients: single Redis {turns_per_s:.1f} | "
              f"cluster {c_applied / c_elapsed:.1f}")
    print(f"  turns applied/s through the queue, {clients} clients: {turns_per_s:.1f}")
    print(f"  GET /v1/health requests/s, {clients} clients (ceiling): {health_per_s:.1f}")
    print(f"  rq empty jobs/s, {workers} workers (rq's own ceiling): {empty_per_s:.1f}")
    print(f"  turns resolved/s by {workers} workers alone (turns queued first): {queued_per_s:.1f}")
    print(f"  ratio turns/s : health/s = {turns_per_s / health_per_s:.3f}")
    print(f"  ratio turns/s : rq empty jobs/s = {turns_per_s / empty_per_s:.3f} "
          f"(workers alone: {queued_per_s / empty_per_s:.3f})")


def on_local_cluster(chosen, turns: int, clients: int, seconds: float, workers: int):
    """submit_to_applied with the game state on a three-master Redis Cluster started
    for it (service/local_cluster.py) and ended after."""
    from service.local_cluster import MASTERS, LocalCluster
    cluster = LocalCluster([free_port() for _ in range(2 * MASTERS)]).start()
    try:
        with running_service(workers, STATE_REDIS_URL=cluster.url) as base:
            return submit_to_applied(base, chosen, turns, clients, seconds)
    finally:
        cluster.stop()


def burst(queue_name: str, workers: int, count) -> float:
    """Jobs/s of a burst pool of `workers` workers of the kind `pbem worker` runs on the
    queue, `count()` telling how many jobs are left."""
    import redis

    from workers.pool import Pool
    before = count()
    started = time.perf_counter()
    Pool(redis.Redis.from_url(redis_url()), [queue_name] * workers).start(
        burst=True, logging_level="WARNING")
    return (before - count()) / (time.perf_counter() - started)


def queued_turns(game, workers: int, turns: int = 500) -> float:
    """Turns/s the workers resolve with no HTTP client in the way: one turn (the first
    legal move) queued in each of `turns` new games, then a burst pool on the turn queue."""
    import redis

    from service import play
    from service.store import Store
    from workers.queues import TURNS, enqueuer, queue
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
    import redis
    from rq import Queue

    name = f"bench-empty-{os.getpid()}"
    jobs_queue = Queue(name, connection=redis.Redis.from_url(redis_url()))
    jobs_queue.enqueue_many([Queue.prepare_data("os.getpid", result_ttl=60) for _ in range(jobs)])
    try:
        return burst(name, workers, lambda: jobs_queue.count)
    finally:
        jobs_queue.delete(delete_jobs=True)


def concurrently(clients: int, seconds: float, make, act) -> tuple[int, float]:
    """Runs act(make(i)) in a loop on `clients` threads for `seconds`; counts the acts."""
    counts, failures = [0] * clients, []
    stop = time.monotonic() + seconds

    def loop(i: int) -> None:
        subject = make(i)
        while time.monotonic() < stop:
            try:
                act(subject)
            except Exception as err:            # counted and shown, never silently lost
                failures.append(err)
                continue
            counts[i] += 1
    threads = [threading.Thread(target=loop, args=(i,)) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        print(f"  ({len(failures)} requests failed, first: {failures[0]})")
    return sum(counts), time.perf_counter() - started
