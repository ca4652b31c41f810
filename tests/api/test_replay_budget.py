"""Issue 25, point 6: a finished game's first read replays it from setup (0.15-0.4 s of
CPU for Brass), charged to the client that asked (service/replay_budget.py). Once the
client's allowance is spent, a read that would replay answers 429 with Retry-After at a
cost of a few milliseconds; what the process replayed already is served free, and
another client has its own allowance. A finished 2-seat Brass game, played through the
store and the engine on the test Redis."""
from __future__ import annotations

import time

import pytest
from limits import parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from service import play
from service.app import create_app
from service.bench.figures import pick_game
from service.bench.storage import play_game
from service.replay_budget import NAMESPACE
from service.store import Store
from tests.api.test_errors import assert_problem
from tests.conftest import TEST_REDIS_URL

LOG = ("/v1/games/{game_id}/log", "get")
GAME = ("/v1/games/{game_id}", "get")
FEW_MS = 0.02                # seconds of CPU a refused read may cost, at most


@pytest.fixture
def finished(redis_conn):
    game_id, _turns = play_game(Store(redis_conn), pick_game("brass-lancashire"), 2, seed=5)
    assert play.load_game(Store(redis_conn), game_id).snapshot.status == "finished"
    play.REPLAYS.clear()
    yield game_id
    play.REPLAYS.clear()


HOUR = parse("1000000 per hour")


def charged(client: str) -> int:
    """The milliseconds of replay CPU counted against `client` this hour."""
    counter = FixedWindowRateLimiter(storage_from_string(TEST_REDIS_URL))
    return HOUR.amount - counter.get_window_stats(HOUR, NAMESPACE, client).remaining


def cpu_of(request) -> tuple[object, float]:
    started = time.process_time()
    answer = request()
    return answer, time.process_time() - started


def test_a_client_past_its_replay_cpu_is_refused_cheaply_and_others_are_not(redis_conn, finished):
    app = create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True,
                      "PBEM_LIMIT_REPLAY_CPU": f"1 per minute; {HOUR}"})
    client, other = app.test_client(), app.test_client()
    other.environ_base["REMOTE_ADDR"] = "127.0.0.2"
    log = f"/v1/games/{finished}/log"

    first, replay_cpu = cpu_of(lambda: client.get(log))
    assert first.status_code == 200 and first.json["entries"], first.json
    spent = charged("127.0.0.1")
    assert spent >= 1 and spent <= replay_cpu * 1000 + 1, (spent, replay_cpu)
    again, again_cpu = cpu_of(lambda: client.get(log))        # replayed in this process: free
    assert again.status_code == 200 and again.json == first.json
    assert charged("127.0.0.1") == spent

    play.REPLAYS.clear()                                      # as another process would be
    for path, operation in ((log, LOG), (f"/v1/games/{finished}", GAME)):
        refused, refused_cpu = cpu_of(lambda: client.get(path))
        body = assert_problem(refused, 429, operation)
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert "replay CPU" in body["detail"]
        assert refused_cpu < min(FEW_MS, replay_cpu / 2), (refused_cpu, replay_cpu)
    assert charged("127.0.0.1") == spent                # a refusal costs nothing more

    theirs = other.get(log)                                   # another client, its own budget
    assert theirs.status_code == 200 and theirs.json == first.json
    assert charged("127.0.0.2") >= 1
