"""Challenges answered by mail, and messages each in a mail of their own (issue 30), with
the API (Flask's test client), the rq jobs, a real SMTP server receiving what the
service sends and the service's own SMTP listener (`pbem mail-in`) taking the replies.

A challenge is mailed to each challenged player whose address is confirmed; one accepts
by API, the other by replying `accept`, and the game is dealt only after both. A reply
`decline` opens the seat to anyone. A seat that chose `messages own` gets a table
message or a whisper to it in a short mail of its own at once; a whisper never reaches
the third seat's mail."""
from __future__ import annotations

import pytest

from service.app import create_app
from service.mail import consent
from tests.conftest import TEST_REDIS_URL
from tests.workers.conftest import PLAYERS, kind, reply_to
from tests.workers.test_commands_by_mail import ask, text

ADA, BERT, CLEO = "ada@player.test", "bert@player.test", "cleo@player.test"
SECRET = "I hold the last coal, tell nobody"


@pytest.fixture
def client(conn):
    return create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True}).test_client()


def sign_up(client, conn, address: str) -> tuple[dict, dict]:
    """A player whose address is confirmed (it answered the question before)."""
    answer = client.post("/v1/players", json={"name": address.split("@")[0].title(),
                                              "email": address})
    assert answer.status_code == 201, answer.json
    conn.sadd(consent.CONFIRMED, consent.normal(address))
    return answer.json, {"Authorization": f"Bearer {answer.json['token']['token']}"}


def challenge(client, conn) -> tuple[str, list[tuple[dict, dict]]]:
    """Ada challenges Bert and Cleo to a 3-seat game; (game id, [ada, bert, cleo])."""
    people = [sign_up(client, conn, address) for address in (ADA, BERT, CLEO)]
    (ada, ada_auth), (bert, _), (cleo, _) = people
    created = client.post("/v1/games", headers=ada_auth, json={"game": "pile", "players": [
        {"name": "Ada", "player": ada["id"]}, {"challenge": bert["id"]}, {"challenge": cleo["id"]}]})
    assert created.status_code == 201, created.json
    assert created.json["status"] == "waiting-for-players"
    return created.json["id"], people


def challenge_mail(inbox, address: str):
    found = [m for m in inbox.to(address) if kind(m) == "Challenge"]
    assert len(found) == 1, [kind(m) for m in inbox.to(address)]
    return found[0]


def test_a_challenge_accepted_by_api_and_by_mail_reply_is_dealt_after_both(
        conn, client, inbox, mail_in, run_jobs):
    game_id, [(ada, _), (bert, bert_auth), (cleo, cleo_auth)] = challenge(client, conn)
    run_jobs()
    for address in (BERT, CLEO):
        said = text(challenge_mail(inbox, address))
        assert "Ada challenges you to a game of" in said and "Reply `accept`" in said
    assert not [m for m in inbox.to(ADA) if kind(m) == "Challenge"]
    listed = client.get("/v1/players/me/challenges", headers=bert_auth).json["challenges"]
    assert [(c["id"], c["seat"], c["challenger"]) for c in listed] == [(game_id, 1, "Ada")]

    accepted = client.post(f"/v1/players/me/challenges/{game_id}/accept", headers=bert_auth)
    assert accepted.status_code == 200 and accepted.json["status"] == "waiting-for-players"
    game = client.get(f"/v1/games/{game_id}").json
    assert game["status"] == "waiting-for-players" and game["fairness"] is None

    mail_in(reply_to(challenge_mail(inbox, CLEO), "accept", CLEO))
    run_jobs()
    assert [kind(m) for m in inbox.to(CLEO) if "You took your seat" in text(m)] == [
        "Answer to your mail"]
    game = client.get(f"/v1/games/{game_id}").json
    assert game["status"] == "active" and game["fairness"]["commitment"]
    assert game["players"] == ["Ada", "Bert", "Cleo"]
    assert client.get("/v1/players/me/challenges", headers=cleo_auth).json == {"challenges": []}
    assert [g["id"] for g in client.get("/v1/players/me/games", headers=cleo_auth).json["games"]] \
        == [game_id]
    for address in (ADA, BERT, CLEO):                   # each is invited to the dealt game
        assert [kind(m) for m in inbox.to(address)].count("You are invited to a game") == 1


def test_a_challenge_declined_by_mail_reply_opens_the_seat(conn, client, inbox, mail_in, run_jobs):
    game_id, [_, (bert, bert_auth), (cleo, _)] = challenge(client, conn)
    run_jobs()
    mail_in(reply_to(challenge_mail(inbox, BERT), "decline", BERT))
    run_jobs()
    assert "You declined" in text(inbox.last(BERT))
    assert client.get("/v1/players/me/challenges", headers=bert_auth).json == {"challenges": []}
    listed = client.get("/v1/games?open=true").json["games"]
    assert [(g["id"], g["open_seats"]) for g in listed] == [(game_id, [1])]
    again = ask(mail_in, run_jobs, inbox, CLEO, "hello")          # anything but an answer
    assert "Reply `accept`" in again
    assert client.get(f"/v1/games/{game_id}").json["status"] == "waiting-for-players"


def test_a_whisper_by_own_mail_reaches_its_two_seats_only(conn, inbox, mail_in, run_jobs, new_game):
    people = PLAYERS + [{"name": "Cleo", "email": CLEO}]
    new_game("pile", players=people)
    run_jobs()
    for address in (BERT, CLEO):
        assert "messages: each in its own mail" in ask(mail_in, run_jobs, inbox, address,
                                                       "messages own")
    before = {address: len(inbox.to(address)) for address in (ADA, BERT, CLEO)}
    told = ask(mail_in, run_jobs, inbox, ADA, f"tell Bert {SECRET}")
    assert f"To Bert: {SECRET}" in told
    bert_new = inbox.to(BERT)[before[BERT]:]
    assert [kind(m) for m in bert_new] == ["Message"]
    assert f"Ada (to you): {SECRET}" in text(bert_new[0])
    assert inbox.to(CLEO)[before[CLEO]:] == []                      # nothing for the third seat
    assert [kind(m) for m in inbox.to(ADA)[before[ADA]:]] == ["Answer to your mail"]

    ask(mail_in, run_jobs, inbox, ADA, "say good game, all")
    cleo_new = inbox.to(CLEO)[before[CLEO]:]
    assert [kind(m) for m in cleo_new] == ["Message"] and "Ada: good game, all" in text(cleo_new[0])
    assert "Ada: good game, all" in text(inbox.last(BERT))
    assert all(SECRET not in text(m) for m in inbox.to(CLEO))
    status = ask(mail_in, run_jobs, inbox, BERT, "status")           # carried once, not again
    assert SECRET not in status and "good game" not in status
