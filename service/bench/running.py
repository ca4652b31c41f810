"""A real service for a bench (and the end-to-end tests) to measure: gunicorn and
`pbem worker` on this machine's Redis, started on a free port, waited for until healthy,
stopped whole."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager

import requests

from service import limits
from service.connection import redis_url


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]

@contextmanager
def running_service(workers: int = 2, started: list | None = None, **extra: str):
    """A real gunicorn server and `pbem worker` (`workers` turn workers and a mail
    worker) on this machine's Redis (`extra`: more environment, e.g. STATE_REDIS_URL);
    `started` gets their two processes (server first), to measure them."""
    # all the bench's clients are 127.0.0.1: the rate limits are counted (their cost is
    # measured) at a height they never reach, unless the environment sets them
    high = {name: "1000000 per minute" for name in limits.DEFAULTS if "LIMIT" in name}
    env = {**high, **os.environ, "REDIS_URL": redis_url(), **extra}
    port = free_port()
    # each in a process group of its own (start_new_session), which stop() ends whole:
    # gunicorn's and rq's worker processes too
    procs = [subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", str(port),
                               "--workers", "2", "--threads", "16"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True),
             subprocess.Popen([sys.executable, "-m", "service.cli", "worker", "--turns",
                               str(workers)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)]
    if started is not None:
        started.extend(procs)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(base)
        yield base
    finally:
        stop(procs)

STOP_GRACE = 10.0        # seconds SIGTERM has before SIGKILL (stop)


def stop(procs: list[subprocess.Popen]) -> None:
    """SIGTERM to each process's group, SIGKILL to the groups not gone STOP_GRACE
    seconds later: nothing the bench started is left running."""
    def signal_group(proc, sig) -> None:
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
    for proc in procs:
        signal_group(proc, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE
    for proc in procs:
        try:
            proc.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
        signal_group(proc, signal.SIGKILL)      # the group's children, if the leader went
        proc.wait()

# A loaded 2-core machine was measured to need more than 30 s to start gunicorn and
# answer (issue 18, `bench api --cluster`): the bench waits this long.
HEALTH_TIMEOUT = 120.0


def wait_until_healthy(base: str, timeout: float = HEALTH_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if requests.get(base + "/v1/health", timeout=1).ok:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{base} did not answer /v1/health within {timeout} s")
