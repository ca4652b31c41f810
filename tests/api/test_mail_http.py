"""The mail side's HTTP doors: a seat's mail settings, the inbound hook, and the
turn clock given at creation (issue 4; the mail itself is tested in tests/workers)."""
from __future__ import annotations

import time

from service.mail import settings
from tests.api.helpers import a_game
from tests.api.test_error_coverage import hook


def test_a_seat_mutes_and_digests_its_mail_with_its_own_token(client):
    game = a_game(client)
    url = f"/v1/games/{game.id}/seats/1/mail"
    assert client.get(url, headers=game.auth(1)).json == {
        "muted": False, "digest_hours": 0, "vacation_until": None, "notify": "to_act",
        "messages": "next_mail", "language": None}
    changed = client.put(url, json={"muted": True, "digest_hours": 12}, headers=game.auth(1))
    assert changed.status_code == 200
    assert client.get(url, headers=game.auth(1)).json["digest_hours"] == 12


def test_a_seat_chooses_a_mail_after_every_move_or_only_when_it_must_act(client):
    """Issue 14, "Fewer mails": the seat's `notify` setting; any other value is refused
    by the contract, naming the field, and changes nothing."""
    game = a_game(client)
    url = f"/v1/games/{game.id}/seats/0/mail"
    assert client.put(url, json={"notify": "every_move"}, headers=game.auth(0)).json["notify"] == "every_move"
    refused = client.put(url, json={"notify": "always"}, headers=game.auth(0))
    assert refused.status_code == 400 and "notify" in str(refused.json)
    assert client.get(url, headers=game.auth(0)).json["notify"] == "every_move"


def test_a_vacation_runs_until_its_end(client, redis_conn):
    """Issue 12 finding 7: `vacation_days: 2` ends two days after it was declared, is
    running until then and over at its end; `vacation_days: 0` ends it at once."""
    game = a_game(client)
    url = f"/v1/games/{game.id}/seats/0/mail"
    before = time.time()
    answer = client.put(url, json={"vacation_days": 2}, headers=game.auth(0))
    after = time.time()
    until = answer.json["vacation_until"]
    assert before + 2 * 86400 <= until <= after + 2 * 86400
    assert client.get(url, headers=game.auth(0)).json["vacation_until"] == until
    kept = settings.load(redis_conn, game.id, 0)
    assert kept.on_vacation(until - 1) == until and kept.on_vacation(until) is None
    ended = client.put(url, json={"vacation_days": 0}, headers=game.auth(0))
    assert ended.json["vacation_until"] is None
    assert client.get(url, headers=game.auth(0)).json["vacation_until"] is None


def test_the_inbound_hook_takes_a_raw_message(client, redis_conn):
    raw = b"From: a@player.test\r\nTo: play+x.0.y@example.org\r\nSubject: hi\r\n\r\npass\r\n"
    answer = client.post("/v1/inbound-mail", data=raw, content_type="message/rfc822",
                         headers=hook(client))
    assert answer.status_code == 202 and answer.json["status"] == "accepted"


def test_the_turn_clock_is_kept_with_the_game(client, redis_conn):
    from service.store import Store
    answer = client.post("/v1/games", json={
        "game": "pile", "players": [{"name": "a"}, {"name": "b"}],
        "clock": {"turn_hours": 48, "reminder_hours": [24, 12], "deadline_policy": "skip"}})
    record = Store(redis_conn).game(answer.json["id"])
    assert record.settings == {"clock": {"turn_hours": 48, "reminder_hours": [24, 12],
                                         "deadline_policy": "skip"}}


def test_a_clock_policy_outside_the_contract_is_refused(client):
    answer = client.post("/v1/games", json={
        "game": "pile", "players": [{"name": "a"}, {"name": "b"}],
        "clock": {"turn_hours": 48, "deadline_policy": "forfeit"}})
    assert answer.status_code == 400
    assert answer.json["errors"][0]["field"] == "clock.deadline_policy"
