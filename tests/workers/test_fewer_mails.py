"""Issue 14, "Fewer mails": a move played by mail that leaves the seat nothing to do
is confirmed inside the next mail the seat gets, or by one mail of its own once a
short window has passed with nothing else (rq's scheduler runs that job); a seat's
setting (`notify every` / `notify turn` by mail, `notify` in the API) chooses a mail
after every move or only when it must act."""
from __future__ import annotations

from service.store import Store
from tests.workers.conftest import PLAYERS, reply_to, kind
from tests.workers.test_forged_replies import text
from tests.workers.test_play_by_mail import listed_moves, players

ADA, BERT = PLAYERS[0]["email"], PLAYERS[1]["email"]


def subjects(inbox, address: str) -> list[str]:
    return [kind(m) for m in inbox.to(address)]


def test_a_confirmation_goes_inside_the_next_mail(conn, inbox, mail_in, run_jobs, new_game, after_window):
    new_game("pile")
    run_jobs()
    ada_move = listed_moves(inbox.last(ADA))[0]
    mail_in(reply_to(inbox.last(ADA), ada_move, ADA))
    run_jobs()
    assert subjects(inbox, ADA) == ["You are invited to a game"]       # nothing yet
    mail_in(reply_to(inbox.last(BERT), listed_moves(inbox.last(BERT))[0], BERT))
    run_jobs()
    after_window()
    assert subjects(inbox, ADA) == ["You are invited to a game", "Your turn"]
    turn = text(inbox.last(ADA))
    assert turn.index("Applied\n") < turn.index("Since your last turn") and f"  {ada_move}" in turn


def test_a_confirmation_goes_alone_once_the_window_has_passed(conn, inbox, mail_in, run_jobs, new_game, after_window):
    new_game("pile")
    run_jobs()
    mail_in(reply_to(inbox.last(ADA), listed_moves(inbox.last(ADA))[0], ADA))
    run_jobs()
    after_window()
    after_window()                                                      # and only once
    assert subjects(inbox, ADA) == ["You are invited to a game", "Your move was applied"]
    confirmation = inbox.last(ADA)
    assert str(confirmation["Auto-Submitted"]) == "auto-replied" and "Waiting for: Bert" in text(confirmation)


def test_notify_every_move_by_mail_and_back(conn, inbox, mail_in, run_jobs, new_game, after_window):
    game_id = new_game("pile")
    run_jobs()
    mail_in(reply_to(inbox.last(BERT), "notify every", BERT))
    run_jobs()
    assert "mails: after every move" in text(inbox.last(BERT))
    mail_in(reply_to(inbox.last(ADA), listed_moves(inbox.last(ADA))[0], ADA))
    run_jobs()
    mail_in(reply_to(inbox.last(BERT), listed_moves(inbox.last(BERT))[0], BERT))
    run_jobs()
    assert subjects(inbox, BERT)[-1] == "Your move was applied"         # at once: every move
    mail_in(reply_to(inbox.last(BERT), "notify turn", BERT))
    run_jobs()
    assert "mails: only when you must act" in text(inbox.last(BERT))
    mail_in(reply_to(inbox.last(BERT), "notify sometimes", BERT))
    run_jobs()
    assert "write `notify every`" in text(inbox.last(BERT))
    assert Store(conn).snapshot(game_id).version == 2


def test_every_move_mails_a_watching_seat(conn, inbox, mail_in, run_jobs, new_game):
    seated = players(3)
    game_id = new_game("pile", players=seated)
    run_jobs()
    cleo = seated[2]["email"]
    mail_in(reply_to(inbox.last(cleo), "notify every", cleo))
    run_jobs()
    store = Store(conn)
    first = store.snapshot(game_id).to_act[0]
    assert first != 2
    mover = seated[first]
    mail_in(reply_to(inbox.last(mover["email"]), listed_moves(inbox.last(mover["email"]))[0], mover["email"]))
    run_jobs()
    assert 2 not in store.snapshot(game_id).to_act
    moved = inbox.last(cleo)
    assert subjects(inbox, cleo)[-1] == f"{mover['name']} moved"
    assert f"  {mover['name']} plays a " in text(moved).split("Just played\n", 1)[1]  # its event
