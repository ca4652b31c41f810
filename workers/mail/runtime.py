"""Where a mail job finds Redis and its queue: the running rq job's connection, else
REDIS_URL (service.connection)."""
from __future__ import annotations

from rq import Queue

from service.queues import MAIL, job_connection as connection, queue as named_queue


def queue(conn=None) -> Queue:
    return named_queue(conn if conn is not None else connection(), MAIL)
