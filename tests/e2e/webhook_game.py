"""A player with a webhook seated in a quick game, over HTTP, for the end-to-end webhook
tests (issue 29): tests/e2e/test_webhook_outage.py, test_webhook_disabled.py,
test_generated_client.py (`stream_of`)."""
from __future__ import annotations

import json

import redis
import requests

from service.feed import player_stream
from tests.conftest import TEST_REDIS_URL
from tests.e2e.client import Table


class SeatedPlayer:
    """A player with a webhook to `url`, holding seat 1 of a 2-seat quick game of the
    platform's small game (its seat token handed over to the player; `late`: after seat
    0's first turn, when seat 1 is to act)."""

    def __init__(self, base: str, name: str, url: str, seed: int, late: bool = False):
        answer = requests.post(f"{base}/v1/players", timeout=10,
                               json={"name": name, "email": f"{name}@player.test"})
        assert answer.status_code == 201, answer.text
        self.base, self.id, self.email = base, answer.json()["id"], f"{name}@player.test"
        self.auth = {"Authorization": f"Bearer {answer.json()['token']['token']}"}
        hook = requests.post(f"{base}/v1/players/me/webhooks", headers=self.auth, timeout=10,
                             json={"url": url})
        assert hook.status_code == 201, hook.text
        self.hook = hook.json()
        self.table = Table(base, "pile", 2, seed=seed)
        if late:
            self.table.play_random_turn()
        taken = requests.post(f"{base}/v1/players/me/seats", headers=self.auth, timeout=10,
                              json={"game": self.table.id, "token": self.table.tokens[1]})
        assert taken.status_code == 200, taken.text

    def play_turn(self) -> dict:
        """The seat to act plays its first listed move (its lowest card: a long game);
        the game's state after it."""
        seat = self.table.state()["to_act"][0]
        auth = self.auth if seat == 1 else self.table.auth(0)
        legal = requests.get(f"{self.table.url}/legal-moves", headers=auth, timeout=10).json()
        answer = requests.post(f"{self.table.url}/turns?wait=20", headers=auth, timeout=30, json={
            "expected_version": legal["version"], "moves": legal["moves"][:1]})
        assert answer.status_code == 200 and answer.json()["status"] == "applied", answer.text
        return self.table.state()

    def play_to_end(self) -> None:
        while self.play_turn()["status"] != "finished":
            pass

    def webhook(self) -> dict:
        """The webhook's GET .../deliveries: {webhook, deliveries, missed}."""
        answer = requests.get(f"{self.base}/v1/players/me/webhooks/{self.hook['id']}/deliveries",
                              headers=self.auth, timeout=10)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def stream(self) -> list[dict]:
        return stream_of(self.id)


def stream_of(player_id: str) -> list[dict]:
    """What a player's own stream holds (GET /v1/players/me/events reads it)."""
    kept = redis.Redis.from_url(TEST_REDIS_URL).xrange(player_stream(player_id))
    return [json.loads(fields[b"event"]) for _, fields in kept]


def key(event: dict) -> tuple:
    return event["game"], event["version"], event["type"], event["seat"]
