"""Issue 20, finding 6, "Words from the code", through `pbem mail-in` and a real SMTP
inbox: what a player reads has no Python reprs, no None, no field paths, plural forms
right; the notation takes spaces around `=`; the footer offers no links that need a
seat token the player never got; a shared place says why."""
from __future__ import annotations

from service.store import Store
from tests.workers.conftest import PLAYERS, reply_to, kind
from tests.workers.test_forged_replies import text
from tests.workers.test_play_by_mail import listed_moves

ADA, BERT = PLAYERS[0]["email"], PLAYERS[1]["email"]
BRASS = "brass-lancashire"
CODE_WORDS = ("None", "['", "{'", "moves[", "1 hours", "seat token")


def answer_to(mail_in, run_jobs, inbox, body: str, address: str = ADA) -> str:
    mail_in(reply_to(inbox.last(address), body, address))
    run_jobs()
    return text(inbox.last(address))


def assert_plain(answer: str) -> None:
    assert not [word for word in CODE_WORDS if word in answer], answer


def test_brass_answers_are_in_plain_words(conn, inbox, mail_in, run_jobs, new_game):
    game_id = new_game(BRASS, players=PLAYERS, seed=7)
    run_jobs()
    first = PLAYERS[Store(conn).snapshot(game_id).to_act[0]]["email"]
    assert_plain(text(inbox.last(first)))
    build = next(m for m in listed_moves(inbox.last(first)) if m.startswith("build "))
    amount = answer_to(mail_in, run_jobs, inbox, "loan 15 card=bury", first)
    assert "Nothing was changed" in amount and "a loan is £10, £20 or £30" in amount
    assert "your move 1" in amount and "for: loan 15 card=bury" in amount
    assert_plain(amount)
    order = answer_to(mail_in, run_jobs, inbox, "develop port cotton_mill card=bury", first)
    assert "alphabetical order: cotton mill, port" in order                 # was a Python list of ids
    assert "Rule: Develop (rulebook: AKTION: ENTWICKELN), for: develop" in order
    assert_plain(order)
    settings = answer_to(mail_in, run_jobs, inbox, "digest 1\nvacation 2", first)
    assert "digest: at most one mail per 1 hour\n" in settings and "vacation: until 20" in settings
    assert_plain(settings)
    spaced = build.replace("card=", "card = ")
    applied = answer_to(mail_in, run_jobs, inbox, spaced, first)
    assert Store(conn).snapshot(game_id).version == 1, applied
    assert_plain(applied)


def test_a_shared_place_is_explained(conn, inbox, mail_in, run_jobs, new_game):
    new_game("pile")
    run_jobs()
    mail_in(reply_to(inbox.last(ADA), "pass", ADA))
    run_jobs()
    mail_in(reply_to(inbox.last(BERT), "pass", BERT))
    run_jobs()
    over = text(inbox.last(ADA))
    assert kind(inbox.last(ADA)).endswith("Game over")
    assert "1. Ada, Bert (shared: equal also on the tie-break)" in over
    assert "still equal, the place is shared" in " ".join(over.split())
    mail_in(reply_to(inbox.last(ADA), "pass", ADA))                 # a move for a finished game
    run_jobs()
    answer = " ".join(text(inbox.last(ADA)).split())
    assert kind(inbox.last(ADA)) == "Answer to your mail"
    assert "This game is over, so nothing was played; thank you for playing!" in answer
    assert "Could not read" not in answer and "Ada: 0" in answer         # issue 27: friendly


def test_the_help_wraps_each_command_under_its_column():
    """Issue 27: the help text wrapped a word a line; each line within 78 columns,
    each command's description continued under its own column."""
    from workers.mail import compose
    lines = compose.wrapped(compose.help_text("play+g1.0.v3.abcdef012345@pbem.localhost")).split("\n")
    assert all(len(line) <= 78 for line in lines), lines
    assert all(len(line.split()) > 2 for line in lines), lines           # no word alone on a line
    described = [line for line in lines if line.startswith("  ")]
    assert len(described) >= 8 and all(line[compose.COMMAND_COLUMN - 1] == " " and
                                       line[compose.COMMAND_COLUMN] != " " for line in described)
