"""The outgoing side (issue 4, "Out" and "Throttling"): sent once per event even when
a job runs twice, rejections with the reason and the options, mute and digest per
seat, SMTP with STARTTLS and AUTH, and the local sink used when SMTP_URL is unset."""
from __future__ import annotations

import subprocess
from email import message_from_bytes, policy

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from service.mail import settings
from service.play import submit_turn
from service.queues import MAIL, enqueuer, queue
from service.store import Store
from tests.workers.conftest import PLAYERS, Inbox, free_port, kind
from tests.workers.test_turn_clock import START, subjects

ADA, BERT = PLAYERS[0]["email"], PLAYERS[1]["email"]


def play(conn, run_jobs, game_id: str, seat: int, move: dict) -> None:
    """A turn as the HTTP API submits it (not by mail), resolved with what follows."""
    store = Store(conn)
    submit_turn(store, enqueuer(conn), game_id, seat, store.snapshot(game_id).version, [move])
    run_jobs()


def card(conn, game_id: str, seat: int) -> dict:
    return {"action": "play", "card": Store(conn).snapshot(game_id).state["hands"][seat][0]}


def test_a_notification_job_run_twice_sends_once(conn, inbox, run_jobs, new_game):
    game_id = new_game("pile")
    queue(conn, MAIL).enqueue("workers.notify.on_game_created", game_id)
    run_jobs()
    play(conn, run_jobs, game_id, 0, {"action": "pass"})
    turn_id = Store(conn).log(game_id)[0]["turn"]
    queue(conn, MAIL).enqueue("workers.notify.on_turn_resolved", game_id, turn_id)
    run_jobs()
    assert subjects(inbox, ADA) == ["You are invited to a game"]
    assert subjects(inbox, BERT) == ["You are invited to a game", "Your turn"]


def test_rejected_move_is_mailed_with_reason_and_options(conn, inbox, run_jobs, new_game):
    game_id = new_game("pile")
    run_jobs()
    play(conn, run_jobs, game_id, 0, {"action": "play", "card": 99})
    rejection = inbox.last(ADA)
    text = rejection.get_body(("plain",)).get_content()
    assert kind(rejection).endswith("Your move was rejected")
    assert "Reason: not a legal move" in text and "Possible there:" in text and "pass" in text
    assert Store(conn).snapshot(game_id).version == 0


def test_muted_seat_gets_no_notifications(conn, inbox, run_jobs, new_game):
    game_id = new_game("pile")
    run_jobs()
    settings.change(conn, game_id, 1, muted=True)
    play(conn, run_jobs, game_id, 0, {"action": "pass"})
    assert subjects(inbox, BERT) == ["You are invited to a game"]
    settings.change(conn, game_id, 1, muted=False)
    play(conn, run_jobs, game_id, 1, card(conn, game_id, 1))
    play(conn, run_jobs, game_id, 0, card(conn, game_id, 0))
    assert subjects(inbox, BERT)[-1] == "Your turn"


def test_digest_mode_sends_one_mail_per_period(conn, inbox, run_jobs, new_game):
    import time_machine
    with time_machine.travel(START, tick=True) as travel:
        game_id = new_game("pile")
        settings.change(conn, game_id, 0, digest_hours=6)
        run_jobs()
        assert len(inbox.to(ADA)) == 1                 # the first digest goes out at once
        play(conn, run_jobs, game_id, 0, card(conn, game_id, 0))
        play(conn, run_jobs, game_id, 1, card(conn, game_id, 1))
        assert len(inbox.to(ADA)) == 1                 # kept for the next digest
        travel.shift(6 * 3600 + 5)
        run_jobs()
        digest = inbox.last(ADA)
        assert kind(digest).endswith("Digest: 1 notification")
        assert "v2: Your turn" in digest.get_body(("plain",)).get_content()


def self_signed(tmp_path):
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return key, cert


