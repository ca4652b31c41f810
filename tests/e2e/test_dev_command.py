"""README's first command: `pbem dev` answers /v1/health within 30 s with no Redis
configured (embedded redis-server), and its worker resolves turns."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import requests

from service.bench import free_port
from tests.e2e.conftest import ENV, ROOT


def test_pbem_dev_serves_and_resolves_on_an_embedded_redis(tmp_path):
    env = {k: v for k, v in ENV.items() if k != "REDIS_URL"}
    env["PBEM_VAR"] = str(tmp_path)
    port = free_port()
    started = time.monotonic()
    dev = subprocess.Popen([sys.executable, "-m", "service.cli", "dev", "--port", str(port)],
                           env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        while time.monotonic() - started < 30:
            try:
                if requests.get(f"{base}/v1/health", timeout=1).ok:
                    break
            except requests.RequestException:
                time.sleep(0.2)
        else:
            raise AssertionError("no /v1/health answer within 30 s")
        created = requests.post(f"{base}/v1/games", json={
            "game": "pile", "players": [{"name": "a"}, {"name": "b"}]}).json()
        auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        turn = requests.post(f"{base}/v1/games/{created['id']}/turns?wait=20", headers=auth,
                             json={"expected_version": 0, "moves": [{"action": "pass"}]}).json()
        assert turn["status"] == "applied"
        assert (tmp_path / "redis.db").exists() or any(tmp_path.iterdir())
    finally:
        os.killpg(dev.pid, signal.SIGTERM)
        dev.wait(15)
