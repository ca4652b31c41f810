"""A player's address gets no game mail before it is confirmed (issue 13): the sign-up
asks it once, through the same signed link as a game's invitation; games the player
is seated in meanwhile wait, and their invitations follow the confirmation. Against a
real SMTP server on loopback."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from service.mail import consent
from tests.conftest import TEST_REDIS_URL
from tests.workers.test_commands_by_mail import text
from tests.workers.conftest import kind

ADA = "ada@player.test"
QUESTION = "Please confirm: may the turn service mail you?"


@pytest.fixture
def client(conn):
    from service.app import create_app
    return create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True}).test_client()


def test_no_game_mail_before_the_players_address_is_confirmed(conn, client, inbox, run_jobs):
    signed_up = client.post("/v1/players", json={"name": "Ada", "email": ADA}).json
    auth = {"Authorization": f"Bearer {signed_up['token']['token']}"}
    run_jobs()
    assert [str(m["Subject"]) for m in inbox.to(ADA)] == [QUESTION]
    question = inbox.last(ADA)
    game = client.post("/v1/games", headers=auth, json={"game": "pile", "players": [
        {"name": "Ada", "player": signed_up["id"]}, {"name": "Bert"}]})
    assert game.status_code == 201
    code = game.json["seats"][1]["invitation"]["code"]   # Bert takes his seat: the deal
    assert client.post(f"/v1/games/{game.json['id']}/invitations/accept",
                       json={"code": code}).status_code == 200
    run_jobs()
    assert [str(m["Subject"]) for m in inbox.to(ADA)] == [QUESTION]      # nothing of the game
    assert client.get("/v1/players/me", headers=auth).json["email_confirmed"] is False

    link = re.search(r"http\S+/v1/mail/confirmations\?\S+", text(question)).group(0)
    url = urlsplit(link)
    assert client.post(f"{url.path}?{url.query}").status_code == 200
    assert consent.confirmed(conn, ADA)
    assert client.get("/v1/players/me", headers=auth).json["email_confirmed"] is True
    run_jobs()
    subjects = [str(m["Subject"]) for m in inbox.to(ADA)]
    assert len(subjects) == 2 and kind(inbox.to(ADA)[1]).endswith("You are invited to a game")
