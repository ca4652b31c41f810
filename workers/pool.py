"""What `pbem worker` runs (issue 10): rq's WorkerPool with turn workers and a mail
worker of their own, each on ONE queue (so rq moves a popped job to the queue's
intermediate list, where it is not lost with the connection), restarted by the pool
when they die, e.g. on a ConnectionError rq's work loop does not survive (its
`set_state` / `handle_job_failure` outside the dequeue's retry loop).

What rq lacks, kept small here:
- a worker waits for Redis with backoff before it starts (rather than the pool
  re-forking it every second through an outage);
- every process forked from `pbem worker` (pool children, rq's scheduler child) dies
  with its parent (PR_SET_PDEATHSIG): a `kill -9` of the parent leaves no orphan
  holding the scheduler lock;
- a short heartbeat (every liveness.heartbeat_every() seconds: a worker blocks on its
  queue that long between heartbeats) that /v1/ready reads, where rq's
  worker keys outlive their worker by up to 480 s;
- a scheduler lock whose holder stopped its heartbeat is broken, so the others take
  it over within LOCK_STALE_AFTER + MAINTENANCE_EVERY seconds instead of rq's 61 s
  lock lifetime plus its 10-minute maintenance pass;
- the owed-turn sweep, run by a turn worker every MAINTENANCE_EVERY seconds.
"""
from __future__ import annotations

import ctypes
import gc
import logging
import os
import signal
import socket
import sys
import time
from collections import Counter
from multiprocessing import get_context

import redis
from rq import SimpleWorker
from rq.exceptions import StopRequested
from rq.job import Job
from rq.queue import Queue
from rq.scheduler import RQScheduler
from rq.scripts import release_lock
from rq.timeouts import JobTimeoutException
from rq.utils import now
from rq.worker import WorkerStatus
from rq.worker_pool import WorkerPool, run_worker

from service.connection import redis_from_env, state_redis
from service.durability import report
from service.liveness import heartbeat_every, live_workers
from service.queues import MAIL, RESOLVE, RESOLVE_JOB, TURNS, WEBHOOKS, named_turn, retry_later
from workers import clock, resolve
from workers import webhooks as webhook_jobs

# The jobs' modules (and through them the engines and the mail), imported here, in the
# pool's parent, before it forks its workers: each child imported them at its first job,
# 1.2 s of CPU on the bench's loaded 2-core machine, the slow first turns of issue 32.
JOB_MODULES = (resolve, clock, webhook_jobs)

RQ_TTL_OVER_DEQUEUE = 15        # rq: dequeue timeout = worker_ttl - 15
BEAT_AT_MOST = 1.0              # seconds: rq's own heartbeats closer together than this are skipped
MAINTENANCE_EVERY = 10          # seconds between maintenance passes (rq's default: 600)
LOCK_STALE_AFTER = 10           # seconds without a scheduler heartbeat before its lock is broken
LOCK_TTL = 1 + 60               # rq's scheduler lock: interval (1 s) + 60
SWEEP_LOCK = "pbem:sweep"       # one sweep at a time across all workers
PR_SET_PDEATHSIG = 1
log = logging.getLogger(__name__)


def die_with_parent_after_fork() -> None:
    """Every process forked from here on (and from its children) gets SIGKILL when its
    parent dies (Linux). A parent already gone before the child asked: exit at once."""
    parent = [os.getpid()]
    libc = ctypes.CDLL(None, use_errno=True)

    def remember() -> None:
        parent[0] = os.getpid()

    def arm() -> None:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent[0]:
            os._exit(1)
    os.register_at_fork(before=remember, after_in_child=arm)


def wait_for_redis(conn: redis.Redis, most: float = 10.0) -> None:
    """Block until Redis answers PING (and has loaded its data), backing off to `most` s."""
    pause = 0.5
    while True:
        try:
            conn.ping()
            return
        except (redis.ConnectionError, redis.TimeoutError, redis.BusyLoadingError) as err:
            log.warning("Redis not answering (%s); retrying in %.1f s", err, pause)
            time.sleep(pause)
            pause = min(most, pause * 2)


def break_stale_scheduler_locks(conn: redis.Redis, queue_names) -> None:
    """Release (compare-and-delete, rq's own script) a scheduler lock its holder has
    not refreshed for LOCK_STALE_AFTER seconds: rq's scheduler refreshes it every
    second to LOCK_TTL, so a lower TTL left means its process is gone."""
    for name in queue_names:
        lock = RQScheduler.get_locking_key(name)
        holder, ttl = conn.get(lock), conn.ttl(lock)
        if holder is not None and 0 <= ttl < LOCK_TTL - LOCK_STALE_AFTER:
            if release_lock(conn, lock, holder.decode()):
                log.warning("scheduler lock for %s broken: holder %s is silent", name,
                            holder.decode())


