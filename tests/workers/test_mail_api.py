"""Mail through the HTTP doors, end to end (issue 4, "Intake"): a game created by
POST /v1/games with e-mail addresses and a clock sends its invitations; a reply posted
to POST /v1/inbound-mail under the shared secret is played and answered by mail.
(The doors' contract and errors are tested in tests/api/test_mail_http.py.)"""
from __future__ import annotations

import pytest

from service.api.mail import hook_secret
from service.mail import consent
from service.store import Store
from tests.conftest import TEST_REDIS_URL
from tests.workers.conftest import DOMAIN, PLAYERS, SECRET, reply_to, kind
from tests.workers.test_play_by_mail import listed_moves

ADA = PLAYERS[0]["email"]
CLOCK = {"turn_hours": 48, "reminder_hours": [24, 12], "deadline_policy": "skip"}


@pytest.fixture
def client(conn):
    from service.app import create_app
    return create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True}).test_client()


@pytest.fixture
def created(conn, client, inbox, run_jobs, api_key):
    for player in PLAYERS:                            # they confirmed their addresses before
        conn.sadd(consent.CONFIRMED, player["email"])
    answer = client.post("/v1/games", json={"game": "pile", "players": PLAYERS, "seed": 7,
                                            "clock": CLOCK}, headers=api_key())
    assert answer.status_code == 201, answer.get_json()
    run_jobs()
    return answer.get_json()


def test_a_game_with_a_clock_sends_invitations(conn, inbox, created):
    assert Store(conn).game(created["id"]).settings["clock"] == CLOCK
    assert kind(inbox.last(ADA)).endswith("You are invited to a game")


def raw_reply(inbox, body: str) -> bytes:
    invitation = inbox.last(ADA)
    return bytes(reply_to(invitation, body if body else listed_moves(invitation)[0], ADA))


def test_inbound_hook_takes_a_reply_under_the_shared_secret(conn, client, inbox, run_jobs, created, after_window):
    answer = client.post("/v1/inbound-mail", data=raw_reply(inbox, ""),
                         headers={"Authorization": f"Bearer {hook_secret(conn)}",
                                  "Content-Type": "message/rfc822"})
    assert answer.status_code == 202
    run_jobs()
    after_window()
    assert Store(conn).snapshot(created["id"]).version == 1
    assert kind(inbox.last(ADA)).endswith("Your move was applied")


def test_inbound_hook_refuses_a_wrong_secret(conn, client, inbox, run_jobs, created):
    answer = client.post("/v1/inbound-mail", data=raw_reply(inbox, "pass"),
                         headers={"Authorization": "Bearer guess", "Content-Type": "message/rfc822"})
    assert answer.status_code == 401
    run_jobs()
    assert Store(conn).snapshot(created["id"]).version == 0 and not conn.keys("mail:in:*")


def test_the_reply_address_key_is_not_the_inbound_hook_token(conn, client, inbox, run_jobs, created):
    answer = client.post("/v1/inbound-mail", data=raw_reply(inbox, "pass"),
                         headers={"Authorization": f"Bearer {SECRET}", "Content-Type": "message/rfc822"})
    assert answer.status_code == 401
    assert hook_secret(conn) != SECRET


def test_mail_for_a_seat_without_address_is_neither_answered_nor_played(conn, client, inbox, run_jobs,
                                                                       api_key):
    from workers.mail import reply_address
    conn.sadd(consent.CONFIRMED, PLAYERS[1]["email"])
    game = client.post("/v1/games", json={"game": "pile", "players": [{"name": "Ada"}, PLAYERS[1]],
                                          "seed": 7}, headers=api_key()).get_json()
    code = game["seats"][0]["invitation"]["code"]         # Ada takes her seat, with no address
    assert client.post(f"/v1/games/{game['id']}/invitations/accept",
                       json={"code": code}).status_code == 200
    run_jobs()
    mallory = "mallory@evil.test"
    forged = reply_to(inbox.last(PLAYERS[1]["email"]), "status\npass", mallory)
    del forged["To"]
    forged["To"] = reply_address.make(SECRET, DOMAIN, game["id"], 0, 0, 1)   # taken once: epoch 1
    answer = client.post("/v1/inbound-mail", data=bytes(forged),
                         headers={"Authorization": f"Bearer {hook_secret(conn)}",
                                  "Content-Type": "message/rfc822"})
    assert answer.status_code == 202
    run_jobs()
    assert inbox.to(mallory) == []
    assert Store(conn).snapshot(game["id"]).version == 0


def test_resuming_a_paused_game_starts_its_clocks_at_once(conn, client, created, run_jobs):
    """Pausing stops the clocks; POST .../status active restarts them in the job it
    owes, not at the next sweep."""
    from service.turn_clock import read
    admin = {"Authorization": f"Bearer {created['admin_token']}"}
    url = f"/v1/games/{created['id']}/status"
    assert read(conn, created["id"], 0) is not None
    client.post(url, json={"status": "paused"}, headers=admin)
    from service.play import load_game
    from service.turn_clock import restart
    restart(conn, load_game(Store(conn), created["id"]))
    assert read(conn, created["id"], 0) is None
    assert client.post(url, json={"status": "active"}, headers=admin).status_code == 200
    run_jobs()
    assert read(conn, created["id"], 0) is not None
