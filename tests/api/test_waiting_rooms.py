"""Issue 25: the requests a process holds open are bounded per process and per client
(service/api/waiting.py), here on the app of a `pbem serve` process with 8 threads (4
waits, 1 a client) on the test Redis, its polls held until a turn is played: beyond, a long poll is refused at once (429 for
the client over its share, 503 when the process is full, Retry-After and problem+json,
as openapi.yaml documents), and a turn sent with `?wait` is queued and answered 202 at
once."""
from __future__ import annotations

import threading
import time

import pytest

from service.api.waiting import RETRY_AFTER
from tests.api.helpers import a_game, submit
from tests.api.test_errors import GAME, assert_problem
from tests.conftest import TEST_REDIS_URL

CLIENTS = [{"REMOTE_ADDR": f"192.0.2.{n}"} for n in range(1, 6)]   # TEST-NET-1
HELD_FOR = 30               # seconds a held poll would wait: far longer than the test


@pytest.fixture
def app(redis_conn, monkeypatch):
    monkeypatch.setenv("PBEM_THREADS", "8")
    from service.app import create_app
    return create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True})


def hold_long_polls(app, url: str, clients: list[dict]) -> list[threading.Thread]:
    """One long poll per client, each on its own thread, held once this returns and
    until the game moves on (a turn played: see `release`), however slow the machine."""
    threads = [threading.Thread(target=lambda who=who: app.test_client().get(
        f"{url}?after_version=0&wait={HELD_FOR}", environ_base=who)) for who in clients]
    held_before = app.extensions["rooms"].waits.held.total()
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 5
    while app.extensions["rooms"].waits.held.total() < held_before + len(clients):
        assert time.monotonic() < deadline, "the long polls were not held"
        time.sleep(0.01)
    return threads


def release(threads: list[threading.Thread], work) -> None:
    """Resolve the queued turn: the version passes 0 and every held poll is answered."""
    work()
    for thread in threads:
        thread.join(timeout=HELD_FOR / 2)
        assert not thread.is_alive(), "a held poll was not answered when the game moved on"


def test_beyond_its_share_a_client_is_refused_429_and_others_still_wait(app, work):
    client = app.test_client()
    game = a_game(client)
    url = f"/v1/games/{game.id}"
    threads = hold_long_polls(app, url, CLIENTS[:1])
    refused = client.get(f"{url}?after_version=0&wait=3", environ_base=CLIENTS[0])
    body = assert_problem(refused, 429, GAME)
    assert body["type"].endswith("/waiting-too-much")
    assert refused.headers["Retry-After"] == str(RETRY_AFTER)
    threads += hold_long_polls(app, url, CLIENTS[1:4])           # 4 clients: the room is full
    full = client.get(f"{url}?after_version=0&wait=3", environ_base=CLIENTS[4])
    assert assert_problem(full, 503, GAME)["type"].endswith("/no-room-to-wait")
    assert full.headers["Retry-After"] == str(RETRY_AFTER)
    assert client.get(url, environ_base=CLIENTS[4]).status_code == 200    # no wait: answered
    assert submit(client, game, 0, [{"action": "pass"}], 0).status_code == 202
    release(threads, work)
    assert app.extensions["rooms"].waits.held.total() == 0         # every place given back


def test_a_turn_sent_with_wait_and_no_room_is_queued_and_answered_at_once(app, work):
    client = app.test_client()
    game = a_game(client)
    threads = hold_long_polls(app, f"/v1/games/{game.id}", CLIENTS[:4])
    started = time.monotonic()
    answer = client.post(f"/v1/games/{game.id}/turns?wait=10", headers=game.auth(0),
                         json={"expected_version": 0, "moves": [{"action": "pass"}]},
                         environ_base=CLIENTS[4])
    assert time.monotonic() - started < 1.0
    assert answer.status_code == 202 and answer.json["status"] == "queued", answer.data
    assert answer.headers["Location"].endswith(answer.json["id"])
    release(threads, work)
