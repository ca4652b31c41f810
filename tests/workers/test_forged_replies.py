"""Bad mail changes nothing and is answered (issue 4, "In: moves by reply"): a wrong
MAC, another seat's address, a stale version, an unknown address, an unreadable move;
auto-responders are never answered and answers to strangers are rate-limited."""
from __future__ import annotations

import smtplib

import pytest

from service.mail import limits
from service.mail.inbox import accept
from service.store import Store
from tests.workers.conftest import DOMAIN, PLAYERS, reply_to
from tests.workers.test_play_by_mail import listed_moves
from workers.mail import reply_address

ADA, BERT = PLAYERS[0]["email"], PLAYERS[1]["email"]


def text(message) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


def game_state(conn, game_id):
    store = Store(conn)
    return store.snapshot(game_id).to_json(), store.log(game_id), sorted(conn.keys(f"game:{{{game_id}}}:turn:*"))


def started(new_game, run_jobs, inbox):
    game_id = new_game("pile")
    run_jobs()
    return game_id, inbox.last(ADA)


def hooked(conn, message) -> None:
    """As the HTTP inbound hook takes a message (`pbem mail-in` refuses forged
    addresses at RCPT: tested below)."""
    accept(conn, bytes(message))


def readdressed(message, address: str):
    del message["To"]
    message["To"] = address
    return message