def test_smtp_url_with_starttls_and_auth(conn, inbox, run_jobs, new_game, tmp_path, monkeypatch):
    import ssl
    key, cert = self_signed(tmp_path)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    logins = []

    def authenticate(server, session, envelope, mechanism, auth_data):
        logins.append((auth_data.login, auth_data.password, session.ssl is not None))
        return AuthResult(success=auth_data.password == b"s3cret")
    secure = Inbox()
    server = Controller(secure, hostname="127.0.0.1", port=free_port(), tls_context=context,
                        require_starttls=True, authenticator=authenticate, auth_required=True)
    server.start()
    try:
        monkeypatch.setenv("SMTP_URL", f"smtp://turns%40games.test:s3cret@localhost:{server.port}?cafile={cert}")
        new_game("pile")
        run_jobs()
    finally:
        server.stop()
    assert logins and all(entry == (b"turns@games.test", b"s3cret", True) for entry in logins)
    assert sorted(str(m["To"]) for m in secure.messages) == ["Ada <ada@player.test>", "Bert <bert@player.test>"]


def test_without_smtp_url_mail_goes_to_the_sink(conn, inbox, run_jobs, new_game, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("SMTP_URL")
    new_game("pile")
    run_jobs()
    kept = sorted((tmp_path / "sink" / "new").iterdir())
    assert len(kept) == 2 and not inbox.messages
    first = message_from_bytes(kept[0].read_bytes(), policy=policy.default)
    assert kind(first).endswith("You are invited to a game")
    assert "[mail sink] To:" in capsys.readouterr().err


def test_an_invitation_is_sent_though_its_your_turn_event_was_claimed_first(conn, inbox, run_jobs, new_game):
    """Another job told the seat "your turn" at this version first: the invitation,
    whose own event is new, still goes out."""
    from workers.mail import outbox
    game_id = new_game("pile")
    assert outbox.claim(conn, game_id, 0, ["turn-v0"], "")
    run_jobs()
    assert kind(inbox.last(ADA)).endswith("You are invited to a game")


def test_a_digest_whose_sending_fails_is_sent_by_the_next_flush(conn, inbox, run_jobs, new_game, monkeypatch):
    import pytest
    import time_machine

    from workers.mail import outbox
    with time_machine.travel(START, tick=True) as travel:
        game_id = new_game("pile")
        settings.change(conn, game_id, 0, digest_hours=6)
        run_jobs()
        play(conn, run_jobs, game_id, 0, card(conn, game_id, 0))
        play(conn, run_jobs, game_id, 1, card(conn, game_id, 1))
        sent = len(inbox.to(ADA))
        send_once = outbox.send_once

        def down(*args, **kwargs):
            raise ConnectionError("Redis went away while sending")
        monkeypatch.setattr(outbox, "send_once", down)
        travel.shift(6 * 3600 + 5)
        with pytest.raises(ConnectionError):
            outbox.flush_digest(game_id, 0)
        monkeypatch.setattr(outbox, "send_once", send_once)
        queue(conn, MAIL).enqueue("workers.clock.sweep")
        run_jobs()
        assert len(inbox.to(ADA)) == sent + 1
        assert "v2: Your turn" in inbox.last(ADA).get_body(("plain",)).get_content()


def test_headers_go_out_unfolded_and_unencoded(conn, inbox, run_jobs, new_game, monkeypatch, tmp_path):
    """List-Unsubscribe as a plain <mailto:...> (no RFC 2047 encoded-words), the Subject
    on its own header line, as they leave the service (the local sink keeps the bytes)."""
    import os
    monkeypatch.delenv("SMTP_URL")
    new_game("pile")
    run_jobs()
    sink = os.path.join(os.environ["MAIL_SINK_DIR"], "new")
    raw = [open(os.path.join(sink, name), "rb").read() for name in sorted(os.listdir(sink))]
    assert len(raw) == 2
    for message in raw:
        head = message.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
        assert b"List-Unsubscribe: <mailto:play+" in head and b"=?utf-8?" not in head
        assert b"\nSubject: [Pile" in head


def test_an_invitation_states_the_options_readably(conn, inbox, run_jobs, new_game):
    new_game("pile")
    run_jobs()
    body = inbox.last(ADA).get_body(("plain",)).get_content()
    line = body.split("options: ", 1)[1].splitlines()[0]
    assert line.rstrip(".") == "Delay: 0; Hand: 3"              # issue 27: in words
