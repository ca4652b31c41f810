"""Where a mail job finds Redis and its queue: the running rq job's connection, else
REDIS_URL (service.connection)."""
from __future__ import annotations

from rq import Queue, get_current_job

from service.connection import redis_from_env
from workers.queues import MAIL
from workers.queues import queue as named_queue


def connection():
    job = get_current_job()
    return job.connection if job is not None else redis_from_env()


def queue(conn=None) -> Queue:
    return named_queue(conn if conn is not None else connection(), MAIL)
