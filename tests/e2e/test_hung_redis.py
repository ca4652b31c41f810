"""Issue 25, point 5: a hung Redis (SIGSTOP: it accepts connections and never answers)
costs no request more than 2 s. Every operation of the contract, sent at once to a real
`pbem serve` whose Redis (a redis-server of the test's own) is stopped, answers 503
problem+json with Retry-After within 2 s (redis-py's default retries waited 3 x 5 s);
`/v1/ready` answers 503 as fast, `/v1/health` 200; after SIGCONT the same server plays on."""
from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
import requests

from service.api.mail import hook_secret
from service.app import RETRY_AFTER
from service.bench.running import free_port, wait_until_healthy
from tests.api.helpers import Created
from tests.api.test_error_coverage import REQUESTS
from tests.api.test_errors import assert_problem
from tests.api.test_redis_outage import PATHS
from tests.e2e.conftest import spawn
from tests.redis_process import RedisProcess

WITHIN = 2.0            # seconds an answer may take while Redis is hung (issue 25)


class Answer:
    """A requests answer seen as a Flask test client's (what REQUESTS and
    assert_problem read)."""

    def __init__(self, response: requests.Response, seconds: float):
        self.status_code, self.headers, self.data = (response.status_code, response.headers,
                                                     response.content)
        self.mimetype = response.headers.get("Content-Type", "").split(";")[0]
        self.json = response.json() if self.mimetype.endswith("json") else None
        self.seconds = seconds


class Http:
    """The Flask test client's calls (get, post, put, patch, delete with json, data,
    content_type, headers) made over HTTP to a running server, each timed."""

    def __init__(self, base: str):
        self.base = base

    def call(self, method: str, path: str, json=None, data=None, content_type=None,
             headers=None) -> Answer:
        headers = {**(headers or {}), **({"Content-Type": content_type} if content_type else {})}
        started = time.monotonic()
        response = requests.request(method, self.base + path, json=json, data=data,
                                    headers=headers, timeout=30, stream=True)
        if response.headers.get("Content-Type", "").startswith("text/event-stream"):
            response.close()            # a stream: its head is what counts
        else:
            response.content            # the whole body, read within the time taken
        return Answer(response, time.monotonic() - started)

    def get(self, path, **kw):
        return self.call("GET", path, **kw)

    def post(self, path, **kw):
        return self.call("POST", path, **kw)

    def put(self, path, **kw):
        return self.call("PUT", path, **kw)

    def patch(self, path, **kw):
        return self.call("PATCH", path, **kw)

    def delete(self, path, **kw):
        return self.call("DELETE", path, **kw)


@pytest.fixture
def hung(tmp_path):
    """A redis-server of the test's own, `pbem serve` on it (two gunicorn workers of 32
    threads, as tests/e2e/conftest.py runs it), and a game made before anything is stopped."""
    server = RedisProcess(tmp_path, "--appendonly", "yes")
    server.start()
    port = free_port()
    api = spawn("serve", "--port", str(port), "--workers", "2", "--threads", "32",
                REDIS_URL=server.url)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_healthy(base)
        http = Http(base)
        created = http.post("/v1/games", json={"game": "pile", "seed": 7, "players": [
            {"name": "p0"}, {"name": "p1"}]})
        assert created.status_code == 201, created.data
        game = Created(created.json["id"], [s["token"] for s in created.json["seats"]],
                       created.json["admin_token"])
        game.hook = {"Authorization": f"Bearer {hook_secret(server.client())}"}
        yield server, http, game
    finally:
        if server.proc.poll() is None:
            os.killpg(server.proc.pid, signal.SIGCONT)
        os.killpg(api.pid, signal.SIGTERM)
        api.wait(30)
        server.kill()


def test_every_operation_answers_503_within_2_s_while_redis_is_stopped(hung):
    server, http, game = hung
    os.killpg(server.proc.pid, signal.SIGSTOP)
    with pytest.raises(redis.TimeoutError):          # it is hung, not gone
        redis.Redis.from_url(server.url, socket_timeout=1, retry=None).ping()
    with ThreadPoolExecutor(len(REQUESTS) + 2) as pool:
        answers = dict(zip(REQUESTS, pool.map(lambda request: request(http, game),
                                              REQUESTS.values())))
        ready, health = pool.map(http.get, ["/v1/ready", "/v1/health"])
    for operation, answer in answers.items():
        body = assert_problem(answer, 503, PATHS[operation])
        assert answer.headers["Retry-After"] == str(RETRY_AFTER), operation
        assert "try again" in body["detail"]
        assert answer.seconds < WITHIN, (operation, answer.seconds)
    assert ready.status_code == 503 and ready.seconds < WITHIN, (ready.data, ready.seconds)
    assert ready.json["redis"] is False and "TimeoutError" in ready.json["missing"][0]
    assert health.status_code == 200 and health.seconds < WITHIN
    assert http.get(f"/v1/games/{game.id}").status_code == 503     # still hung: still 503

    os.killpg(server.proc.pid, signal.SIGCONT)
    assert http.get(f"/v1/games/{game.id}", headers=game.auth(0)).json["version"] == 0
    assert REQUESTS["submitTurn"](http, game).status_code == 202
