"""Where a mail job finds Redis and its queue: the running rq job's connection, else
REDIS_URL (service.connection); and how a mail job is retried."""
from __future__ import annotations

from rq import Queue, Retry

from service.queues import MAIL, job_connection as connection, queue as named_queue

BACKOFF = Retry(max=6, interval=[10, 60, 300, 900, 3600, 3600])


def queue(conn=None) -> Queue:
    return named_queue(conn if conn is not None else connection(), MAIL)
