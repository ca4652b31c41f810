"""Which rq workers are alive, by the age of their last heartbeat (issue 10). rq's
worker keys outlive a killed worker by up to worker_ttl + 60 s (480 s by default), so
their existence proves nothing; our workers beat every few seconds (workers/pool.py)."""
from __future__ import annotations

import os
from collections import Counter

import redis
from rq import Worker
from rq.utils import now, utcparse

HEARTBEAT_ENV = "PBEM_WORKER_HEARTBEAT"
HEARTBEAT = 5           # seconds between a worker's heartbeats, by default
HEARTBEAT_BOUNDS = (1, 60)
MISSED_BEATS = 4        # a worker whose last heartbeat is older than this many is taken for dead


def heartbeat_every() -> int:
    """Seconds between a worker's heartbeats: PBEM_WORKER_HEARTBEAT, whole seconds from
    1 to 60, else 5 (the API and the workers of one deployment read the same value; the
    e2e tests that are not about liveness shorten it)."""
    value = os.environ.get(HEARTBEAT_ENV, "")
    if not value:
        return HEARTBEAT
    low, high = HEARTBEAT_BOUNDS
    if not value.isdigit() or not low <= int(value) <= high:
        raise ValueError(f"{HEARTBEAT_ENV} must be a whole number of seconds from {low} to {high}, "
                         f"not {value!r}")
    return int(value)


def alive_within() -> float:
    """Seconds: a worker whose last heartbeat is older is taken for dead (20 by default)."""
    return float(MISSED_BEATS * heartbeat_every())


def heartbeat_age(raw: bytes | None) -> float:
    """Seconds since an rq heartbeat timestamp (infinite when there is none)."""
    if not raw:
        return float("inf")
    return (now() - utcparse(raw.decode())).total_seconds()


def worker_alive(conn: redis.Redis, name: str) -> bool:
    return heartbeat_age(conn.hget(Worker.redis_worker_namespace_prefix + name,
                                   "last_heartbeat")) < alive_within()


def live_workers(conn: redis.Redis, hostname: str | None = None) -> Counter:
    """Queue name -> number of workers on it (on `hostname` only, if given) that sent a
    heartbeat within alive_within() s."""
    alive, within = Counter(), alive_within()
    for worker in Worker.all(connection=conn):
        if hostname is not None and worker.hostname != hostname:
            continue
        if worker.last_heartbeat and (now() - worker.last_heartbeat).total_seconds() < within:
            alive.update(worker.queue_names())
    return alive
