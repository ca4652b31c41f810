"""Issue 10, finding 5: while Redis is down (SIGKILLed) or loading its data after a restart
(BusyLoadingError), every operation answers 503 problem+json with Retry-After, never a 500
with Werkzeug's text; when Redis is back the same service answers again, the game intact.
A real redis-server of the test's own is killed and restarted."""
from __future__ import annotations

import time

import pytest
import redis

from service.app import RETRY_AFTER, create_app
from service.contract import spec
from tests.api.helpers import a_game
from tests.api.test_error_coverage import REQUESTS, hook
from tests.api.test_errors import assert_problem
from tests.redis_process import RedisProcess

FILLER_KEYS = 40_000           # loaded at 250 µs each: about 10 s of LOADING
PATHS = {operation["operationId"]: (path, method)          # operationId -> (path, method)
         for path, item in spec()["paths"].items()
         for method, operation in item.items() if isinstance(operation, dict)}


@pytest.fixture
def server(tmp_path):
    process = RedisProcess(tmp_path, "--appendonly", "yes", "--appendfsync", "always")
    process.start()
    try:
        yield process
    finally:
        process.kill()


def assert_unavailable(answer, operation: str):
    body = assert_problem(answer, 503, PATHS[operation])
    assert answer.headers["Retry-After"] == str(RETRY_AFTER)
    assert "try again" in body["detail"]


def test_every_operation_answers_503_while_redis_is_killed_and_works_again_after(server):
    client = create_app({"REDIS_URL": server.url, "TESTING": True}).test_client()
    game = a_game(client)
    game.hook = hook(client)
    server.kill()
    for operation, request in REQUESTS.items():
        assert_unavailable(request(client, game), operation)
    server.start()                               # the same port and folder: its AOF reloads
    assert client.get(f"/v1/games/{game.id}", headers=game.auth(0)).json["version"] == 0
    assert REQUESTS["submitTurn"](client, game).status_code == 202
    assert REQUESTS["createGame"](client, game).status_code == 201


def test_while_redis_loads_its_data_set_operations_answer_503(tmp_path):
    """A restarted Redis answers LOADING until its data set is in memory (made slow here
    by Redis's own key-load-delay setting over 40,000 keys)."""
    server = RedisProcess(tmp_path)
    server.start()
    try:
        client = create_app({"REDIS_URL": server.url, "TESTING": True}).test_client()
        game = a_game(client)
        filler = server.client().pipeline(transaction=False)
        for i in range(FILLER_KEYS):
            filler.set(f"filler:{i}", i)
        filler.save().execute()
        server.kill()
        server.start("--key-load-delay", "250", "--loading-process-events-interval-bytes",
                     "1024")
        with pytest.raises(redis.BusyLoadingError):
            server.client().ping()
        for operation in ("getGame", "submitTurn", "createGame"):
            assert_unavailable(REQUESTS[operation](client, game), operation)
        with pytest.raises(redis.BusyLoadingError):
            server.client().ping()               # those 503s were all answered while loading
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                server.client().ping()
                break
            except redis.BusyLoadingError:
                time.sleep(0.2)
        assert client.get(f"/v1/games/{game.id}", headers=game.auth(0)).status_code == 200
    finally:
        server.kill()
