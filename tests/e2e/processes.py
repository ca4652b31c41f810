"""Processes as the kernel sees them (/proc), for fault-injection tests: a process's
children, who is left of a process group, waiting for a condition, and a Redis with AOF."""
from __future__ import annotations

import time
from pathlib import Path

from tests.redis_process import RedisProcess

SHIPPED_REDIS = Path(__file__).resolve().parents[2] / "deploy" / "redis.conf"


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except FileNotFoundError:
        return []
    return [int(c) for c in text.split()]


def living_in_group(pgid: int) -> list[int]:
    """Pids of the group's processes that are not zombies."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except (FileNotFoundError, ProcessLookupError):
            continue
        fields = stat.rsplit(")", 1)[1].split()        # state ppid pgrp ...
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(entry.name))
    return alive


def wait_for(condition, timeout: float, every: float = 0.25):
    """condition()'s first truthy value within `timeout` seconds, else None."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := condition():
            return value
        time.sleep(every)
    return None


def shipped_persistence() -> list[str]:
    """deploy/redis.conf's append-only settings as redis-server options (issue 25: the
    tests kill the Redis that is shipped, not one configured apart)."""
    options = []
    for line in SHIPPED_REDIS.read_text().splitlines():
        name, _, value = line.partition(" ")
        if name in ("appendonly", "appendfsync"):
            options += [f"--{name}", value.strip()]
    return options


def aof_redis(folder, *options: str) -> RedisProcess:
    """A redis-server of the test's own (tests/redis_process.py) as deploy/redis.conf
    runs it (its append-only file and fsync policy; the test's own port, folder and no
    snapshots), `options` after them."""
    server = RedisProcess(folder, *shipped_persistence(), *options)
    server.start()
    return server
