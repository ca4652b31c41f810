"""The rq queues and how jobs are put on them (deterministic ids, retries)."""
from __future__ import annotations

import threading
import uuid
from datetime import timedelta

import redis
from rq import Callback, Queue, Retry, get_current_job
from rq.executions import Execution
from rq.job import Job
from rq.registry import ScheduledJobRegistry, StartedJobRegistry
from rq.utils import parse_composite_key

from service.connection import redis_from_env
from service.liveness import worker_alive

TURNS = "turns"
MAIL = "mail"
WEBHOOKS = "webhooks"      # service/webhooks.py
RETRY = Retry(max=5, interval=[1, 2, 5, 15, 60])
# A turn's resolve job: retried, no result kept (its outcome is the turn's record), a
# failure kept a week for the maintainers
TURN_JOB = {"retry": RETRY, "result_ttl": 0, "failure_ttl": 7 * 24 * 3600}
RESOLVE = "workers.resolve.resolve_turn"
RESOLVE_JOB = "resolve"     # a turn's job: its id alone, no hash (enqueuer)
RETRY_JOB = "retry"         # a turn's job that failed, rq's own (retry_later)


def job_connection() -> redis.Redis:
    """The running rq job's connection, else REDIS_URL's."""
    job = get_current_job()
    return job.connection if job is not None else redis_from_env()


def queue(conn: redis.Redis, name: str = TURNS) -> Queue:
    return Queue(name, connection=conn)


def resolve_job_id(game_id: str, turn_id: str) -> str:
    return f"{RESOLVE_JOB}-{game_id}-{turn_id}"


def named_turn(job_id: str) -> tuple[str, str]:
    """(game, turn) a job id "<job>-<game>-<turn>[-<fresh>]" names."""
    game_id, turn_id = job_id.split("-")[1:3]
    return game_id, turn_id


def fresh(job_id: str) -> str:
    """Another id for a job whose first one may be stuck (a stale hash, a lost pop):
    it keeps the id's "<job>-<game>-<turn>" head, which `owed_in_place` reads."""
    return f"{job_id}-{uuid.uuid4().hex[:8]}"


def enqueuer(conn: redis.Redis, lost: bool = False):
    """enqueue(game_id, turn_id, again=False): put the turn's resolve job on the turn
    queue. A turn's job is its id alone, "resolve-<game>-<turn>", pushed on rq's list (one
    RPUSH): no job hash, which the turn worker does not read (workers/pool.py,
    TurnQueue). `again` (a submission repeated with its Idempotency-Key): not pushed while
    the id waits in the list (LPOS). `lost`: the sweeper found no job of the turn in
    place; a new one under a fresh id.

    rq's own enqueue (its unique enqueue: one script saving the job's hash and pushing
    its id, 4 Redis commands, and the hash's pickled call built and written by the API's
    process), which a turn's job went in with until issue 32, lost to this: rq's worker
    runs no job without its hash, and the turn worker needs none (a turn's job is
    idempotent, owed in turns:pending and swept; one that fails becomes an rq job of its
    own, retry_later)."""
    turns = queue(conn)

    def enqueue(game_id: str, turn_id: str, again: bool = False) -> None:
        job_id = resolve_job_id(game_id, turn_id)
        if lost:
            job_id = fresh(job_id)
        elif again and conn.lpos(turns.key, job_id) is not None:
            return
        conn.rpush(turns.key, job_id)
    return enqueue


def retry_later(conn: redis.Redis, game_id: str, turn_id: str) -> None:
    """A turn whose resolve job failed in the turn worker: an rq job of its own
    ("retry-<game>-<turn>-<fresh>", with its hash), due after RETRY's first interval,
    which rq's worker runs on its own path: its retries, and a failure kept a week."""
    queue(conn).enqueue_in(timedelta(seconds=RETRY.intervals[0]), RESOLVE, game_id, turn_id,
                           job_id=fresh(f"{RETRY_JOB}-{game_id}-{turn_id}"), **TURN_JOB)


# The queues this process has seen registered in rq's set of queues (a lock: threads)
REGISTERED: set[tuple[int, str]] = set()
REGISTERING = threading.Lock()


