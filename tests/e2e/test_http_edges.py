"""Edges only a real server shows: a chunked body past the limit, readiness with a
live worker, `pbem serve`'s own control socket."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import requests

from service.contract import spec
from tests.e2e.client import Table
from tests.e2e.conftest import ENV, ROOT, RUN_DIR


def test_a_chunked_body_past_the_limit_is_413(service):
    table = Table(service.base, "pile", 2, seed=1)

    def chunks():
        yield b'{"expected_version": 0, "moves": ['
        for _ in range(20000):
            yield b'{"action": "pass"},'
        yield b'{"action": "pass"}]}'
    answer = requests.post(f"{table.url}/turns", data=chunks(), headers={
        **table.auth(0), "Content-Type": "application/json"})
    assert answer.status_code == 413
    assert answer.headers["Content-Type"] == "application/problem+json"
    assert table.state()["version"] == 0


def test_ready_when_redis_answers_and_a_worker_lives(service):
    answer = requests.get(f"{service.base}/v1/ready")
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"redis": True, "workers": {"turns": 2, "mail": 1}, "missing": []}



def test_pbem_serve_keeps_gunicorns_control_socket_in_its_own_run_folder(service):
    """Issue 12, finding 3: PBEM_VAR/gunicorn-PORT.ctl, one per instance, rather than
    the one ~/.gunicorn/gunicorn.ctl every instance of the user would share."""
    assert (Path(RUN_DIR) / f"gunicorn-{service.port}.ctl").is_socket()


def test_pbem_serve_without_redis_url_refuses_to_start():
    """An embedded Redis would outlive gunicorn, which replaces `pbem serve`'s process."""
    env = {k: v for k, v in ENV.items() if k != "REDIS_URL"}
    done = subprocess.run([sys.executable, "-m", "service.cli", "serve"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "set REDIS_URL" in done.stderr


def test_a_request_line_past_gunicorns_limit_is_the_414_the_contract_documents(service):
    """Issue 29: gunicorn answers a request line over 4,094 bytes itself (414, its own
    short text/html page), as openapi.yaml says for the confirmation link's operations."""
    answer = requests.get(f"{service.base}/v1/mail/confirmations?address={'a' * 5000}"
                          f"&code={'0' * 32}", timeout=10)
    assert answer.status_code == 414 and answer.headers["Content-Type"] == "text/html"
    for method in ("get", "post"):
        documented = spec()["paths"]["/v1/mail/confirmations"][method]["responses"]["414"]
        assert documented == {"$ref": "#/components/responses/UriTooLong"}
    assert "text/html" in spec()["components"]["responses"]["UriTooLong"]["content"]
