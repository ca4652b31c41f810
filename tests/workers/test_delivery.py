"""Delivery (issue 4, "Out" and "In"): a failed hand-over is retried with backoff, one
refused for good (5xx) is not sent again, mail whose job was lost is found by the
sweeper, and `pbem mail-in`'s listener runs as its own process, takes mail for
MAIL_DOMAIN only and hands it to the intake."""
from __future__ import annotations

import os
import smtplib
import subprocess
import sys
import time
from email.message import EmailMessage

import pytest
import time_machine
from aiosmtpd.controller import Controller

from service.queues import MAIL, queue
from tests.conftest import TEST_REDIS_URL
from tests.workers.conftest import DOMAIN, PLAYERS, SECRET, Inbox, free_port, kind
from tests.workers.test_turn_clock import START
from workers.mail import compose, outbox, reply_address
from workers.mail.compose import Mail

ADA = PLAYERS[0]["email"]


def test_failed_delivery_is_retried_with_backoff(conn, inbox, run_jobs, new_game, monkeypatch):
    working = os.environ["SMTP_URL"]
    with time_machine.travel(START, tick=True) as travel:
        monkeypatch.setenv("SMTP_URL", f"smtp://127.0.0.1:{free_port()}?timeout=2")
        game_id = new_game("pile")
        run_jobs()
        assert not inbox.messages and conn.scard(outbox.pending_key(game_id)) == 2
        monkeypatch.setenv("SMTP_URL", working)
        travel.shift(11)                                    # the first retry is due after 10 s
        run_jobs()
    assert len(inbox.messages) == 2 and conn.scard(outbox.pending_key(game_id)) == 0


def test_sweeper_delivers_mail_whose_job_was_lost(conn, inbox, run_jobs, new_game):
    game_id = new_game("pile")
    run_jobs()
    mail = Mail(game_id, "Pile", 0, "Ada", ADA, 0, "Lost and found").add("", "hello")
    message = compose.build(mail, "t@games.test", DOMAIN, "http://x")
    assert outbox.claim(conn, game_id, 0, ["lost"], outbox.payload(message, ADA))   # no job queued
    queue(conn, MAIL).enqueue("workers.clock.sweep")
    run_jobs()
    assert kind(inbox.last(ADA)).endswith("Lost and found")


def test_a_mail_whose_delivery_keeps_getting_lost_is_given_up(conn, inbox, run_jobs, new_game):
    game_id = new_game("pile")
    run_jobs()
    mail = Mail(game_id, "Pile", 0, "Ada", ADA, 0, "Never arrives").add("", "hello")
    message = compose.build(mail, "t@games.test", DOMAIN, "http://x")
    mail_id = outbox.claim(conn, game_id, 0, ["lost"], outbox.payload(message, ADA))
    owed = [outbox.resend_lost(conn, queue(conn, MAIL), game_id) for _ in range(outbox.MAX_RESENDS + 3)]
    assert owed == [1] + [0] * (outbox.MAX_RESENDS + 2)               # its job is queued: not lost
    for _ in range(outbox.MAX_RESENDS + 3):
        job = queue(conn, MAIL).fetch_job(f"pbem-mail-{game_id}-{mail_id}")
        if job is not None:
            job.delete()                                                # lost again
        outbox.resend_lost(conn, queue(conn, MAIL), game_id)
    assert not conn.sismember(outbox.pending_key(game_id), mail_id)
    assert conn.get(f"game:{{{game_id}}}:mail:bounced:{mail_id}").startswith(b"gave up")


@pytest.fixture
def listener_process(conn, inbox):
    port = free_port()
    env = {**os.environ, "REDIS_URL": TEST_REDIS_URL, "MAIL_DOMAIN": DOMAIN,
           "INBOUND_MAIL_SECRET": SECRET}
    process = subprocess.Popen([sys.executable, "-m", "service.cli", "mail-in", "--host",
                                "127.0.0.1", "--port", str(port)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60        # its start imports the service: slow on a loaded machine
    while True:
        try:
            smtplib.SMTP("127.0.0.1", port, timeout=1).quit()
            break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                process.wait(10)
                pytest.fail("pbem mail-in never listened")
            time.sleep(0.1)
    yield port
    process.terminate()
    process.wait(10)


def test_mail_in_process_takes_replies_for_its_domain_only(conn, inbox, run_jobs, new_game, listener_process):
    game_id = new_game("pile")
    run_jobs()
    message = EmailMessage()
    message["From"], message["Subject"] = ADA, "Re: your turn"
    message["To"] = reply_address.make(SECRET, DOMAIN, game_id, 0, 0, 0)
    message.set_content("status\n")
    with smtplib.SMTP("127.0.0.1", listener_process) as client:
        client.send_message(message)
        with pytest.raises(smtplib.SMTPRecipientsRefused):
            client.sendmail(ADA, ["someone@elsewhere.test"], b"Subject: relay?\r\n\r\nx\r\n")
    run_jobs()
    answer = inbox.last(ADA)
    assert kind(answer) == "Answer to your mail" and answer["Subject"].endswith(f"{game_id}] Ada's game")
    assert "Version 0, the game is active." in answer.get_body(("plain",)).get_content()


def test_mail_refused_for_good_is_not_sent_again(conn, inbox, run_jobs, new_game, monkeypatch):
    class Refusing(Inbox):
        async def handle_RCPT(self, server, session, envelope, address, options):
            return "550 5.1.1 no such user"
    refusing = Controller(Refusing(), hostname="127.0.0.1", port=free_port())
    refusing.start()
    try:
        monkeypatch.setenv("SMTP_URL", f"smtp://127.0.0.1:{refusing.port}")
        game_id = new_game("pile")
        run_jobs()
    finally:
        refusing.stop()
    assert conn.scard(outbox.pending_key(game_id)) == 0
    assert len(conn.keys(f"game:{{{game_id}}}:mail:bounced:*")) == 2
    queue(conn, MAIL).enqueue("workers.clock.sweep")
    run_jobs()
    assert not inbox.messages