class TurnQueue(Queue):
    """rq's queue, whose turn jobs are ids alone (service/queues.py, enqueuer: no hash to
    read back, HGETALL and unpickling): the id names the game and the turn
    (queues.named_turn), which is all the job takes. Through rq's private
    `_fetch_dequeued_job` (rq 3, pinned below 4 in pyproject.toml), the one step between
    rq's pop and its run of the job; any other job is fetched as rq does."""

    @classmethod
    def _fetch_dequeued_job(cls, connection, queue_key: str, job_id: str, job_class=None,
                            serializer=None, death_penalty_class=None):
        if not job_id.startswith(f"{RESOLVE_JOB}-"):
            return super()._fetch_dequeued_job(connection, queue_key, job_id, job_class,
                                               serializer, death_penalty_class)
        queue = cls.from_queue_key(queue_key, connection=connection,
                                   death_penalty_class=death_penalty_class)
        return Job.create(RESOLVE, args=named_turn(job_id), id=job_id, origin=queue.name,
                          connection=connection), queue


class LeanTurnJobs:
    """What a turn worker changes of rq's worker (issue 32): a turn's job taken off the
    queue by its id alone (TurnQueue) and run without rq's bookkeeping around it, and
    rq's heartbeats, suspension checks and state writes sent only when they say
    something new. Mixed in before rq's worker class (Worker below; the tests' burst
    worker)."""
    queue_class = TurnQueue

    def heartbeat(self, timeout: int | None = None, pipeline=None) -> None:
        """rq beats three times a job (before its dequeue, after it, after the job), three
        commands and round trips each: 9 of a turn's ~55 Redis commands (issue 32). One a
        second at most is kept (rq's own calls with a TTL or a pipeline are left alone):
        the worker's key lives heartbeat_every() + 75 s and /v1/ready reads a beat within
        liveness.alive_within() (at least 4 s)."""
        if timeout is None and pipeline is None and self.last_heartbeat is not None \
                and (now() - self.last_heartbeat).total_seconds() < BEAT_AT_MOST:
            return
        super().heartbeat(timeout, pipeline)

    def check_for_suspension(self, burst: bool) -> None:
        """rq looks whether `rq suspend` was run before each job, with a heartbeat, in a
        MULTI: six commands. Once a second at most (a suspension holds within a second)."""
        if time.monotonic() - getattr(self, "suspension_checked", -BEAT_AT_MOST) < BEAT_AT_MOST:
            return
        super().check_for_suspension(burst)
        self.suspension_checked = time.monotonic()

    def set_state(self, state: str, pipeline=None) -> None:
        """rq writes the worker's state before each dequeue; unchanged, it is not sent."""
        if pipeline is None and state == getattr(self, "_state", None):
            return
        super().set_state(state, pipeline)

    def execute_job(self, job: Job, queue: Queue) -> None:
        """A turn's job (its id alone), run without rq's bookkeeping (issue 32): rq's
        SimpleWorker spends about 50 Redis commands in 10 round trips on each job around
        the function (MONITOR of one turn: the execution's hash and sets, the started
        registry, the job's status and heartbeats, the worker's busy and idle states and
        counters, the dependents), where a turn's own work is about 12. A turn needs none
        of it: its job is idempotent (a second run finds it resolved), the turn stays
        owed in `turns:pending` until its jobs are done, and the sweeper gives a turn
        owed whose job is nowhere in place a new one (workers/resolve.py), so a worker
        killed mid-job loses nothing. Here: the function run with rq's current job set
        (the logs' ids) under rq's time limit, then the id taken off the intermediate
        list (one command). One that raises becomes an rq job of its own, due in a
        second (queues.retry_later), which rq runs on its path: its retries, its failed
        registry. Any other job: rq's own path. (A turn's job queued with a hash by a
        version before this one runs so too; its hash is left.)

        The worker counts as busy during the turn (in this process; rq's state in Redis
        is not written): a stop signal (SIGTERM, or SIGINT from rq's pool) then lets the
        turn finish and stops the worker after it, rq's warm shutdown. A worker rq
        believes idle is stopped by an exception raised wherever the signal lands; in a
        turn's job that became the job's failure: a retry owed, the stop request lost,
        the worker running on and rq's pool waiting for it for ever (CI, session 9)."""
        if not job.id.startswith(f"{RESOLVE_JOB}-") or queue.name != TURNS:
            return super().execute_job(job, queue)
        self._state = WorkerStatus.BUSY     # in this process only (the last paragraph above)
        try:
            with self.death_penalty_class(job.timeout or Queue.DEFAULT_TIMEOUT, JobTimeoutException,
                                          job_id=job.id):
                job.perform()
        except Exception:
            log.warning("turn job %s failed; handed to rq's retries", job.id, exc_info=True)
            retry_later(self.connection, *named_turn(job.id))
        finally:
            self._state = WorkerStatus.IDLE
        self.connection.lrem(queue.intermediate_queue_key, 1, job.id)