def put_unique(jobs: Queue, function: str, *args, job_id: str) -> None:
    """A job enqueued unless its id exists (rq's unique enqueue, one script;
    DuplicateJobError if it does), as a turn's was until issue 32 (`pbem bench api`'s
    rq empty jobs, the floor, go in so). rq also adds the queue to its set of queues
    (`rq:queues`, read only by Queue.all and `rq info`) on each enqueue, in a MULTI of its
    own: a round trip and three of the enqueue's seven commands (issue 32). Once per process and
    queue is enough: after the first, that SADD goes to a pipeline never sent."""
    seen = (id(jobs.connection.connection_pool), jobs.name)
    with REGISTERING:
        first = seen not in REGISTERED
        REGISTERED.add(seen)
    jobs.enqueue(function, *args, job_id=job_id, unique=True,
                 pipeline=None if first else jobs.connection.pipeline(), **TURN_JOB)


def job_waiting(jobs: Queue, job_id: str) -> bool:
    status = jobs.fetch_job(job_id)
    return status is not None and status.get_status(refresh=False) in ("queued", "scheduled")


def in_place(conn: redis.Redis, name: str) -> tuple[set[str], set[str]]:
    """Ids of the queue's jobs that will run or are running, by where they really are,
    whatever their hashes say: (waiting in the queue's list, in its scheduled registry
    (a retry waiting) or in its started registry under a worker that is alive). A job
    popped into the intermediate list and never started, or started by a dead worker,
    is not."""
    jobs = queue(conn, name)
    started = StartedJobRegistry(name, connection=conn)
    pipe = conn.pipeline(transaction=False)
    pipe.lrange(jobs.key, 0, -1)
    pipe.zrange(ScheduledJobRegistry(name, connection=conn).key, 0, -1)
    pipe.zrange(started.key, 0, -1)
    waiting, scheduled, running = pipe.execute()
    ids = {raw.decode() for raw in scheduled}
    for raw in running:
        job_id, execution_id = parse_composite_key(raw.decode())
        worker = conn.hget(Execution(execution_id, job_id, conn).key, "worker_name")
        if worker and worker_alive(conn, worker.decode()):
            ids.add(job_id)
    return {raw.decode() for raw in waiting}, ids


def owed_in_place(conn: redis.Redis, name: str, jobs: tuple[str, ...],
                  owed: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """Which of the `owed` (game, turn) have a job of one of `jobs`
    ("<job>-<game>-<turn>[-<fresh>]") in place on the queue: a turn's job waiting
    (RESOLVE_JOB, which has no hash), or another with its hash still there (rq runs no
    job without one)."""
    waiting, elsewhere = in_place(conn, name)
    found, hashless = {}, set()
    for ident in waiting | elsewhere:
        if ident.startswith(tuple(f"{job}-" for job in jobs)) and (parts := named_turn(ident)) in owed:
            if ident in waiting and ident.startswith(f"{RESOLVE_JOB}-"):
                hashless.add(parts)
            else:
                found[ident] = parts
    pipe = conn.pipeline(transaction=False)
    for ident in found:
        pipe.exists(Job.key_for(ident))
    return hashless | {parts for parts, exists in zip(found.values(), pipe.execute()) if exists}


def notify(conn: redis.Redis, job: str, *ids: str, on_success: str | None = None,
           lost: bool = False, unnamed: tuple[str, ...] = ()) -> None:
    """Put a workers.notify job (e-mail to the seats concerned) on the mail queue,
    under an id made of its arguments, so owing it twice queues it once (`unnamed`:
    arguments after them left out of the id, such as an address, which rq's ids do not
    take); `on_success` names a function rq calls when the job has succeeded. `lost`: no
    job of it is in place (the sweeper looked); a new one under a fresh id."""
    job_id = "-".join((job, *ids))
    mail = queue(conn, MAIL)
    if lost:
        job_id = fresh(job_id)
    if lost or not job_waiting(mail, job_id):
        mail.enqueue(f"workers.notify.{job}", *ids, *unnamed, job_id=job_id, retry=RETRY,
                     result_ttl=60, failure_ttl=7 * 24 * 3600,
                     on_success=Callback(on_success) if on_success else None)