def test_wrong_mac_changes_nothing_and_is_answered(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = started(new_game, run_jobs, inbox)
    before = game_state(conn, game_id)
    forged = readdressed(reply_to(invitation, listed_moves(invitation)[0], "mallory@evil.test"),
                         f"play+{game_id}.0.v0.{'0' * reply_address.MAC_CHARS}@{DOMAIN}")
    hooked(conn, forged)
    run_jobs()
    assert game_state(conn, game_id) == before
    answer = inbox.last("mallory@evil.test")
    assert "Invalid reply address" in answer["Subject"]
    assert answer["Auto-Submitted"] == "auto-replied"


def test_other_seats_address_with_own_mac_changes_nothing(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = started(new_game, run_jobs, inbox)
    own_mac = reply_address.find(str(invitation["Reply-To"])).mac
    before = game_state(conn, game_id)
    hooked(conn, readdressed(reply_to(invitation, "pass", ADA), f"play+{game_id}.1.v0.{own_mac}@{DOMAIN}"))
    run_jobs()
    assert game_state(conn, game_id) == before
    assert "Invalid reply address" in inbox.last(ADA)["Subject"]


def test_reply_out_of_turn_changes_nothing_and_is_answered(conn, inbox, mail_in, run_jobs, new_game):
    game_id, _ = started(new_game, run_jobs, inbox)
    before = game_state(conn, game_id)
    mail_in(reply_to(inbox.last(BERT), "pass", BERT))
    run_jobs()
    assert game_state(conn, game_id) == before
    assert "It is not your move now: the game waits for Ada." in text(inbox.last(BERT))   # issue 27


def two_moves_played(new_game, run_jobs, inbox, mail_in):
    """A game at version 2, Ada to act again; and Ada's invitation (version 0)."""
    game_id, invitation = started(new_game, run_jobs, inbox)
    mail_in(reply_to(invitation, listed_moves(invitation)[0], ADA))
    run_jobs()
    mail_in(reply_to(inbox.last(BERT), listed_moves(inbox.last(BERT))[0], BERT))
    run_jobs()
    return game_id, invitation


def test_stale_version_changes_nothing_and_is_answered(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = two_moves_played(new_game, run_jobs, inbox, mail_in)
    assert Store(conn).snapshot(game_id).to_act == [0]
    before = game_state(conn, game_id)
    mail_in(reply_to(invitation, "pass", ADA))                          # answers version 0
    run_jobs()
    assert game_state(conn, game_id) == before
    answer = text(inbox.last(ADA))
    assert " ".join(answer.split()).count("The game has moved on since your mail: it is now at move 2 (your mail answered move 0).") == 1   # issue 27: in words
    assert "expected_version" not in answer
    assert "Your legal moves" in answer


def bare(message):
    """The reply as a client that keeps no In-Reply-To and rewrites the subject sends it."""
    del message["In-Reply-To"], message["Subject"]
    message["Subject"] = "my move"
    return message


def test_reply_without_version_headers_to_an_old_mail_is_stale(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = two_moves_played(new_game, run_jobs, inbox, mail_in)
    before = game_state(conn, game_id)
    mail_in(bare(reply_to(invitation, "pass", ADA)))                    # answers version 0
    run_jobs()
    assert game_state(conn, game_id) == before
    assert "The game has moved on since your mail: it is now at move 2 (your mail answered move 0)." in " ".join(text(inbox.last(ADA)).split())


def test_reply_address_with_a_forged_version_changes_nothing(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = two_moves_played(new_game, run_jobs, inbox, mail_in)
    before = game_state(conn, game_id)
    old = str(invitation["Reply-To"])
    hooked(conn, readdressed(bare(reply_to(invitation, "pass", ADA)), old.replace(".v0.", ".v2.")))
    run_jobs()
    assert game_state(conn, game_id) == before
    assert "Invalid reply address" in inbox.last(ADA)["Subject"]


def test_unknown_address_is_answered(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = started(new_game, run_jobs, inbox)
    hooked(conn, readdressed(reply_to(invitation, "pass", "lost@else.test"), f"sales@{DOMAIN}"))
    run_jobs()
    answer = inbox.last("lost@else.test")
    assert answer["Subject"] == "Keine Partie unter dieser Adresse / No game at this address"
    body = answer.get_body(("plain",)).get_content()                    # no reader known: both
    assert "Diese Adresse gehört zu keiner Partie." in body and "This address does not belong" in body


def test_unreadable_move_is_answered_with_the_legal_moves(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = started(new_game, run_jobs, inbox)
    before = game_state(conn, game_id)
    mail_in(reply_to(invitation, "play a castle", ADA))
    run_jobs()
    assert game_state(conn, game_id) == before
    answer = text(inbox.last(ADA))
    assert "Could not read your move" in answer and "'play a castle'" in answer
    assert listed_moves(inbox.last(ADA)) == listed_moves(invitation)


def test_auto_responder_is_not_answered(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = started(new_game, run_jobs, inbox)
    sent = len(inbox.messages)
    before = game_state(conn, game_id)
    mail_in(reply_to(invitation, "I am out of the office.", ADA, Auto_Submitted="auto-replied"))
    mail_in(reply_to(invitation, "Out of office", ADA, Precedence="bulk"))
    run_jobs()
    assert game_state(conn, game_id) == before
    assert len(inbox.messages) == sent


def test_answers_to_strangers_are_rate_limited(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = started(new_game, run_jobs, inbox)
    for n in range(6):
        hooked(conn, readdressed(reply_to(invitation, f"pass {n}", "flood@evil.test"),
                            f"play+{game_id}.0.v0.{'1' * reply_address.MAC_CHARS}@{DOMAIN}"))
    run_jobs()
    assert len(inbox.to("flood@evil.test")) == 3


def test_mail_in_refuses_forged_and_unknown_addresses_at_rcpt(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = started(new_game, run_jobs, inbox)
    before = game_state(conn, game_id)
    forged = f"play+{game_id}.0.v0.{'0' * reply_address.MAC_CHARS}@{DOMAIN}"
    for address in (forged, f"sales@{DOMAIN}", f"play+nogame.0.v0.{'0' * reply_address.MAC_CHARS}@{DOMAIN}"):
        with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
            mail_in(readdressed(reply_to(invitation, "pass", "mallory@evil.test"), address))
        code, text_ = refused.value.recipients[address]
        assert code == 550 and b"no such reply address" in text_
    run_jobs()
    assert game_state(conn, game_id) == before and inbox.to("mallory@evil.test") == []


def test_answers_to_strangers_copy_no_subject_and_are_capped_in_all(conn, inbox, run_jobs, new_game, monkeypatch):
    monkeypatch.setitem(limits.ANSWERS_PER_HOUR, "strays", 2)
    game_id, invitation = started(new_game, run_jobs, inbox)
    for n in range(4):
        spam = readdressed(reply_to(invitation, "pass", f"victim{n}@else.test"), f"sales@{DOMAIN}")
        del spam["Subject"]
        spam["Subject"] = "Buy cheap pills at spam.test"
        hooked(conn, spam)
    run_jobs()
    answers = [m for n in range(4) for m in inbox.to(f"victim{n}@else.test")]
    assert len(answers) == 2
    assert all("spam.test" not in str(m["Subject"]) for m in answers)
