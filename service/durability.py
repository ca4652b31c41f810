"""Issue 25: what a Redis process kill and a host crash may take of the turns the service
answered 202, as the Redis servers it writes to are configured; `pbem serve` and `pbem
worker` say it once at start (a warning unless nothing is lost), `pbem bench api` prints it.

The service relies on the server's `appendfsync always` (deploy/ runs every Redis so):
Redis writes and fsyncs each change before it answers it. WAITAOF (Redis 7.2 and later:
wait until this client's writes are fsynced) would give the same on a server run with
`everysec`, at the price of a round trip per turn; Debian 12's Redis (7.0.15, on which this
project is tested) has no WAITAOF, so it is not sent: whether a server has it is found and
said here."""
from __future__ import annotations

import logging
from dataclasses import dataclass

import redis

log = logging.getLogger(__name__)

# What each append-only setting loses of what Redis acknowledged: (process kill, host crash)
LOSSES = {
    ("yes", "always"): ("nothing", "nothing (each write is fsynced before it is answered)"),
    ("yes", "everysec"): (("up to 2 s of writes (Redis holds a write back while a slow fsync "
                           "runs, and answers meanwhile)"), "up to 2 s of writes"),
    ("yes", "no"): ("nothing", "the writes the kernel had not flushed (Linux: up to 30 s)"),
}
NO_AOF = ("every write since the last snapshot (appendonly no)",) * 2
UNKNOWN = ("unknown (the server refuses CONFIG GET)",) * 2


@dataclass(frozen=True)
class Durability:
    server: str
    version: str
    appendonly: str | None       # None where the server refuses CONFIG (a managed Redis)
    appendfsync: str | None
    waitaof: bool

    @property
    def losses(self) -> tuple[str, str]:
        """What a process kill and a host crash lose of the writes Redis acknowledged."""
        if self.appendonly is None:
            return UNKNOWN
        if self.appendonly != "yes":
            return NO_AOF
        return LOSSES.get((self.appendonly, self.appendfsync), UNKNOWN)

    @property
    def safe(self) -> bool:
        return self.losses == LOSSES[("yes", "always")]

    def __str__(self) -> str:
        kill, crash = self.losses
        setting = (f"appendonly {self.appendonly}, appendfsync {self.appendfsync}"
                   if self.appendonly else "its append-only settings unknown")
        return (f"Redis {self.version} at {self.server} ({setting}; WAITAOF "
                f"{'available' if self.waitaof else 'not available: Redis 7.2 has it'}): "
                f"a turn answered 202 is lost to a process kill: {kill}; to a host crash: {crash}")


def durability(conn: redis.Redis) -> Durability:
    """The server's append-only settings and whether it knows WAITAOF."""
    kwargs = conn.connection_pool.connection_kwargs
    server = kwargs.get("path") or f"{kwargs.get('host')}:{kwargs.get('port')}"
    try:
        settings = conn.config_get("append*")
    except redis.ResponseError:                 # CONFIG renamed or refused
        settings = {}
    return Durability(server, conn.info("server")["redis_version"], settings.get("appendonly"),
                      settings.get("appendfsync"), knows(conn, "waitaof"))


def knows(conn: redis.Redis, command: str) -> bool:
    """Whether the server has the command (COMMAND LIST, Redis 7.0; an older one has no
    WAITAOF either)."""
    try:
        return command in [name.decode() if isinstance(name, bytes) else name
                           for name in conn.command_list(pattern=command)]
    except redis.ResponseError:
        return False


def servers(conn: redis.Redis, state) -> list[redis.Redis]:
    """REDIS_URL's Redis and, where the game state is elsewhere (a Redis Cluster), each
    of its nodes."""
    if state is conn:
        return [conn]
    return [conn, *(state.get_redis_connection(node) for node in state.get_nodes())]


def report(conn: redis.Redis, state) -> None:
    """Logs what each server would lose: a warning where a turn answered 202 could be
    lost, or where the server does not answer (the process starts all the same)."""
    try:
        found = [durability(each) for each in servers(conn, state)]
    except redis.RedisError as failed:
        log.warning("Redis did not say how durable it is (%s): a turn answered 202 may be "
                    "lost to a Redis process kill unless it runs appendfsync always", failed)
        return
    for each in found:
        log.log(logging.INFO if each.safe else logging.WARNING, "%s", each)
