"""Commands besides moves (issue 4, "In: moves by reply"): `moves` (optionally only
those starting with a word), `help`, `mute`/`unmute`, and a mail with nothing to do.
(`status` is shown in test_delivery.py, `vacation` in test_turn_clock.py.)"""
from __future__ import annotations

from tests.workers.conftest import PLAYERS, reply_to
from tests.workers.test_play_by_mail import listed_moves
from workers.mail import inbound, intake

ADA, BERT = PLAYERS[0]["email"], PLAYERS[1]["email"]


def text(message) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


def ask(mail_in, run_jobs, inbox, address: str, body: str) -> str:
    mail_in(reply_to(inbox.last(address), body, address))
    run_jobs()
    return text(inbox.last(address))


def test_every_command_the_reader_knows_is_handled():
    assert set(intake.COMMANDS) | inbound.STOP == inbound.COMMANDS     # stop: handled first


def test_moves_lists_the_legal_moves_and_filters_by_first_word(conn, inbox, mail_in, run_jobs, new_game):
    new_game("pile")
    run_jobs()
    legal = listed_moves(inbox.last(ADA))
    answer = ask(mail_in, run_jobs, inbox, ADA, "moves")
    assert all(f"  {move}\n" in answer for move in legal)
    only_plays = ask(mail_in, run_jobs, inbox, ADA, "moves play")
    assert "  pass\n" not in only_plays.split("-- \n")[0]
    assert all(f"  {move}\n" in only_plays for move in legal if move.startswith("play"))
    assert "It is not your move now." in ask(mail_in, run_jobs, inbox, BERT, "moves")


def test_help_and_an_empty_mail_explain_the_commands(conn, inbox, mail_in, run_jobs, new_game):
    new_game("pile")
    run_jobs()
    assert "digest HOURS" in ask(mail_in, run_jobs, inbox, ADA, "help")
    empty = ask(mail_in, run_jobs, inbox, ADA, "")
    assert "Your mail held no move and no command." in empty and "status" in empty


def test_mute_by_mail_stops_notifications_until_unmute(conn, inbox, mail_in, run_jobs, new_game):
    new_game("pile")
    run_jobs()
    assert "Muted: no more notifications" in ask(mail_in, run_jobs, inbox, BERT, "mute")
    before = len(inbox.to(BERT))
    invitation = inbox.to(ADA)[0]
    mail_in(reply_to(invitation, listed_moves(invitation)[0], ADA))
    run_jobs()
    assert len(inbox.to(BERT)) == before                       # no "your turn" while muted
    assert "Notifications are back on" in ask(mail_in, run_jobs, inbox, BERT, "unmute")
