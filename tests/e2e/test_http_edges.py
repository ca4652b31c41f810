"""Edges only a real server shows: a chunked body past the limit, readiness with a
live worker."""
from __future__ import annotations

import requests

from tests.e2e.client import Table


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
