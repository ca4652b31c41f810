"""Room to wait (issue 25): how many requests of this process may be held open, in all
and per client, so that waiting never starves answering.

Three kinds of request are held open: a long poll (`GET /v1/games/{id}?after_version=N
&wait=S`), a turn submitted with `?wait=S`, and an event stream. Under `pbem serve`
(gunicorn's gthread workers) the first two hold one of the process's THREADS each; 20
anonymous long polls once took all 16 threads of two workers and `/v1/health` waited
30 s. So the held requests of a process get at most half its threads, and one client at
most a quarter of those (the rest of the room is then left to at least three other
clients). With `pbem serve`'s default 8 threads a process holds 4 waits, 1 per client;
the other 4 threads always answer health, turns and reads at once.

An event stream under `pbem serve` holds no thread (service/api/hall.py: it is handed to
the process's hall once its first bytes are out), only a socket: the streams of a
process are bounded by its file descriptors, half of them (the rest for gunicorn's
connections and Redis) and HALL_MOST at most, and a client to an eighth of those (512
and 64 with the usual 1024 files). Under `pbem streams` (gevent) a request costs a
greenlet: waits and streams together get three quarters of the worker's --connections
(so a quarter always answers: 1500 of 2000), a client an eighth of them (187). Under `pbem dev` (a thread per
request, no pool) DEV_THREADS stands for the pool.

Beyond its room a long poll or a stream is refused: 429 when the client holds its share
(other clients still get in), 503 when the process is full, both with Retry-After; a
turn submitted with `?wait` is taken all the same and answered 202 at once (the turn is
stored: refusing it would make the client send it again).
Counted per process, in memory: a count in Redis would cost a round trip per held
request, and what is bounded (threads, sockets) is the process's own. A client is whom
the rate limits count (limits.client: a valid credential's holder, else the address).
"""
from __future__ import annotations

import os
import resource
import threading
from collections import Counter
from contextlib import contextmanager

from flask import current_app
from prometheus_client import Gauge

from service import limits, problems
from service.api import hall

HALL_MOST = 4096            # streams a hall holds at most, whatever the file limit
DEV_THREADS = 64            # what a `pbem dev` server stands for (it starts a thread per request)
RETRY_AFTER = 5             # seconds: a long poll or a stream usually ends within that
HELD = Gauge("pbem_held_requests", "Requests held open now: waits (long polls, ?wait "
             "submissions; under gevent event streams too) and streams", ["kind"],
             multiprocess_mode="livesum")
WHAT = {"waits": "waiting requests (long polls, ?wait submissions, event streams on threads)",
        "streams": "event streams"}


class Full(problems.Problem):
    status, slug, title = 503, "no-room-to-wait", "This server holds as many waiting requests as it can"


class ClientFull(problems.Problem):
    status, slug, title = 429, "waiting-too-much", "This client holds its share of waiting requests"


class Room:
    """At most `most` held requests of one kind in this process, `per_client` of one
    client."""

    def __init__(self, kind: str, most: int, per_client: int):
        self.kind, self.most, self.per_client = kind, most, per_client
        self.lock = threading.Lock()
        self.held: Counter[str] = Counter()

    def take(self, client: str) -> None:
        """A place for the client, or Full / ClientFull (problem+json, Retry-After)."""
        with self.lock:
            if self.held[client] >= self.per_client:
                raise ClientFull(f"this client already holds {self.per_client} {WHAT[self.kind]} "
                                 f"open on this server; close one, or try again later",
                                 headers={"Retry-After": str(RETRY_AFTER)})
            if self.held.total() >= self.most:
                raise Full(f"this server holds {self.most} {WHAT[self.kind]} open, its most; "
                           f"try again in {RETRY_AFTER} s", headers={"Retry-After": str(RETRY_AFTER)})
            self.held[client] += 1
        HELD.labels(self.kind).inc()

    def give_back(self, client: str) -> None:
        with self.lock:
            self.held[client] -= 1
            if self.held[client] <= 0:
                del self.held[client]
        HELD.labels(self.kind).dec()

    @contextmanager
    def place(self, client: str, refuse: bool = True):
        """Whether a place was taken, given back at the end; a full room raises, unless
        not `refuse`."""
        try:
            self.take(client)
        except (Full, ClientFull):
            if refuse:
                raise
            yield False
            return
        try:
            yield True
        finally:
            self.give_back(client)


class Rooms:
    """This process's rooms: `waits` (long polls, ?wait submissions) and `streams`."""

    def __init__(self, threads: int | None, connections: int | None, hall: bool):
        if connections is not None:         # gevent: one budget of greenlets for both
            most = max(1, connections * 3 // 4)
            waits = streams = Room("waits", most, max(1, most // 8))
        else:
            threads = threads or DEV_THREADS
            waits = Room("waits", max(1, threads // 2), max(1, threads // 8))
            most = min(open_files() // 2, HALL_MOST)
            streams = Room("streams", most, max(1, most // 8)) if hall else waits
        self.waits, self.streams = waits, streams

    @classmethod
    def from_env(cls) -> Rooms:
        """As `pbem serve` (PBEM_THREADS) or `pbem streams` (PBEM_CONNECTIONS) says the
        process is served, its streams held by the hall or not (hall.serving)."""
        def number(name: str) -> int | None:
            value = os.environ.get(name, "")
            return int(value) if value.isdigit() and int(value) > 0 else None
        return cls(number("PBEM_THREADS"), number("PBEM_CONNECTIONS"), hall.serving())


def open_files() -> int:
    """How many files this process may open (its soft RLIMIT_NOFILE)."""
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def rooms() -> Rooms:
    """The rooms of the app serving this request (one app per process)."""
    return current_app.extensions["rooms"]


@contextmanager
def waiting(refuse: bool = True):
    """A place in the room of waits for the requesting client (see Room.place)."""
    with rooms().waits.place(limits.client(), refuse) as taken:
        yield taken
