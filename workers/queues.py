"""The rq queues and how jobs are put on them (deterministic ids, retries)."""
from __future__ import annotations

import redis
from rq import Callback, Queue, Retry, get_current_job

from service.connection import redis_from_env

TURNS = "turns"
MAIL = "mail"
RETRY = Retry(max=5, interval=[1, 2, 5, 15, 60])


def job_connection() -> redis.Redis:
    """The running rq job's connection, else REDIS_URL's."""
    job = get_current_job()
    return job.connection if job is not None else redis_from_env()


def queue(conn: redis.Redis, name: str = TURNS) -> Queue:
    return Queue(name, connection=conn)


def resolve_job_id(game_id: str, turn_id: str) -> str:
    return f"resolve-{game_id}-{turn_id}"


def enqueuer(conn: redis.Redis):
    """enqueue(game_id, turn_id): put the turn's resolve job on the queue; a job
    with the same id that is still waiting is not duplicated."""
    turns = queue(conn)

    def enqueue(game_id: str, turn_id: str) -> None:
        job_id = resolve_job_id(game_id, turn_id)
        if job_waiting(turns, job_id):
            return
        turns.enqueue("workers.resolve.resolve_turn", game_id, turn_id, job_id=job_id,
                      retry=RETRY, result_ttl=0, failure_ttl=7 * 24 * 3600)
    return enqueue


def job_waiting(jobs: Queue, job_id: str) -> bool:
    status = jobs.fetch_job(job_id)
    return status is not None and status.get_status(refresh=False) in ("queued", "scheduled")


def notify(conn: redis.Redis, job: str, *ids: str, on_success: str | None = None) -> None:
    """Put a workers.notify job (e-mail to the seats concerned) on the mail queue,
    under an id made of its arguments, so owing it twice queues it once;
    `on_success` names a function rq calls when the job has succeeded."""
    job_id = "-".join((job, *ids))
    mail = queue(conn, MAIL)
    if not job_waiting(mail, job_id):
        mail.enqueue(f"workers.notify.{job}", *ids, job_id=job_id, retry=RETRY,
                     result_ttl=60, failure_ttl=7 * 24 * 3600,
                     on_success=Callback(on_success) if on_success else None)
