"""Webhooks (issue 13) against a real HTTP receiver on loopback (http.server on a
thread), delivered by rq's worker and scheduler: each message verifies with the
`standardwebhooks` package, a receiver answering 500 sees retries on the schedule,
every attempt is in the owner's delivery log, a day of failures disables the webhook,
which enabled again gets what it missed, an accepted seat's webhook is told as its
stream is, and internal addresses are refused outside development (no SSRF), also for a
name re-pointed between the check and the connection (DNS rebinding: the delivery
connects to the address it checked, over TLS with the name as SNI and certificate
name; the names resolve through a hook on socket.getaddrinfo, `dns`)."""
from __future__ import annotations

import itertools
import json
import logging
import re
import socket
import ssl
import time
from collections import Counter

import pytest
import trustme
from rq.scheduler import RQScheduler
from standardwebhooks import Webhook

from service.queues import MAIL, TURNS, WEBHOOKS, queue
from tests.conftest import TEST_REDIS_URL, BurstWorker
from tests.webhook_receiver import Receiver


@pytest.fixture
def receiver():
    made = []

    def start(*answers, tls=None):
        made.append(Receiver(answers or (204,), tls))
        return made[-1]
    yield start
    for each in made:
        each.close()


class Dns:
    """Names answered in turn from `answers` (name -> addresses, cycled: one per lookup);
    every other name as the system resolves it. `lookups` counts each name's lookups."""

    def __init__(self):
        self.answers: dict[str, itertools.cycle] = {}
        self.lookups: Counter = Counter()

    def point(self, name: str, *addresses: str) -> None:
        self.answers[name], self.lookups[name] = itertools.cycle(addresses), 0


@pytest.fixture
def dns(monkeypatch):
    """A resolver hook on socket.getaddrinfo (what the service's check and urllib3's
    connection both resolve through), for names no real resolver knows."""
    real, made = socket.getaddrinfo, Dns()

    def getaddrinfo(host, port, *args, **kwargs):
        if host in made.answers:
            made.lookups[host] += 1
            host = next(made.answers[host])
        return real(host, port, *args, **kwargs)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return made


@pytest.fixture
def client(conn):
    from service.app import create_app
    return create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True}).test_client()


