"""Only the seat's own address acts for it, and answers are rate-limited (issue 4, "In:
moves by reply"): a reply from another address plays nothing and runs no command;
commands beyond the hourly limit are not run; a seat keeps only its newest vacations."""
from __future__ import annotations

from service.mail import limits, settings
from service.store import Store
from tests.workers.conftest import PLAYERS, reply_to
from tests.workers.test_forged_replies import game_state, started, text

ADA = PLAYERS[0]["email"]
MALLORY = "mallory@evil.test"


def test_reply_from_another_address_plays_nothing_and_tells_the_seat(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = started(new_game, run_jobs, inbox)
    before = game_state(conn, game_id)
    mail_in(reply_to(invitation, "mute\npass", MALLORY))
    run_jobs()
    assert game_state(conn, game_id) == before
    assert not settings.load(conn, game_id, 0).muted
    assert inbox.to(MALLORY) == []
    assert "came from another address" in text(inbox.last(ADA))


def test_the_senders_address_is_compared_without_case(conn, inbox, mail_in, run_jobs, new_game):
    game_id, invitation = started(new_game, run_jobs, inbox)
    mail_in(reply_to(invitation, "pass", "Ada <ADA@Player.Test>"))
    run_jobs()
    assert Store(conn).snapshot(game_id).version == 1


def test_commands_beyond_the_hourly_limit_are_not_run(conn, inbox, mail_in, run_jobs, new_game, monkeypatch):
    monkeypatch.setitem(limits.ANSWERS_PER_HOUR, "seat", 2)
    game_id, invitation = started(new_game, run_jobs, inbox)
    for days in (1, 2, 3, 4):
        mail_in(reply_to(invitation, f"vacation {days}", ADA))
    run_jobs()
    assert len(settings.load(conn, game_id, 0).vacations) == 2


def test_rejected_moves_by_mail_are_each_answered(conn, inbox, mail_in, run_jobs, new_game):
    """Issue 20, finding 1: no longer cut off after a few; see test_every_mail_answered.py."""
    game_id, invitation = started(new_game, run_jobs, inbox)
    sent = len(inbox.to(ADA))
    for card in (97, 98, 99):
        mail_in(reply_to(invitation, f"play {card}", ADA))
        run_jobs()
    assert Store(conn).snapshot(game_id).version == 0
    assert len(inbox.to(ADA)) - sent == 3


def test_a_seat_keeps_only_its_newest_vacations(conn):
    for day in range(3 * settings.KEEP_VACATIONS):
        settings.change(conn, "g", 0, vacation_days=1, now=day * 86400.0 * 2)
    kept = settings.load(conn, "g", 0).vacations
    assert len(kept) == settings.KEEP_VACATIONS and kept[-1][0] == (3 * settings.KEEP_VACATIONS - 1) * 86400.0 * 2
