"""Issue 25: what a Redis process kill and a host crash may take of the turns answered 202,
found from the real server's settings (service/durability.py), and said by `pbem worker`
at start: a warning unless nothing is lost."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading

import pytest

from service.durability import durability
from tests.e2e.conftest import ENV, ROOT
from tests.redis_process import RedisProcess

SETTINGS = {
    "always": (["--appendonly", "yes", "--appendfsync", "always"], True),
    "everysec": (["--appendonly", "yes", "--appendfsync", "everysec"], False),
    "no fsync": (["--appendonly", "yes", "--appendfsync", "no"], False),
    "no aof": (["--appendonly", "no"], False),
}


@pytest.fixture
def server(request, tmp_path):
    process = RedisProcess(tmp_path, *SETTINGS[request.param][0])
    process.start()
    try:
        yield process
    finally:
        process.kill()


@pytest.mark.parametrize("server", list(SETTINGS), indirect=True)
def test_what_a_kill_and_a_crash_lose_follows_the_servers_settings(server, request):
    found = durability(server.client())
    kill, crash = found.losses
    assert found.safe is SETTINGS[request.node.callspec.params["server"]][1]
    assert (kill == "nothing") is (found.appendfsync != "everysec" and found.appendonly == "yes")
    assert crash.startswith("nothing") is found.safe
    assert found.server == f"127.0.0.1:{server.port}"
    version = tuple(int(part) for part in found.version.split(".")[:2])
    assert found.waitaof is (version >= (7, 2))           # WAITAOF came with Redis 7.2


@pytest.mark.parametrize("server", ["everysec", "always"], indirect=True)
def test_pbem_worker_says_at_start_whether_a_turn_answered_202_could_be_lost(server, request):
    """A warning on a Redis that could lose one, else an informational line."""
    worker = subprocess.Popen([sys.executable, "-m", "service.cli", "worker"],
                              env={**ENV, "REDIS_URL": server.url}, cwd=ROOT, text=True,
                              stderr=subprocess.PIPE, start_new_session=True)
    deadline = threading.Timer(60, os.killpg, (worker.pid, signal.SIGKILL))  # then no line
    deadline.start()
    try:
        said = next(line for line in map(json.loads, filter(lambda l: l.startswith("{"),
                                                            worker.stderr))
                    if line["logger"] == "service.durability")
    finally:
        deadline.cancel()
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(10)
    expected = "INFO" if request.node.callspec.params["server"] == "always" else "WARNING"
    assert said["level"] == expected
    assert f"127.0.0.1:{server.port}" in said["message"]