@pytest.fixture
def deliver(conn):
    """Run turn and webhook jobs, and rq's scheduler for the retries that come due,
    until `done()` holds (or `seconds` pass)."""
    queues = [queue(conn, TURNS), queue(conn, WEBHOOKS)]
    scheduler = RQScheduler([q.name for q in queues], connection=conn)

    def run(done=lambda: True, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        assert scheduler.acquire_locks()
        try:
            while True:
                scheduler.enqueue_scheduled_jobs()
                BurstWorker([q.name for q in queues], connection=conn).work(burst=True)
                if done() or time.monotonic() > deadline:
                    return
                time.sleep(0.05)
        finally:
            scheduler.release_locks()
    return run


def ada_with_hook(client, url: str, events=None) -> tuple[dict, dict, dict]:
    ada = client.post("/v1/players", json={"name": "Ada", "email": "ada@p.test"}).json
    auth = {"Authorization": f"Bearer {ada['token']['token']}"}
    hook = client.post("/v1/players/me/webhooks", headers=auth,
                       json={"url": url, **({"events": events} if events else {})})
    assert hook.status_code == 201, hook.json
    return ada, auth, hook.json


def game_with(client, ada: dict, auth: dict) -> dict:
    """Ada's game with Bert, who takes his invitation without an account (its token kept
    in his seat's entry): the game is dealt."""
    answer = client.post("/v1/games", headers=auth, json={"game": "pile", "seed": 3, "players": [
        {"name": "Ada", "player": ada["id"]}, {"name": "Bert"}]})
    assert answer.status_code == 201, answer.json
    game = answer.json
    bert = game["seats"][1]
    taken = client.post(f"/v1/games/{game['id']}/invitations/accept",
                        json={"code": bert["invitation"]["code"]})
    assert taken.status_code == 200, taken.json
    bert["token"] = taken.json["token"]
    return game


def test_each_message_verifies_with_the_standardwebhooks_package(client, receiver, deliver,
                                                                game_state):
    """Also with the game state on a Redis Cluster: the game's own webhook too."""
    box, game_box = receiver(), receiver()
    ada, auth, hook = ada_with_hook(client, box.url)
    game = game_with(client, ada, auth)
    deliver(lambda: len(box.got) >= 2)
    verified = [Webhook(hook["secret"]).verify(body, headers) for headers, body, _ in box.got]
    assert sorted(m["type"] for m in verified) == ["game-started", "your-turn"]
    assert all(m["data"]["game"] == game["id"] and m["data"]["seat"] == 0 for m in verified)
    admin = {"Authorization": f"Bearer {game['admin_token']}"}
    game_hook = client.post(f"/v1/games/{game['id']}/webhooks", headers=admin,
                            json={"url": game_box.url, "events": ["your-turn"]})
    assert game_hook.status_code == 201, game_hook.json
    assert client.post(f"/v1/games/{game['id']}/turns", headers=auth, json={
        "expected_version": 0, "moves": [{"action": "pass"}]}).status_code == 202
    deliver(lambda: game_box.got)
    told = [Webhook(game_hook.json["secret"]).verify(body, headers) for headers, body, _ in game_box.got]
    assert [(m["type"], m["data"]["version"], m["data"]["seat"]) for m in told] == [("your-turn", 1, 1)]
    headers, body, _ = box.got[0]
    with pytest.raises(Exception):                  # a forged body does not verify
        Webhook(hook["secret"]).verify(body.replace(b"Ada", b"Eve").replace(b"0", b"1"), headers)
    log = client.get(f"/v1/players/me/webhooks/{hook['id']}/deliveries", headers=auth).json
    assert [d["status_code"] for d in log["deliveries"]] == [204, 204]


def test_a_receiver_answering_500_sees_the_schedule_then_the_webhook_is_disabled_after_a_day(
        client, receiver, deliver, monkeypatch, caplog):
    """Issue 29: a failed attempt is tried again on the schedule (5 s, 5 min, 30 min, 2 h,
    5 h, 10 h, 10 h; PBEM_WEBHOOK_TIME_SCALE makes a day of it 4.8 s here, rq's scheduler
    counts whole seconds), each failure
    logged once at WARNING with its reason and no traceback; the webhook is disabled
    only once every attempt failed for a day, and the owner's mail is queued."""
    monkeypatch.setenv("PBEM_WEBHOOK_TIME_SCALE", "18000")
    box = receiver(500)
    ada, auth, hook = ada_with_hook(client, box.url, events=["your-turn"])
    game_with(client, ada, auth)
    with caplog.at_level(logging.INFO, logger="workers.webhooks"):
        deliver(lambda: len(box.got) >= 8, seconds=20)
    assert len(box.got) == 8 and len({h["webhook-id"] for h, _, _ in box.got}) == 1
    at = [when for _, _, when in box.got]
    gaps = [later - earlier for earlier, later in zip(at, at[1:])]
    assert gaps[-1] > 0.9 and gaps[-2] > 0.9 and at[-1] - at[0] > 4.8, gaps   # 10 h, 10 h; a day
    warnings = [r for r in caplog.records if r.name == "workers.webhooks"]
    assert len(warnings) == 8 and all(r.levelno == logging.WARNING and r.exc_info is None
                                      and "answered 500" in r.getMessage() for r in warnings)
    log = client.get(f"/v1/players/me/webhooks/{hook['id']}/deliveries", headers=auth).json
    assert [(d["attempt"], d["status_code"], d["ok"]) for d in log["deliveries"]] == \
        [(n, 500, False) for n in range(8, 0, -1)]
    reason = log["webhook"]["disabled_reason"]
    assert log["webhook"]["enabled"] is False and "answered 500" in reason
    assert float(re.search(r"every attempt failed for ([0-9.]+) h", reason)[1]) >= 24, reason
    assert log["missed"] == 1                       # kept for the webhook's re-enabling
    told = [job for job in queue(client.application.extensions["redis"], MAIL).jobs
            if job.func_name == "workers.players.webhook_disabled"]
    assert [job.args for job in told] == [(hook["id"],)]


def test_a_failure_then_a_delivery_keeps_the_webhook_enabled(client, receiver, deliver,
                                                             monkeypatch):
    """Issue 29: not "20 failed attempts in a row" but a day of nothing going through:
    a receiver failing the first three attempts and then answering stays enabled, its
    failures cleared."""
    monkeypatch.setenv("PBEM_WEBHOOK_TIME_SCALE", "50000")
    box = receiver(503, 503, 503, 204)
    ada, auth, hook = ada_with_hook(client, box.url, events=["your-turn"])
    game_with(client, ada, auth)
    deliver(lambda: len(box.got) >= 4)
    log = client.get(f"/v1/players/me/webhooks/{hook['id']}/deliveries", headers=auth).json
    assert [d["ok"] for d in log["deliveries"]] == [True, False, False, False]
    assert log["webhook"]["enabled"] is True and log["webhook"]["failures"] == 0
    assert log["webhook"]["failing_since"] is None and log["missed"] == 0


def test_a_disabled_webhook_enabled_again_gets_what_it_missed_in_the_games_order(
        client, receiver, deliver):
    """Issue 29: what a disabled webhook is told is kept; PATCH `enabled: true` enables it
    and redelivers it, in the order of the game's version."""
    box = receiver()
    ada, auth, hook = ada_with_hook(client, box.url)
    changed = client.patch(f"/v1/players/me/webhooks/{hook['id']}", headers=auth,
                           json={"enabled": False})
    assert changed.status_code == 200 and changed.json["enabled"] is False, changed.json
    game = game_with(client, ada, auth)
    bert = {"Authorization": f"Bearer {game['seats'][1]['token']}"}
    for version, seat_auth in enumerate((auth, bert, auth, bert)):
        move = client.get(f"/v1/games/{game['id']}/legal-moves", headers=seat_auth).json[
            "moves"][-1 if version > 1 else 0]           # two plays, then both pass: over
        assert client.post(f"/v1/games/{game['id']}/turns", headers=seat_auth, json={
            "expected_version": version, "moves": [move]}).status_code == 202
        deliver()
    assert box.got == []
    log = client.get(f"/v1/players/me/webhooks/{hook['id']}/deliveries", headers=auth).json
    missed = log["missed"]
    assert missed >= 4, log
    assert client.patch(f"/v1/players/me/webhooks/{hook['id']}", headers=auth,
                        json={"enabled": True}).json["enabled"] is True
    deliver(lambda: len(box.got) >= missed)
    told = box.verified(hook["secret"])
    versions = [m["data"]["version"] for m in told]
    assert len(told) == missed and versions == sorted(versions), told
    assert told[0]["type"] == "game-started" and told[-1]["type"] == "game-over"
    assert client.get(f"/v1/players/me/webhooks/{hook['id']}/deliveries",
                      headers=auth).json["missed"] == 0
    refused = client.patch(f"/v1/players/me/webhooks/{hook['id']}", headers=auth,
                           json={"enabled": "yes"})
    assert refused.status_code == 400, refused.json


def test_an_accepted_seat_is_told_on_its_webhook_as_on_its_stream(client, receiver, deliver):
    """Issue 29: a player taking a seat of a running game gets game-started and your-turn
    on its webhook, the same events its stream gets (service/feed.py's one seam)."""
    box = receiver()
    cleo = client.post("/v1/players", json={"name": "Cleo", "email": "cleo@p.test"}).json
    cleo_auth = {"Authorization": f"Bearer {cleo['token']['token']}"}
    hook = client.post("/v1/players/me/webhooks", headers=cleo_auth, json={"url": box.url}).json
    game = client.post("/v1/games", json={"game": "pile", "seed": 3, "players": [
        {"name": "Ada"}, {"name": "Cleo"}]}).json
    first = {"Authorization": f"Bearer {game['seats'][0]['token']}"}
    move = client.get(f"/v1/games/{game['id']}/legal-moves", headers=first).json["moves"][0]
    assert client.post(f"/v1/games/{game['id']}/turns", headers=first,
                       json={"expected_version": 0, "moves": [move]}).status_code == 202
    deliver()
    taken = client.post("/v1/players/me/seats", headers=cleo_auth,
                        json={"game": game["id"], "token": game["seats"][1]["token"]})
    assert taken.status_code == 200, taken.json
    deliver(lambda: len(box.got) >= 2)
    told = box.verified(hook["secret"])
    stream = [json.loads(fields[b"event"]) for _, fields in client.application.extensions[
        "redis"].xrange(f"player:{cleo['id']}:events")]
    assert [m["type"] for m in told] == ["game-started", "your-turn"]
    assert [m["data"] for m in told] == stream


def test_internal_addresses_are_refused_outside_development(client, receiver, deliver,
                                                             monkeypatch):
    box = receiver()
    ada, auth, hook = ada_with_hook(client, box.url)     # development: loopback allowed
    monkeypatch.delenv("PBEM_DEVELOPMENT")
    for url in (box.url, "http://localhost/x", "http://10.1.2.3/x", "http://[::1]/x",
                "http://169.254.169.254/latest/meta-data", "http://[::ffff:192.168.0.1]/",
                "http://100.64.0.1/", "http://0.0.0.0:80/"):
        answer = client.post("/v1/players/me/webhooks", headers=auth, json={"url": url})
        assert answer.status_code == 422, (url, answer.json)
        assert answer.json["errors"][0]["field"] == "url"
    assert client.post("/v1/players/me/webhooks", headers=auth,
                       json={"url": "ftp://example.org/"}).status_code == 400
    game_with(client, ada, auth)                     # owed, but checked again at delivery
    deliver()
    assert box.got == []
    log = client.get(f"/v1/players/me/webhooks/{hook['id']}/deliveries", headers=auth).json
    assert log["deliveries"] and all("internal address" in d["error"] for d in log["deliveries"])


def sign_up(client) -> tuple[dict, dict]:
    ada = client.post("/v1/players", json={"name": "Ada", "email": "ada@p.test"}).json
    return ada, {"Authorization": f"Bearer {ada['token']['token']}"}


def test_a_name_pointed_at_loopback_is_refused_also_when_it_rebinds_after_the_check(
        client, receiver, deliver, dns, monkeypatch):
    """The name answers a public address and loopback in turn, as a rebinding attacker's
    would: each delivery resolves it once and connects to what it checked, so the
    receiver on loopback is never reached (a second lookup as the connection is made
    would have found it)."""
    box = receiver()
    ada, auth = sign_up(client)
    monkeypatch.delenv("PBEM_DEVELOPMENT")
    dns.point("hooks.example.test", "127.0.0.1")
    refused = client.post("/v1/players/me/webhooks", headers=auth,
                          json={"url": f"http://hooks.example.test:{box.port}/hook"})
    assert refused.status_code == 422 and refused.json["errors"][0]["field"] == "url"
    errors = rebound_deliveries(client, deliver, dns, box, (ada, auth), "127.0.0.1")
    assert "93.184.216.34" in errors[0] and "internal address" in errors[1], errors


def rebound_deliveries(client, deliver, dns, box, player, *later: str) -> list[str]:
    """The errors (sorted) of the two deliveries to a webhook on hooks.example.test,
    made (outside development) while the name answers a public address and delivered
    while it answers, a lookup each, 93.184.216.34 again or `later`'s addresses in turn;
    the receiver on loopback is never reached and the name is looked up once for each."""
    (ada, auth), url = player, f"http://hooks.example.test:{box.port}/hook"
    dns.point("hooks.example.test", "93.184.216.34", *later)
    hook = client.post("/v1/players/me/webhooks", headers=auth, json={"url": url})
    assert hook.status_code == 201, hook.json                          # 1st lookup: public
    game_with(client, ada, auth)                                       # two messages owed
    deliver()
    assert box.got == []
    log = client.get(f"/v1/players/me/webhooks/{hook.json['id']}/deliveries", headers=auth).json
    errors = sorted(d["error"] for d in log["deliveries"])
    assert len(errors) == 2 and dns.lookups["hooks.example.test"] == 3   # one per delivery
    return errors


def test_a_delivery_over_tls_keeps_the_name_for_host_sni_and_the_certificate(
        client, receiver, deliver, dns, monkeypatch, tmp_path):
    """The address connected to is the one looked up; the name is the Host header, the
    TLS server name and the name the certificate must carry (a certificate of another
    name fails). Development mode: loopback allowed, still resolved once."""
    ca = trustme.CA()
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("hooks.example.test").configure_cert(tls)
    ca.cert_pem.write_to_path(str(tmp_path / "ca.pem"))
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "ca.pem"))
    box = receiver(tls=tls)
    ada, auth = sign_up(client)
    hooks = {}
    for name in ("hooks.example.test", "other.example.test"):
        dns.point(name, "127.0.0.1", "192.0.2.1")           # a second lookup: elsewhere
        hooks[name] = client.post("/v1/players/me/webhooks", headers=auth, json={
            "url": f"https://{name}:{box.port}/hook", "events": ["game-started"]}).json
    game_with(client, ada, auth)
    deliver(lambda: box.got)
    assert len(box.got) == 1
    assert sorted(box.server_names) == ["hooks.example.test", "other.example.test"]
    headers, body, _ = box.got[0]
    assert headers["host"] == f"hooks.example.test:{box.port}"
    assert Webhook(hooks["hooks.example.test"]["secret"]).verify(body, headers)["type"] == \
        "game-started"
    assert dns.lookups == {"hooks.example.test": 1, "other.example.test": 1}
    other = client.get(f"/v1/players/me/webhooks/{hooks['other.example.test']['id']}"
                       "/deliveries", headers=auth).json["deliveries"]
    assert "SSLError: hostname 'other.example.test' doesn't match" in other[0]["error"], other


def test_what_was_missed_is_redelivered_in_each_games_order():
    """Issue 29: kept out of order (a retry's message kept after a newer one), each game's
    messages come back in the order of its version, a game's before another's when its
    first kept message is older, an event without a version after the version of its
    game's message kept before it."""
    from service.webhooks import in_game_order

    def kept(name, game, version=None):
        data = {"game": game, **({"version": version} if version is not None else {})}
        return [name, json.dumps({"type": "your-turn", "data": data})]
    missed = [kept("a3", "a", 3), kept("b1", "b", 1), kept("a1", "a", 1), kept("a2", "a", 2),
              kept("b0", "b", 0), kept("a-note", "a")]
    assert [name for name, _ in in_game_order(missed)] == ["a1", "a2", "a-note", "a3", "b0", "b1"]
