"""The rq queues and how jobs are put on them (deterministic ids, retries)."""
from __future__ import annotations

import redis
from rq import Queue, Retry

TURNS = "turns"
MAIL = "mail"
RETRY = Retry(max=5, interval=[1, 2, 5, 15, 60])


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
        if turn_id_waiting(turns, job_id):
            return
        turns.enqueue("workers.resolve.resolve_turn", game_id, turn_id, job_id=job_id,
                      retry=RETRY, result_ttl=60, failure_ttl=7 * 24 * 3600)
    return enqueue


def turn_id_waiting(turns: Queue, job_id: str) -> bool:
    status = turns.fetch_job(job_id)
    return status is not None and status.get_status(refresh=False) in ("queued", "scheduled")
