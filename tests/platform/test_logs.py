"""Issue 18, "structured JSON logs carrying the game and turn ids": the API's lines and
a worker job's lines are JSON objects naming the game (and the turn) they are about."""
from __future__ import annotations

import io
import json
import logging

import pytest

from service import logs
from service.queues import queue
from tests.api.helpers import a_game, submit


@pytest.fixture
def lines():
    """The JSON lines logged while the test runs, parsed."""
    stream, root = io.StringIO(), logging.getLogger()
    handler, level = logs.json_handler(stream), root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    root.removeHandler(handler)
    root.setLevel(level)


def test_issue18_each_request_is_a_json_line_with_its_game_and_turn(client, lines):
    game = a_game(client)
    turn = submit(client, game, 0, [{"action": "pass"}], 0).json
    client.get(f"/v1/games/{game.id}/turns/{turn['id']}", headers=game.auth(0))
    logged = [line for line in lines() if line["logger"] == "service.app"]
    assert {"time", "level", "message", "method", "route", "status"} <= set(logged[-1])
    assert [(line["route"], line["status"], line.get("game"), line.get("turn"))
            for line in logged[-2:]] == [
        ("/v1/games/<game_id>/turns", 202, game.id, None),
        ("/v1/games/<game_id>/turns/<turn_id>", 200, game.id, turn["id"])]


def test_issue18_a_jobs_lines_carry_its_game_and_turn(redis_conn, work, lines):
    """A turn job's arguments are (game, turn): every line logged while it runs has them,
    rq's own lines about it included."""
    queue(redis_conn).enqueue("workers.notify.on_turn_resolved", "g1", "t1", job_id="on-g1-t1")
    queue(redis_conn).enqueue("logging.warning", "g2", job_id="warn-g2")
    work()
    ours = {(line.get("game"), line.get("turn"), line.get("job")) for line in lines()
            if "game" in line}
    assert ("g2", None, "warn-g2") in ours
    assert all(game == "g1" and turn == "t1" for game, turn, job in ours if job == "on-g1-t1")
