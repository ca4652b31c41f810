"""README's first command: `pbem dev` answers /v1/health within 60 s with no Redis
configured (embedded redis-server), and its worker resolves turns; it leaves no process
behind (issue 12, finding 3) and starts again after its Redis was killed (issue 19)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
import requests

from service.bench.running import free_port, wait_until_healthy
from tests.e2e.conftest import ENV, alive


class Dev:
    """`pbem dev` in a process group of its own, its embedded Redis under `var`."""

    def __init__(self, var: Path):
        env = {k: v for k, v in ENV.items() if k != "REDIS_URL"}
        env["PBEM_VAR"] = str(var)
        self.var, self.port = var, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = var / f"dev-{self.port}.log"
        with self.log.open("w") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "service.cli", "dev", "--port", str(self.port)],
                env=env, cwd=var, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def redis_pid(self) -> int:
        settings = json.loads((self.var / "redis.db.settings").read_text())
        return int(Path(settings["pidfile"]).read_text())

    def group(self) -> list[psutil.Process]:
        """The live processes of its group (the worker, rq's scheduler)."""
        return [p for p in psutil.process_iter() if alive(p.pid) and pgid(p.pid) == self.proc.pid]

    def end(self, how: int = signal.SIGTERM) -> None:
        try:
            os.killpg(self.proc.pid, how)
        except ProcessLookupError:
            pass
        self.proc.wait(30)


def pgid(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except ProcessLookupError:
        return None


@pytest.fixture
def dev_in(tmp_path):
    """Starts `pbem dev` in tmp_path; every one started is ended at the end, with its
    Redis even if a test failed before ending it."""
    started: list[Dev] = []

    def start() -> Dev:
        started.append(Dev(tmp_path))
        return started[-1]
    yield start
    for dev in started:
        redis_pid = dev.redis_pid() if (tmp_path / "redis.db.settings").exists() else None
        dev.end()
        if redis_pid and alive(redis_pid):
            os.kill(redis_pid, signal.SIGKILL)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_pbem_dev_resolves_turns_and_leaves_no_process_after_sigterm_or_ctrl_c(dev_in, how):
    """Its worker resolves a turn; then (issue 12, finding 3) the embedded redis-server
    (a daemon, outside the group), the worker and rq's scheduler all end with it."""
    dev = dev_in()
    wait_until_healthy(dev.base, timeout=60)
    created = requests.post(f"{dev.base}/v1/games", json={
        "game": "pile", "players": [{"name": "a"}, {"name": "b"}]}).json()
    auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    turn = requests.post(f"{dev.base}/v1/games/{created['id']}/turns?wait=20", headers=auth,
                         json={"expected_version": 0, "moves": [{"action": "pass"}]}).json()
    assert turn["status"] == "applied"
    redis_pid, group = dev.redis_pid(), dev.group()
    assert alive(redis_pid) and len(group) >= 3, "pbem dev, its worker, rq's scheduler"
    os.killpg(dev.proc.pid, how)                    # as a supervisor, or a terminal's Ctrl-C
    dev.proc.wait(30)
    deadline = time.monotonic() + 10
    while (alive(redis_pid) or dev.group()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(redis_pid), "the embedded redis-server outlived pbem dev"
    assert not dev.group(), f"left running: {[p.cmdline() for p in dev.group()]}"
    assert not (dev.var / "redis.db.settings").exists()


def test_pbem_dev_starts_again_after_its_redis_was_killed(dev_in):
    """Issue 19: the embedded redis-server is SIGKILLed (and pbem dev with it, as a
    crashed terminal would); the next `pbem dev` in the same folder notices, says so in
    one line, answers /v1/health at its first start, and the game is still there
    (the append-only file had it before the server answered)."""
    first = dev_in()
    wait_until_healthy(first.base, timeout=60)
    game_id = requests.post(f"{first.base}/v1/games", json={
        "game": "pile", "players": [{"name": "a"}, {"name": "b"}]}, timeout=10).json()["id"]
    os.kill(first.redis_pid(), signal.SIGKILL)
    first.end(signal.SIGKILL)
    second = dev_in()
    wait_until_healthy(second.base, timeout=60)
    game = requests.get(f"{second.base}/v1/games/{game_id}", timeout=10)
    assert game.status_code == 200, game.text
    second.end()
    said = [line for line in second.log.read_text().splitlines() if "earlier run is gone" in line]
    assert len(said) == 1 and str(second.var / "redis.db") in said[0], said
