"""A player's own push across games (issue 13), against real processes: `pbem serve`,
`pbem worker` and `pbem streams` (gevent). The player's stream says "your turn" within
1 s of the commit, resumes with Last-Event-ID missing and repeating nothing, and ends at
once when its token is revoked."""
from __future__ import annotations

import json
import threading
import time

import redis
import requests

from service.feed import player_stream
from service.serving import STREAMS_REDIS_CONNECTIONS
from tests.conftest import TEST_REDIS_URL
from tests.e2e.client import Table
from tests.e2e.test_push import streams  # noqa: F401  (the `pbem streams` fixture)


class PlayerReader:
    """One SSE connection to /v1/players/me/events, read on its own thread:
    (event, id, data, received at)."""

    def __init__(self, base: str, auth: dict, last_id: str | None = None):
        headers = {**auth, **({"Last-Event-ID": last_id} if last_id else {})}
        self.answer = requests.get(f"{base}/v1/players/me/events", headers=headers, stream=True,
                                   timeout=30)
        assert self.answer.status_code == 200, self.answer.text
        self.events: list[tuple[str, str, dict, float]] = []
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self) -> None:
        fields: dict[str, str] = {}
        try:
            for line in self.answer.iter_lines(decode_unicode=True):
                if line == "" and "event" in fields:
                    self.events.append((fields["event"], fields.get("id"),
                                        json.loads(fields["data"]), time.time()))
                    fields = {}
                elif ": " in line and not line.startswith(":"):
                    name, _, value = line.partition(": ")
                    fields[name] = value
        except (requests.RequestException, AttributeError):
            pass                    # closed under the reader

    def wait_for(self, count: int, kind: str = "your-turn", seconds: float = 10.0) -> list:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = [e for e in self.events if e[0] == kind]
            if len(found) >= count:
                return found
            time.sleep(0.01)
        raise AssertionError(f"fewer than {count} {kind} in {self.events}")

    def close(self) -> None:
        if self.thread.is_alive():
            self.answer.raw.shutdown()      # unblocks the reading thread at once (urllib3 >= 2.3)
        self.answer.close()


def sign_up(base: str, name: str) -> tuple[dict, dict]:
    answer = requests.post(f"{base}/v1/players", json={"name": name, "email": f"{name}@p.test"},
                           timeout=10)
    assert answer.status_code == 201, answer.text
    return answer.json(), {"Authorization": f"Bearer {answer.json()['token']['token']}"}


def play(table: Table, seat: int, auth: dict | None = None, action: str = "play") -> dict:
    """The seat's first move of that action (its token, or its player's `auth`: a seat
    token handed to a player stops working once taken)."""
    legal = table.http.get(f"{table.url}/legal-moves", headers=auth or table.auth(seat)).json()
    move = next(m for m in legal["moves"] if m["action"] == action)
    answer = table.http.post(f"{table.url}/turns?wait=10", headers=auth or table.auth(seat),
                             json={"expected_version": legal["version"], "moves": [move]})
    assert answer.json()["status"] == "applied", answer.text
    return answer.json()


def test_your_turn_within_a_second_and_a_resume_misses_and_repeats_nothing(service, streams):  # noqa: F811
    ada, auth = sign_up(service.base, "ada")
    table = Table(service.base, "pile", 2, seed=21)
    accepted = requests.post(f"{service.base}/v1/players/me/seats", headers=auth, timeout=10,
                             json={"game": table.id, "token": table.tokens[1]})
    assert accepted.status_code == 200, accepted.text
    first = PlayerReader(streams, auth)
    try:
        inbox = first.wait_for(1, "inbox")[0]
        assert inbox[2]["games"] == []                       # seat 0 is to act
        turn = play(table, 0)
        (_, seen_id, data, received), = first.wait_for(1)
        assert data["game"] == table.id and data["seat"] == 1 and data["version"] == 1
        assert received - turn["resolved_at"] < 1.0, (received, turn)
        play(table, 1, auth)                                 # Ada plays with her own token
    finally:
        first.close()
    play(table, 0)                                           # while nobody listens
    again = PlayerReader(streams, auth, last_id=seen_id)
    try:
        play(table, 1, auth)
        play(table, 0, action="pass")
        play(table, 1, auth, action="pass")                  # both passed: the game is over
        again.wait_for(1, "game-over")
        ids = [event_id for _, event_id, _, _ in again.events]
        kept = redis.Redis.from_url(TEST_REDIS_URL).xrange(player_stream(ada["id"]))
        assert [seen_id] + ids == [i.decode() for i, _ in kept][-len(ids) - 1:]
        assert [kind for kind, *_ in again.events] == ["your-turn", "your-turn", "game-over"]
        assert [data["version"] for _, _, data, _ in again.events] == [3, 5, 6]
    finally:
        again.close()


