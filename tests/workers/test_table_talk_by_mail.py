"""Talk at the table by mail (issue 30, "Messages"): a reply line `say TEXT` speaks to
the whole table, `tell NAME TEXT` to one player; the next mail of every reader carries
what it may read, once, and a whisper never reaches a third seat's mail."""
from __future__ import annotations

import smtplib

import pytest

from service import handover, history
from service.messages import readable
from service.play import load_game
from service.resignation import resigned
from service.store import Store
from tests.workers.conftest import kind, reply_to
from tests.workers.test_commands_by_mail import ask, text
from tests.workers.test_play_by_mail import listed_moves

PEOPLE = [{"name": "Ada", "email": "ada@player.test"}, {"name": "Bert", "email": "bert@player.test"},
          {"name": "Cleo Ann", "email": "cleo@player.test"}]
ADA, BERT, CLEO = (p["email"] for p in PEOPLE)
SECRET = "I will build in Liverpool next, keep it quiet"


def test_say_and_tell_by_reply_reach_the_next_mails_of_their_readers_only(
        conn, inbox, mail_in, run_jobs, new_game):
    game_id = new_game("pile", players=PEOPLE)
    run_jobs()
    answer = ask(mail_in, run_jobs, inbox, ADA, f"say Good luck, all of you!\ntell bert {SECRET}")
    assert "To the whole table: Good luck, all of you!" in answer and f"To Bert: {SECRET}" in answer
    assert [m["text"] for m in readable(conn, game_id, 1)] == ["Good luck, all of you!", SECRET]
    assert [m["text"] for m in readable(conn, game_id, 2)] == ["Good luck, all of you!"]

    invitation = inbox.to(ADA)[0]                 # Ada plays: Bert's "your turn" carries both
    mail_in(reply_to(invitation, listed_moves(invitation)[0], ADA))
    run_jobs()
    bert_turn = text(inbox.last(BERT))
    assert "Ada: Good luck, all of you!" in bert_turn and f"Ada (to you): {SECRET}" in bert_turn
    cleo_status = ask(mail_in, run_jobs, inbox, CLEO, "status")      # Cleo's next mail: the table's
    assert "Ada: Good luck, all of you!" in cleo_status
    assert all(SECRET not in text(mail) for mail in inbox.to(CLEO))
    again = ask(mail_in, run_jobs, inbox, BERT, "status")          # carried once
    assert SECRET not in again and "Good luck" not in again

    told = ask(mail_in, run_jobs, inbox, CLEO, "tell cleo ann talking to myself\ntell Zed hi")
    assert "Message not sent" in told and "Ada, Bert, Cleo Ann" in told
    assert ask(mail_in, run_jobs, inbox, BERT, "tell Cleo Ann hi Cleo").count("To Cleo Ann: hi Cleo") == 1
    assert "Bert (to you): hi Cleo" in ask(mail_in, run_jobs, inbox, CLEO, "status")


def test_resign_by_mail_is_asked_back_then_done_and_every_seat_is_told(
        conn, inbox, mail_in, run_jobs, new_game):
    """Issue 30, "Leaving": `resign` alone changes nothing and says how; `resign yes`
    hands the seat to the bot, and every seat with an address is told."""
    game_id = new_game("pile", players=PEOPLE)
    run_jobs()
    asked = ask(mail_in, run_jobs, inbox, BERT, "resign")
    assert "reply `resign yes`" in asked
    assert load_resigned(conn, game_id) == []
    mailed, last = len(inbox.to(BERT)), inbox.last(BERT)
    done = ask(mail_in, run_jobs, inbox, BERT, "resign yes")
    assert "You resigned" in done
    assert load_resigned(conn, game_id) == [1]
    assert "Bert resigned, so the game's bot plays their seat" in text(inbox.last(ADA))
    assert "Bert resigned" in text(inbox.last(CLEO))
    assert [m["Reply-To"] for m in inbox.to(BERT)[mailed:]] == [None] * (len(inbox.to(BERT)) - mailed)
    with pytest.raises(smtplib.SMTPRecipientsRefused):      # his seat's address: no more his
        mail_in(reply_to(last, "resign yes", BERT))


def load_resigned(conn, game_id: str) -> list[int]:
    return resigned(Store(conn).game(game_id))


def test_a_rematch_invites_each_seat_with_an_address_by_mail_in_the_old_thread(
        conn, inbox, mail_in, run_jobs, new_game):
    """Issue 30, "rematch": a seat held by an address (no account) is mailed its
    invitation's page, which takes the new seat once."""
    game_id = new_game("pile", players=PEOPLE[:2])
    run_jobs()
    for address in (ADA, BERT):             # each passes by mail: the game is over
        mail_in(reply_to(inbox.last(address), "pass", address))
        run_jobs()
    game = load_game(Store(conn), game_id)
    assert game.snapshot.status == "finished"
    new, shown, _admin = history.rematch(conn, game, 0, None)
    run_jobs()
    for seat, address in enumerate((ADA, BERT)):
        told = inbox.last(address)
        code = shown[seat]["invitation"]
        assert kind(told) == "Rematch"
        assert f"/games/{new.id}/invitation/{code}" in text(told)
        assert told["In-Reply-To"] and game_id in told["Reply-To"]         # the old thread
    assert handover.take(conn, new.id, shown[1]["invitation"]).seat == 1
