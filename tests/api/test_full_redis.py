"""Issue 25, point 5: a Redis out of memory (maxmemory reached, noeviction) refuses
writes with OOM; an operation that writes answers 503 with Retry-After (a 500 before),
reads go on, and once memory is freed the same app writes again. A redis-server of the
test's own, its maxmemory set to 1 byte while the app runs."""
from __future__ import annotations

import pytest

from service.app import RETRY_AFTER, create_app
from tests.api.helpers import a_game, submit
from tests.api.test_errors import CREATE, TURNS, assert_problem
from tests.redis_process import RedisProcess


@pytest.fixture
def server(tmp_path):
    process = RedisProcess(tmp_path, "--maxmemory-policy", "noeviction")
    process.start()
    try:
        yield process
    finally:
        process.kill()


def test_writes_answer_503_while_redis_is_out_of_memory_and_reads_go_on(server):
    client = create_app({"REDIS_URL": server.url, "TESTING": True}).test_client()
    game = a_game(client)
    server.client().config_set("maxmemory", 1)
    for answer, operation in ((client.post("/v1/games", json={"game": "pile", "players": [
            {"name": "a"}, {"name": "b"}]}), CREATE),
            (submit(client, game, 0, [{"action": "pass"}], 0), TURNS)):
        body = assert_problem(answer, 503, operation)
        assert answer.headers["Retry-After"] == str(RETRY_AFTER) and "try again" in body["detail"]
    assert client.get(f"/v1/games/{game.id}", headers=game.auth(0)).json["version"] == 0
    server.client().config_set("maxmemory", 0)
    assert submit(client, game, 0, [{"action": "pass"}], 0).status_code == 202
    a_game(client)
