"""Take-back by mail (issue 30): a reply line `take back` asks for the seat's last turn
back, `agree` and `refuse` answer another seat's request (words no game's notation
and no other mail command uses); the answer mail says what came of it. The mail
workers and the mail intake run for real (rq's worker, the SMTP sink)."""
from __future__ import annotations

from service.store import Store
from tests.workers.test_commands_by_mail import ask, text
from tests.workers.test_play_by_mail import listed_moves
from tests.workers.test_table_talk_by_mail import ADA, BERT, CLEO, PEOPLE


def said(mail_in, run_jobs, inbox, address: str, body: str) -> str:
    """The answer's words, its wrapped lines joined."""
    return " ".join(ask(mail_in, run_jobs, inbox, address, body).split())


def version(conn, game_id: str) -> int:
    return Store(conn).snapshot(game_id).version


def test_take_back_agree_and_refuse_by_reply(conn, inbox, mail_in, run_jobs, new_game):
    game_id = new_game("pile", players=PEOPLE)
    run_jobs()
    first = listed_moves(inbox.to(ADA)[0])[0]
    assert first.startswith("play")             # a card played draws one: it reveals
    ask(mail_in, run_jobs, inbox, ADA, first)
    assert version(conn, game_id) == 1
    asked = said(mail_in, run_jobs, inbox, ADA, "take back")
    assert "waits for 2 players to agree" in asked and "it revealed what was hidden" in asked
    told = " ".join(text(inbox.last(CLEO)).split())
    assert "Ada asks to take back their last turn" in told and "Reply `agree` or `refuse`" in told
    assert "waits for 1 player to agree" in said(mail_in, run_jobs, inbox, BERT, "agree")
    assert "Ada's take-back is refused" in said(mail_in, run_jobs, inbox, CLEO, "refuse")
    assert version(conn, game_id) == 1
    assert "Take back?" in said(mail_in, run_jobs, inbox, ADA, "take")
    assert "ask again once the game moved on" in said(mail_in, run_jobs, inbox, ADA, "take back")
    ask(mail_in, run_jobs, inbox, BERT, "pass")                 # Bert moves: asked again, for both
    assert "because another seat has acted since" in said(mail_in, run_jobs, inbox, ADA, "take back")
    ask(mail_in, run_jobs, inbox, CLEO, "agree")
    done = said(mail_in, run_jobs, inbox, BERT, "agree")
    assert "Ada's last turn is taken back" in done and version(conn, game_id) == 3
    assert "is taken back at their request" in " ".join(text(inbox.last(ADA)).split())
    assert "no take-back waits" in said(mail_in, run_jobs, inbox, BERT, "agree")
    ask(mail_in, run_jobs, inbox, ADA, first)                   # Ada plays again, Bert passes:
    ask(mail_in, run_jobs, inbox, BERT, "pass")                 # Cleo's turn, her first
    assert version(conn, game_id) == 5
    since = text(inbox.last(CLEO))
    assert since.count("(taken back at the request of Ada)") == 2, since


def test_a_second_request_at_the_same_version_after_a_refusal_is_mailed_too(
        conn, inbox, mail_in, run_jobs, new_game):
    """Each take-back mail goes out once for its request (the seat, the moment it asked)
    and status, not once a version: Ada's request refused, Bert's at the same version
    reaches Cleo too."""
    game_id = new_game("pile", players=PEOPLE)
    run_jobs()
    ask(mail_in, run_jobs, inbox, ADA, listed_moves(inbox.to(ADA)[0])[0])
    bert_plays = next(move for move in listed_moves(inbox.last(BERT)) if move.startswith("play"))
    ask(mail_in, run_jobs, inbox, BERT, bert_plays)       # both drew: both need consent
    assert version(conn, game_id) == 2
    assert "waits for 2 players to agree" in said(mail_in, run_jobs, inbox, ADA, "take back")
    assert "Ada asks to take back their last turn" in " ".join(text(inbox.last(CLEO)).split())
    assert "Ada's take-back is refused" in said(mail_in, run_jobs, inbox, CLEO, "refuse")
    assert "waits for 2 players to agree" in said(mail_in, run_jobs, inbox, BERT, "take back")
    assert version(conn, game_id) == 2
    told = " ".join(text(inbox.last(CLEO)).split())
    assert "Bert asks to take back their last turn" in told, told
