"""`pbem bench api`'s CPU (issue 32): what a turn costs every process involved, and the
floor it is compared with, measured in the same run: the CPU of the parts no turn can
avoid, each as the CPU of every process it takes, Redis included (its own count, INFO
cpu): a bare request through the same server, an rq job that does nothing (enqueued with
rq's unique enqueue, as a turn's was before issue 32 made a turn's job its id alone and
ran it without rq's bookkeeping: the floor keeps rq's job, the issue's definition), and
the engine's legal-move listing and apply over the very positions the bench's turns were
played in."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass

import redis
from rq import Queue

from service import play
from service.queues import put_unique
from service.store import Store
from service.taken_back import in_effect

# Issue 32's targets
TARGET_CPU = 0.008          # CPU per turn, the API's and the workers' processes
TARGET_COMMANDS = 20        # Redis commands per turn
TARGET_MULTIPLE = 1.3       # a turn's CPU (every process, Redis included) against the floor
TARGET_FIRST_P99 = 0.030    # 1 client's p99, from the first turn after start


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


def redis_servers(url: str, state_url: str | None = None) -> list[redis.Redis]:
    """REDIS_URL's server and, for a Redis Cluster's state, each of its masters."""
    servers = [redis.Redis.from_url(url)]
    if state_url:
        cluster = redis.RedisCluster.from_url(state_url)
        servers += [redis.Redis(host=node.host, port=node.port)
                    for node in cluster.get_primaries()]
        cluster.close()
    return servers


@dataclass
class Sample:
    commands: int
    trees: tuple[float, ...]    # CPU s of each measured process tree
    own: float                  # this process: the bench's clients or enqueuer
    reaped: float               # this process's children waited for (a burst pool)
    redis: float                # the Redis servers' own CPU s


class Meter:
    """CPU seconds of every process of a measure (process trees by pid, this process, its
    reaped children, the Redis servers) and Redis commands, between start() and stop()."""

    def __init__(self, servers: list[redis.Redis], *pids: int):
        self.servers, self.pids = servers, pids

    def sample(self) -> Sample:
        commands = cpu = 0
        for server in self.servers:
            info = server.info()
            commands += info["total_commands_processed"]
            cpu += info["used_cpu_user"] + info["used_cpu_sys"]
        times = os.times()
        return Sample(commands, tuple(tree_cpu(pid) for pid in self.pids),
                      times.user + times.system, times.children_user + times.children_system,
                      cpu)

    def start(self) -> None:
        self.before = self.sample()

    def stop(self, count: int) -> Spent:
        after, count = self.sample(), max(count, 1)
        b = self.before
        return Spent(count, (after.commands - b.commands) / count,
                     tuple((a - s) / count for a, s in zip(after.trees, b.trees)),
                     (after.own - b.own + after.reaped - b.reaped) / count,
                     (after.redis - b.redis) / count)


@dataclass
class Spent:
    """Per unit measured (a turn, a request, a job): Redis commands and CPU seconds."""
    count: int
    commands: float
    trees: tuple[float, ...]
    own: float
    redis: float

    @property
    def total(self) -> float:
        return sum(self.trees) + self.own + self.redis


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def empty_jobs(servers: list[redis.Redis], burst, jobs: int = 1000) -> tuple[float, Spent]:
    """rq itself: `jobs` jobs that do nothing (os.getpid), each enqueued alone with rq's
    unique enqueue (put_unique), then done by a burst pool (burst(queue name, count()),
    forked from this process): (jobs/s of the pool, the CPU of each job: enqueue,
    worker, Redis)."""
    name = f"bench-empty-{os.getpid()}"
    jobs_queue = Queue(name, connection=servers[0])
    meter = Meter(servers)
    meter.start()
    try:
        for number in range(jobs):
            put_unique(jobs_queue, "os.getpid", job_id=f"empty-{os.getpid()}-{number}")
        rate = burst(name, lambda: jobs_queue.count)
        return rate, meter.stop(jobs)
    finally:
        jobs_queue.delete(delete_jobs=True)


def engine_cpu(store: Store, game_ids: list[str]) -> tuple[float, float, int]:
    """(CPU s of one legal-move listing, of one apply, moves timed): the engine's, at
    every position of the bench's games, replayed from their logs over the moves that
    stand (a take-back's and those it took back skipped) as they were played."""
    listing = applying = 0.0
    moves = 0
    for game_id in game_ids:
        game = play.load_game(store, game_id)
        record, engine = game.record, game.type.engine
        state = engine.setup(record.options, len(record.seats), record.seed)
        for entry in in_effect(store.log(game_id)):    # a take-back's moves: not replayed
            started = time.thread_time()
            engine.legal_moves(state, entry["seat"])
            listed = time.thread_time()
            state, _ = engine.apply(state, entry["seat"], entry["move"])
            applied = time.thread_time()
            listing, applying, moves = listing + listed - started, applying + applied - listed, \
                moves + 1
    return listing / max(moves, 1), applying / max(moves, 1), moves


@dataclass
class Floor:
    request: Spent          # a bare GET /v1/health: client, server, Redis
    job: Spent              # an empty rq job: enqueue, worker, Redis
    listing: float
    apply: float

    @property
    def total(self) -> float:
        """What a turn cannot avoid: its two requests (the legal moves, then the turn), a
        job, a listing and an apply."""
        return 2 * self.request.total + self.job.total + self.listing + self.apply


def report(turn: Spent, floor: Floor, alone_p99: float, met) -> None:
    """The CPU lines of `pbem bench api` (issue 32), each target beside its figure."""
    api, workers = turn.trees
    service = api + workers
    print(f"  CPU per turn (API {ms(api)} + workers {ms(workers)}): {ms(service)} (target <= "
          f"{ms(TARGET_CPU)}: {met(service <= TARGET_CPU)}); bench clients {ms(turn.own)}, "
          f"Redis {ms(turn.redis)}; every process {ms(turn.total)}")
    print(f"  Redis commands per turn: {turn.commands:.1f} (target <= {TARGET_COMMANDS}: "
          f"{met(turn.commands <= TARGET_COMMANDS)})")
    print("  the floor, measured in this run (CPU of every process involved, Redis included):")
    print(f"    bare GET /v1/health through the same server: {ms(floor.request.total)} "
          f"(client {ms(floor.request.own)}, server {ms(sum(floor.request.trees))}, Redis "
          f"{ms(floor.request.redis)}; {floor.request.commands:.1f} Redis commands)")
    print(f"    rq empty job (rq's unique enqueue): {ms(floor.job.total)} (enqueue and worker "
          f"{ms(floor.job.own)}, Redis {ms(floor.job.redis)}; {floor.job.commands:.1f} "
          f"Redis commands)")
    print(f"    engine legal-move listing {ms(floor.listing)}, apply {ms(floor.apply)} "
          f"(the same games' positions)")
    multiple = turn.total / floor.total
    once = floor.total - floor.request.total
    print(f"    floor of a turn (two requests, a job, a listing, an apply): {ms(floor.total)}; "
          f"the turn's {ms(turn.total)} is {multiple:.2f}x (target <= {TARGET_MULTIPLE}x: "
          f"{met(multiple <= TARGET_MULTIPLE)}); with the request counted once: {ms(once)}, "
          f"{turn.total / once:.2f}x")
    print(f"  1 client p99 from the first turn after start: {ms(alone_p99)} (target < "
          f"{ms(TARGET_FIRST_P99)}: {met(alone_p99 < TARGET_FIRST_P99)})")
