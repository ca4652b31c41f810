"""Which rq workers are alive, by the age of their last heartbeat (issue 10). rq's
worker keys outlive a killed worker by up to worker_ttl + 60 s (480 s by default), so
their existence proves nothing; our workers beat every few seconds (workers/pool.py)."""
from __future__ import annotations

from collections import Counter

import redis
from rq import Worker
from rq.utils import now, utcparse

ALIVE_WITHIN = 20.0     # seconds: a worker whose last heartbeat is older is taken for dead


def heartbeat_age(raw: bytes | None) -> float:
    """Seconds since an rq heartbeat timestamp (infinite when there is none)."""
    if not raw:
        return float("inf")
    return (now() - utcparse(raw.decode())).total_seconds()


def worker_alive(conn: redis.Redis, name: str) -> bool:
    return heartbeat_age(conn.hget(Worker.redis_worker_namespace_prefix + name,
                                   "last_heartbeat")) < ALIVE_WITHIN


def live_workers(conn: redis.Redis, hostname: str | None = None) -> Counter:
    """Queue name -> number of workers on it (on `hostname` only, if given) that sent a
    heartbeat within ALIVE_WITHIN s."""
    alive = Counter()
    for worker in Worker.all(connection=conn):
        if hostname is not None and worker.hostname != hostname:
            continue
        if worker.last_heartbeat and (now() - worker.last_heartbeat).total_seconds() < ALIVE_WITHIN:
            alive.update(worker.queue_names())
    return alive
