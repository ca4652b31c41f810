"""Mail that is odd but not malicious is answered, never a crashed job (issue 4, "Bad
mail is answered, not dropped"): an unknown charset, line breaks encoded into the
Subject or Message-ID (never copied into the answer's headers), a body that cannot be
decoded."""
from __future__ import annotations

import pytest
from rq.registry import FailedJobRegistry

from service.mail.inbox import accept
from service.queues import MAIL, queue
from tests.workers.conftest import PLAYERS
from tests.workers.test_forged_replies import started, text

ADA = PLAYERS[0]["email"]


def raw_reply(invitation, body: bytes, subject: str = "Re: hello", message_id: str = "<m1@player.test>",
              content_type: str = 'text/plain; charset="utf-8"', encoding: str = "8bit") -> bytes:
    head = (f"From: Ada <{ADA}>\r\nTo: {invitation['Reply-To']}\r\nSubject: {subject}\r\n"
            f"Message-ID: {message_id}\r\nMIME-Version: 1.0\r\nContent-Type: {content_type}\r\n"
            f"Content-Transfer-Encoding: {encoding}\r\n\r\n")
    return head.encode() + body


ODD = {
    "unknown charset": dict(body=b"status\r\n", content_type='text/plain; charset="x-klingon"'),
    "line break in the subject": dict(body=b"status\r\n", subject="=?utf-8?q?a=0D=0ABcc:_v@x.test?="),
    "line break in the message id": dict(body=b"status\r\n", message_id="=?utf-8?q?a=0D=0Ab?= <m2@player.test>"),
    "undecodable bytes": dict(body=b"status \xff\xfe\r\n"),
    "broken base64": dict(body=b"c3RhdHVz!!!===\r\n", encoding="base64"),
}


@pytest.mark.parametrize("case", ODD)
def test_odd_mail_is_answered_not_crashed(conn, inbox, run_jobs, new_game, case):
    game_id, invitation = started(new_game, run_jobs, inbox)
    sent = len(inbox.to(ADA))
    accept(conn, raw_reply(invitation, **ODD[case]), [], ADA)
    run_jobs()
    assert FailedJobRegistry(queue=queue(conn, MAIL)).count == 0
    assert len(inbox.to(ADA)) == sent + 1
    answer = inbox.last(ADA)
    assert "Bcc" not in answer and "v@x.test" not in inbox.recipients[-1]
    assert text(answer)


def test_mail_that_cannot_be_read_at_all_is_answered_to_the_seat(conn, inbox, run_jobs, new_game, monkeypatch):
    from workers.mail import inbound

    def choke(message):
        raise RuntimeError("a body no parser expected")
    monkeypatch.setattr(inbound, "body_text", choke)
    game_id, invitation = started(new_game, run_jobs, inbox)
    accept(conn, raw_reply(invitation, b"status\r\n"), [], "mallory@evil.test")
    run_jobs()
    assert "Could not read your mail" in text(inbox.last(ADA))
    assert inbox.to("mallory@evil.test") == []
