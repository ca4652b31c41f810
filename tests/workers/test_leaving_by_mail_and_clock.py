"""Leaving a game but for resigning (issue 30), by mail and by the turn clock: the real SMTP
listener takes the replies `end game` / `end agree` / `end refuse`, a real SMTP server
receives what the service sends, rq's scheduler and a worker run the clock's jobs with
time moved by time-machine, and the API answers through the Flask app on the same Redis.
The game's admin is refused a seat before it missed N deadlines (the answer says how many
and N) and may give it to the bot, or to a replacement, after. No rulebook speaks of
ending early or replacing a player: both are the platform's, outside the rules."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import time_machine

from service.mail import consent
from service.play import create_game
from service.queues import MAIL, queue
from service.store import Store
from tests.i18n.catalogue import english_in
from tests.workers.conftest import PLAYERS, kind
from tests.workers.test_commands_by_mail import ask, text

ADA, BERT = PLAYERS[0]["email"], PLAYERS[1]["email"]
START = datetime(2030, 3, 4, 9, 0, tzinfo=timezone.utc)


def test_ending_a_game_by_mail_proposed_refused_then_agreed(conn, inbox, mail_in, run_jobs,
                                                            new_game):
    game_id = new_game("pile")
    run_jobs()
    asked = ask(mail_in, run_jobs, inbox, ADA, "end")
    assert "`end game`" in asked and Store(conn).snapshot(game_id).status == "active"
    assert "You proposed to end the game. Waiting for: Bert." in \
        ask(mail_in, run_jobs, inbox, ADA, "end game")
    assert kind(inbox.last(BERT)) == "Ada proposes to end the game"
    assert "the proposal to end the game is withdrawn" in \
        ask(mail_in, run_jobs, inbox, BERT, "end refuse")
    assert kind(inbox.last(ADA)) == "Bert refused to end the game"
    assert "nothing to refuse" in ask(mail_in, run_jobs, inbox, BERT, "end refuse")
    ask(mail_in, run_jobs, inbox, ADA, "end game")
    ask(mail_in, run_jobs, inbox, BERT, "end agree")
    assert any("Everyone agreed: the game is over, recorded as abandoned." in text(m)
               for m in inbox.to(BERT))
    snap = Store(conn).snapshot(game_id)
    assert (snap.status, snap.result) == ("finished", {"abandoned": True, "version": 0,
                                                       "agreed": [0, 1]})
    run_jobs()
    over = [text(m) for m in inbox.to(ADA) if kind(m) == "Game over: abandoned"]
    assert len(over) == 1 and "Ada, Bert agreed" in over[0] and "no ranking" in over[0]


def test_the_end_vote_and_take_back_answers_of_german_seats_are_in_german(conn, inbox, mail_in,
                                                                          run_jobs, new_game):
    """Issue 31: the answers to `end`, `end game`, `end refuse`, `take` and the mails
    that tell the other seat of a vote, for seats that chose German: in German, with no
    English sentence of the catalogue."""
    new_game("pile")
    run_jobs()
    for address in (ADA, BERT):
        ask(mail_in, run_jobs, inbox, address, "sprache deutsch")
    answers = {"Die Partie beenden?": ask(mail_in, run_jobs, inbox, ADA, "end"),
               "Du hast vorgeschlagen, die Partie zu beenden.": ask(mail_in, run_jobs, inbox, ADA,
                                                                     "end game"),
               "Ada schlägt vor, die Partie zu beenden.": text(proposed := inbox.last(BERT)),
               "Du hast abgelehnt": ask(mail_in, run_jobs, inbox, BERT, "end refuse"),
               "Bert lehnt ab, die Partie zu beenden": text(inbox.last(ADA)),
               "Zurücknehmen?": ask(mail_in, run_jobs, inbox, ADA, "take")}
    for german, answer in answers.items():
        assert german in " ".join(answer.split()) and english_in(answer) == [], (german, answer)
    assert kind(proposed) == "Ada schlägt vor, die Partie zu beenden"


def clocked(conn) -> tuple[str, str, str]:
    """A game as POST /v1/games creates it: Ada by mail, Bert by his seat token, a clock
    of 48 h that skips, the admin allowed after 2 missed deadlines. (id, admin, Bert's)"""
    conn.sadd(consent.CONFIRMED, consent.normal(ADA))
    record, shown, admin = create_game(Store(conn), "pile", [PLAYERS[0], {"name": "Bert"}], None,
                                       7, settings={"clock": {
                                           "turn_hours": 48, "reminder_hours": [24, 12],
                                           "deadline_policy": "skip", "admin_after_missed": 2}})
    queue(conn, MAIL).enqueue("workers.notify.on_game_created", record.id)
    return record.id, admin, shown[1]["token"]


def test_the_admin_hands_on_a_seat_only_after_it_missed_n_deadlines(conn, inbox, run_jobs,
                                                                   client):
    """Ada lets two deadlines pass (a pass is played for her each time); Bert moves at
    once each time. Before the second the admin is refused with the counts; after it the
    admin may invite a replacement or give the seat to the bot, which then plays it."""
    with time_machine.travel(START, tick=True) as travel:
        game_id, admin_token, bert_token = clocked(conn)
        run_jobs()
        admin = {"Authorization": f"Bearer {admin_token}"}
        url = f"/v1/games/{game_id}"
        early = client.post(f"{url}/seats/0/bot", headers=admin)
        assert early.status_code == 409 and early.json["type"].endswith("/too-few-missed-deadlines")
        assert (early.json["missed"], early.json["needed"]) == (0, 2)
        for missed in (1, 2):
            travel.move_to(START + timedelta(hours=49 * missed))
            run_jobs()
            assert client.get(f"{url}/missed-deadlines").json == {
                "missed": [missed, 0], "admin_after_missed": 2}
            if missed == 1:
                refused = client.post(f"{url}/seats/0/replacement", headers=admin)
                assert refused.status_code == 409 and (refused.json["missed"],
                                                       refused.json["needed"]) == (1, 2)
                assert "missed 1 deadline(s)" in refused.json["detail"]
            bert = Store(conn).snapshot(game_id)
            assert bert.to_act == [1]
            bert_auth = {"Authorization": f"Bearer {bert_token}"}
            card = client.get(f"{url}/legal-moves", headers=bert_auth).json["moves"][0]
            assert card["action"] == "play"         # two passes in a row would end the game
            moved = client.post(f"{url}/turns", headers=bert_auth, json={
                "expected_version": bert.version, "moves": [card]})
            assert moved.status_code in (200, 202), moved.json
            run_jobs()
        assert client.post(f"{url}/seats/1/bot", headers=admin).status_code == 409   # Bert: 0
        invited = client.post(f"{url}/seats/0/replacement", headers=admin)
        assert invited.status_code == 201 and invited.json["invitation"]["code"].startswith("pbi_")
        handed = client.post(f"{url}/seats/0/bot", headers=admin)
        assert handed.status_code == 200 and handed.json["bot"] is True, handed.json
        run_jobs()
    log = Store(conn).log(game_id)
    assert [e["move"] for e in log[:1]] == [{"action": "pass"}]           # the clock's pass
    by_bot = [e for e in log if any(ev.get("event") == "played_by_bot" for ev in e["events"])]
    assert by_bot and by_bot[0]["seat"] == 0 and by_bot[0]["events"][-1]["reason"] == "admin"
    assert any(kind(m) == "Your seat was handed on" for m in inbox.to(ADA))


def test_a_second_proposal_at_the_same_version_after_a_refusal_is_mailed_too(
        conn, inbox, mail_in, run_jobs, new_game):
    """Ada proposes, Bert refuses, Ada proposes again with no move between: Bert is
    told of each proposal (one mail per proposal, not per version)."""
    new_game("pile")
    run_jobs()
    for sender, command in ((ADA, "end game"), (BERT, "end refuse"), (ADA, "end game")):
        ask(mail_in, run_jobs, inbox, sender, command)
    assert [kind(m) for m in inbox.to(BERT)].count("Ada proposes to end the game") == 2