class Worker(LeanTurnJobs, SimpleWorker):
    """rq's SimpleWorker (jobs are pure and short: no fork per job) with a short
    heartbeat, frequent maintenance, scheduler takeover and, on the turn queue, the
    owed-turn sweep."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("worker_ttl", heartbeat_every() + RQ_TTL_OVER_DEQUEUE)
        kwargs.setdefault("maintenance_interval", MAINTENANCE_EVERY)
        super().__init__(*args, **kwargs)

    def run_maintenance_tasks(self) -> None:
        break_stale_scheduler_locks(self.connection, self.queue_names())
        super().run_maintenance_tasks()
        self.sweep()

    def sweep(self) -> None:
        """Turns whose jobs are lost (the turn worker), clocks and mail (the mail worker);
        one worker at a time. A failure is logged and tried again next pass."""
        kind = self.queue_names()[0]
        if kind not in (TURNS, MAIL) or not self.connection.set(
                f"{SWEEP_LOCK}:{kind}", self.name, nx=True, ex=MAINTENANCE_EVERY - 1):
            return
        try:
            if kind == TURNS:
                resolve.sweep(self.connection)
            else:
                clock.sweep()
        except StopRequested:       # a stop signal while idle (rq's warm shutdown): not a failure
            raise
        except Exception:
            log.exception("sweep of %s failed", kind)


def run_on_queue(name: str, queue_name: str, connection_class, pool_class, pool_kwargs,
                 **kwargs) -> None:
    """A pool child: wait for Redis with backoff, then rq's own run_worker (its queues
    TurnQueues, as LeanTurnJobs takes them). What the
    parent imported lives as long as the child: frozen out of the garbage collector's
    full collections (service/wsgi.py says why)."""
    gc.freeze()
    wait_for_redis(connection_class(connection_pool=redis.ConnectionPool(
        connection_class=pool_class, **pool_kwargs)))
    run_worker(name, [queue_name], connection_class, pool_class, pool_kwargs,
               queue_class=TurnQueue, **kwargs)


class Pool(WorkerPool):
    """rq's WorkerPool whose children each listen on one queue of `layout` (e.g.
    [turns, turns, mail]); a dead child is replaced by one on the same queue."""

    def __init__(self, connection: redis.Redis, layout: list[str]):
        super().__init__(sorted(set(layout)), connection, num_workers=len(layout),
                         worker_class=Worker)
        self.layout = layout
        self.queue_of: dict[str, str] = {}

    def missing(self) -> list[str]:
        return list((Counter(self.layout) - Counter(self.queue_of.values())).elements())

    def handle_dead_worker(self, worker_data) -> None:
        super().handle_dead_worker(worker_data)
        self.queue_of.pop(worker_data.name, None)

    def get_worker_process(self, name: str, burst: bool, _sleep: float = 0,
                           logging_level: str = "INFO"):
        queue_name = self.missing()[0]
        self.queue_of[name] = queue_name
        return get_context("fork").Process(
            target=run_on_queue,
            args=(name, queue_name, self._connection_class, self._pool_class, self._pool_kwargs),
            kwargs={"burst": burst, "logging_level": logging_level, "_sleep": _sleep,
                    "worker_class": self.worker_class},
            name=f"Worker {name} on {queue_name} (WorkerPool {self.name})")


def layout(turn_workers: int, mail_workers: int, webhook_workers: int = 1) -> list[str]:
    return [TURNS] * turn_workers + [MAIL] * mail_workers + [WEBHOOKS] * webhook_workers


def run(turns: int, mail: int, webhooks: int, burst: bool = False) -> None:
    """`pbem worker`: --turns workers on the turn queue, --mail on the mail queue and
    --webhooks delivering webhooks, each restarted when it dies (a Redis outage
    included), with rq's scheduler and the sweeps of lost jobs; every child dies with
    this process."""
    try:
        heartbeat_every()               # a bad PBEM_WORKER_HEARTBEAT ends it here, not in each child
    except ValueError as err:
        sys.exit(f"pbem worker: {err}")
    report(redis_from_env(), state_redis(redis_from_env()))
    die_with_parent_after_fork()
    Pool(redis_from_env(), layout(turns, mail, webhooks)).start(burst=burst)


def alive_here() -> bool:
    """`pbem worker --check`, a probe: whether a worker of this host sent a heartbeat lately."""
    return live_workers(redis_from_env(), socket.gethostname())