def test_more_player_streams_than_redis_connections_all_hear_within_a_second(service, streams):  # noqa: F811
    """`pbem streams` keeps STREAMS_REDIS_CONNECTIONS connections for all its streams: a
    player's stream waiting for an entry must hold none (one that blocked in XREAD held
    one, and past 32 of them the others' reads waited 5 s for a connection and failed)."""
    _cleo, auth = sign_up(service.base, "cleo")
    table = Table(service.base, "pile", 2, seed=22)
    assert requests.post(f"{service.base}/v1/players/me/seats", headers=auth, timeout=10,
                         json={"game": table.id, "token": table.tokens[1]}).status_code == 200
    readers = [PlayerReader(streams, auth) for _ in range(STREAMS_REDIS_CONNECTIONS + 8)]
    try:
        for reader in readers:
            reader.wait_for(1, "inbox")
        time.sleep(6)                       # past the pool's 5 s wait for a connection
        turn = play(table, 0)
        for reader in readers:
            (*_, received), = reader.wait_for(1)
            assert received - turn["resolved_at"] < 1.0
    finally:
        for reader in readers:
            reader.close()


def test_a_revoked_token_ends_its_open_stream_at_once(service, streams):  # noqa: F811
    _ada, auth = sign_up(service.base, "bea")
    other = requests.post(f"{service.base}/v1/players/me/tokens", json={"label": "app"},
                          headers=auth, timeout=10).json()
    reader = PlayerReader(streams, {"Authorization": f"Bearer {other['token']}"})
    try:
        reader.wait_for(1, "inbox")
        revoked_at = time.monotonic()
        assert requests.delete(f"{service.base}/v1/players/me/tokens/{other['id']}",
                               headers=auth, timeout=10).status_code == 204
        reader.thread.join(5)
        assert not reader.thread.is_alive() and time.monotonic() - revoked_at < 1.5
    finally:
        reader.close()


def test_pbem_worker_delivers_a_players_webhook(service):
    """The webhooks queue is served by `pbem worker`'s pool (workers/pool.py)."""
    from standardwebhooks import Webhook

    from tests.workers.test_webhooks import Receiver
    box = Receiver()
    try:
        ada, auth = sign_up(service.base, "cid")
        hook = requests.post(f"{service.base}/v1/players/me/webhooks", headers=auth, timeout=10,
                             json={"url": box.url, "events": ["your-turn"]}).json()
        game = requests.post(f"{service.base}/v1/games", headers=auth, timeout=10, json={
            "game": "pile", "players": [{"name": "cid", "player": ada["id"]}, {"name": "x"}]})
        code = game.json()["seats"][1]["invitation"]["code"]        # x takes it: the deal
        assert requests.post(f"{service.base}/v1/games/{game.json()['id']}/invitations/accept",
                             json={"code": code}, timeout=10).status_code == 200
        deadline = time.monotonic() + 10
        while not box.got and time.monotonic() < deadline:
            time.sleep(0.02)
        headers, body, _ = box.got[0]
        message = Webhook(hook["secret"]).verify(body, headers)
        assert message["type"] == "your-turn" and message["data"]["game"] == game.json()["id"]
    finally:
        box.close()
