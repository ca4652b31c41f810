"""`pbem serve` and `pbem streams`: the API under gunicorn, replacing this process
(`pbem dev` runs it in-process instead: service/dev.py)."""
from __future__ import annotations

import os
import sys

from service.connection import redis_from_env, redis_url, state_redis, var_dir
from service.durability import report
from service.liveness import heartbeat_every

STREAMS_REDIS_CONNECTIONS = 32   # per `pbem streams` worker, shared by all its streams


# Issue 32, the HTTP server measured beside gunicorn's gthread workers: CPU per bare GET
# /v1/health (server processes + a urllib3 client, 4 kept-alive clients, two runs each,
# load average 24-30): gthread 2.21 and 2.89 ms server + 0.74 and 0.90 ms client; gunicorn
# sync workers 2.58 and 2.70 ms + 1.12 and 1.15 ms (no keep-alive: a connection a
# request), and holding a process per waiting ?wait; granian 2.8.7's WSGI 1.81 and 1.77 ms +
# 0.75 ms. Granian is lighter by 0.4 to 1.1 ms a request, but not adopted yet: what the
# service relies on is gunicorn's (its control socket, its 414 for a long request line
# that the contract documents, the ?wait rooms sized by its threads, the gevent workers
# of the streams), and the whole turn was not measured on it.
def serve(host: str, port: int, workers: int, threads: int) -> None:
    """The API under gunicorn (threads, so ?wait= does not block other requests), which
    replaces this process: so REDIS_URL must name a Redis (an embedded one would outlive
    it). Gunicorn's control socket is PBEM_VAR/gunicorn-PORT.ctl, this instance's own."""
    if not os.environ.get("REDIS_URL"):
        sys.exit("pbem serve: set REDIS_URL (pbem dev runs an embedded Redis)")
    try:
        heartbeat_every()               # how /v1/ready judges the workers' heartbeats
    except ValueError as err:
        sys.exit(f"pbem serve: {err}")
    report(redis_from_env(), state_redis(redis_from_env()))
    control = var_dir().absolute() / f"gunicorn-{port}.ctl"
    # how many requests may wait, and the streams held without a thread (issue 25):
    # service/api/waiting.py, service/api/hall.py
    os.environ.update(PBEM_THREADS=str(threads), PBEM_STREAM_HALL="1")
    os.execvp(sys.executable, [sys.executable, "-m", "gunicorn", "service.wsgi:app",
                               "--bind", f"{host}:{port}", "--workers",
                               str(workers), "--threads", str(threads),
                               "--worker-class", "gthread",    # requests: service/app.py logs
                               "--control-socket", str(control)])


def streams(host: str, port: int, workers: int, connections: int) -> None:
    """The event streams under gunicorn's gevent workers: an idle stream costs a
    greenlet and a socket, not a thread (gthread would pin a thread per stream).
    Serves the whole app; deploy/ routes the games' and the players' event streams
    (`/v1/games/*/events`, `/v1/players/me/events`) here."""
    os.environ.setdefault("REDIS_URL", redis_url())
    # the streams' reads take turns on a few connections (a stream holds none while it
    # waits: the process's one pub/sub wakes it, service/changes.py, for a game's
    # stream and a player's alike)
    os.environ["REDIS_MAX_CONNECTIONS"] = str(STREAMS_REDIS_CONNECTIONS)
    os.environ["PBEM_CONNECTIONS"] = str(connections)      # service/api/waiting.py
    os.execvp(sys.executable, [sys.executable, "-m", "gunicorn", "service.wsgi:app",
                               "--bind", f"{host}:{port}", "--workers",
                               str(workers), "--worker-class", "gevent",
                               "--worker-connections", str(connections),
                               "--graceful-timeout", "3"])  # streams resume by Last-Event-ID
