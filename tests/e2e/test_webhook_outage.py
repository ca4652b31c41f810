"""A receiver down for a while keeps its webhook (issue 29), on real processes: gunicorn
(`pbem serve`) and `pbem worker` (its webhooks worker and rq's scheduler) on the test
Redis, the receiver a real HTTP server (tests/webhook_receiver.py). The retry schedule
runs 600 times faster (PBEM_WEBHOOK_TIME_SCALE): ten minutes of it take one second."""
from __future__ import annotations

import time

import pytest

from tests.e2e.test_seat_handover import wait_for
from tests.e2e.webhook_game import SeatedPlayer, key
from tests.webhook_receiver import Receiver

SCALE = 600
SERVER_ENV = {"PBEM_WEBHOOK_TIME_SCALE": str(SCALE)}


@pytest.fixture
def receiver():
    box = Receiver()
    yield box
    box.close()


def test_a_receiver_down_for_ten_minutes_of_a_busy_game_keeps_its_webhook_and_gets_every_message(
        service, receiver):
    """Issue 29 (was: disabled after 20 failed attempts in a row, a minute's outage of a
    busy game): the webhook stays enabled and, once the receiver is back, gets every
    message the player's stream got, each once."""
    ada = SeatedPlayer(service.base, "ada", receiver.url, seed=5)
    wait_for(lambda: len(receiver.got) >= 1)                 # told of the game: receiving
    receiver.down()
    down_at = time.monotonic()
    for _ in range(4):                                       # two of them Ada's turns
        ada.play_turn()
    wait_for(lambda: any(not d["ok"] for d in ada.webhook()["deliveries"]))
    time.sleep(max(0.0, 600 / SCALE - (time.monotonic() - down_at)))   # ten minutes of schedule
    receiver.up()
    ada.play_to_end()
    stream = wait_for(lambda: (kept := ada.stream())[-1]["type"] == "game-over" and kept)
    wait_for(lambda: len(receiver.got) >= len(stream), 60)
    time.sleep(1.5)                                          # a repeat would come meanwhile
    told = receiver.verified(ada.hook["secret"])
    assert sorted(key(m["data"]) for m in told) == sorted(key(e) for e in stream)
    assert len({headers["webhook-id"] for headers, _, _ in receiver.got}) == len(receiver.got)
    assert sorted((m["data"]["version"], m["data"]["type"]) for m in told) == \
        sorted((e["version"], e["type"]) for e in stream)
    webhook = ada.webhook()
    failed = [d for d in webhook["deliveries"] if not d["ok"]]
    assert failed and all("refused" in d["error"] or "NewConnectionError" in d["error"]
                          for d in failed), failed
    assert webhook["webhook"]["enabled"] is True and webhook["webhook"]["failures"] == 0
    assert webhook["missed"] == 0


def test_an_accepted_seats_webhook_is_told_the_game_started_and_its_turn(service, receiver):
    """Issue 29, point 1: a player taking a seat of a running game whose turn it is gets
    game-started and your-turn on its webhook, as on its stream (the welcome went to the
    stream only)."""
    cleo = SeatedPlayer(service.base, "cleo", receiver.url, seed=6, late=True)
    assert cleo.table.state()["to_act"] == [1]
    wait_for(lambda: len(receiver.got) >= 2)
    told = receiver.verified(cleo.hook["secret"])
    assert [m["type"] for m in told] == ["game-started", "your-turn"]
    assert [m["data"] for m in told] == cleo.stream()
