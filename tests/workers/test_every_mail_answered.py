"""Issue 20, findings 1-3, through `pbem mail-in`, the rq jobs and a real SMTP inbox:
every mail from a seat's own address gets an answer, however many slips it made in
the hour (past the limit folded into a digest, never dropped); greetings, thanks,
sign-offs and the quote headers of common clients in five languages, wrapped or not,
do not spoil a move, and the answer names the lines it ignored; `moves build` in a
Brass round with 700+ builds narrows instead of going round in a circle."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest
import time_machine

from service.games.registry import game_types
from service.mail import limits
from service.store import Store
from tests.workers.conftest import PLAYERS, reply_to, kind
from tests.workers.test_forged_replies import started, text
from tests.workers.test_play_by_mail import listed_moves
from workers.mail.movelist import typed
from workers.notify import CONFIRM_WINDOW

ADA, BERT = PLAYERS[0]["email"], PLAYERS[1]["email"]


def played(conn, game_id: str) -> list[dict]:
    return [entry["move"] for entry in Store(conn).log(game_id)]


def test_the_sixth_seventh_and_twentieth_slip_in_an_hour_each_get_an_answer(conn, inbox, mail_in, run_jobs, new_game):
    """Finding 1: ordinary slips (a card not in the hand: rejected by the engine; a
    stale reply; "Thanks!" alone) no longer silence the seat after five."""
    game_id, invitation = started(new_game, run_jobs, inbox)
    mail_in(reply_to(invitation, "pass", ADA))          # the game moves on: the invitation is stale
    run_jobs()
    slips = ["play 9", "pass", "Thanks!"]                # rejected, stale (v0), nothing to do
    for number in range(1, 21):
        before = len(inbox.to(ADA))
        slip = reply_to(invitation, slips[number % 3], ADA)
        del slip["Message-ID"]
        slip["Message-ID"] = f"<slip{number}@player.test>"       # each its own mail
        mail_in(slip)
        run_jobs()
        assert len(inbox.to(ADA)) == before + 1, f"slip {number} got no answer"
        answer = text(inbox.last(ADA))
        assert "Nothing was played" in answer or "Nothing to do" in answer or "Nothing was changed" in answer
    assert Store(conn).snapshot(game_id).version == 1


def test_answers_past_the_hours_limit_are_folded_into_a_digest_never_dropped(conn, inbox, mail_in, run_jobs, new_game, monkeypatch):
    """Finding 1: what a careless auto-responder loop may cost is one digest an hour;
    a played move is answered at once even then."""
    monkeypatch.setitem(limits.ANSWERS_PER_HOUR, "answers", 2)
    with time_machine.travel(datetime(2030, 1, 7, 9, 0, tzinfo=timezone.utc), tick=True) as traveller:
        game_id, invitation = started(new_game, run_jobs, inbox)
        for card in (6, 7, 8, 9, 10):
            mail_in(reply_to(invitation, f"play {card}", ADA))
            run_jobs()
        subjects = [kind(m) for m in inbox.to(ADA)[1:]]
        assert len(subjects) == 3 and "Digest" in subjects[-1]      # 2 at once, the 3rd folded at once
        mail_in(reply_to(invitation, listed_moves(invitation)[0], ADA))
        run_jobs()
        traveller.shift(timedelta(seconds=CONFIRM_WINDOW + 5))     # issue 14: alone after the window
        run_jobs()
        assert kind(inbox.last(ADA)).endswith("Your move was applied")
        traveller.move_to(datetime(2030, 1, 7, 10, 1, tzinfo=timezone.utc))
        run_jobs()
    digest = inbox.last(ADA)
    assert "Digest: 2 answers to your mail" in kind(digest)
    assert text(digest).count("Your move was rejected: Rejected") == 2
    assert str(digest["Auto-Submitted"]) == "auto-replied"
    assert Store(conn).snapshot(game_id).version == 1


def test_every_unreadable_line_is_named_not_only_the_first(conn, inbox, mail_in, run_jobs, new_game):
    """Finding 1: "a later unreadable line was dropped silently from an answer"."""
    game_id, invitation = started(new_game, run_jobs, inbox)
    mail_in(reply_to(invitation, "play three\npass\nplay 4 please\nthrow card=3", ADA))
    run_jobs()
    answer = text(inbox.last(ADA))
    assert "'play three'" in answer and "'play 4 please'" in answer and "Nothing was played" in answer
    assert "'throw card=3'" in answer                   # notation-like: a move attempt, not ignored
    assert played(conn, game_id) == []


WRAPPED = [
    "On Thu, Nov 26, 2026 at 12:45 AM The turn service <turns@pbem.test>\nwrote:",
    "On Thu, Nov 26, 2026 at 12:45 AM The turn service <turns@pbem.test> wrote:",
    "Le jeu. 26 nov. 2026 à 00:45, The turn service <turns@pbem.test> a écrit :",
    "Le jeu. 26 nov. 2026 à 00:45, The turn service <turns@pbem.test> a\nécrit :",
    "Am Do., 26. Nov. 2026 um 00:45 Uhr schrieb The turn service <\nturns@pbem.test>:",
    "Am 26.11.2026 um 00:45 schrieb The turn service <turns@pbem.test>:",
    "El jue, 26 nov 2026 a las 0:45, The turn service (<turns@pbem.test>)\nescribió:",
    "Op do 26 nov. 2026 om 00:45 schreef The turn service\n<turns@pbem.test>:",
    "26.11.2026 00:45, The turn service wrote:",
    "-----Ursprüngliche Nachricht-----\nVon: The turn service",
    "De : The turn service <turns@pbem.test>\nEnvoyé : jeudi 26 novembre 2026 00:45",
    "Van: The turn service <turns@pbem.test>\nVerzonden: donderdag 26 november 2026",
]


@pytest.mark.parametrize("header", WRAPPED, ids=range(len(WRAPPED)))
def test_quote_headers_of_common_clients_end_the_reply(conn, inbox, mail_in, run_jobs, new_game, header):
    """Finding 2: the header, wrapped or not, in English, French, German, Spanish or
    Dutch, ends what the player wrote, also when the client quotes without '>' (the
    quoted mail's own move lines are then not read)."""
    game_id, invitation = started(new_game, run_jobs, inbox)
    move = listed_moves(invitation)[0]
    reply = reply_to(invitation, move, ADA)
    unquoted = invitation.get_body(("plain",)).get_content()
    reply.set_content(f"{move}\n\n{header}\n{unquoted}")
    mail_in(reply)
    run_jobs()
    answer = text(inbox.last(ADA))
    assert played(conn, game_id) == [{"action": move.split()[0], "card": int(move.split()[1])}], answer
    assert "Lines ignored" not in answer


@pytest.mark.parametrize("before, after", [("Hi all,", "Thanks!"), ("Hello Bert", "Cheers,\nAda"),
                                           ("", "Thanks!\nSent from my iPhone"),
                                           ("Hallo zusammen!", "Danke,\nAda")])
def test_greetings_and_thanks_around_a_move_are_ignored_and_named(conn, inbox, mail_in, run_jobs, new_game,
                                                                 after_window, before, after):
    """Finding 2: a stray line no longer spoils the reply; the answer says what was
    played and which lines were ignored."""
    game_id, invitation = started(new_game, run_jobs, inbox)
    move = listed_moves(invitation)[0]
    mail_in(reply_to(invitation, f"{before}\n\n{move}\n\n{after}", ADA))
    run_jobs()
    after_window()
    answer = text(inbox.last(ADA))
    assert Store(conn).snapshot(game_id).version == 1, answer
    assert kind(inbox.last(ADA)).endswith("Your move was applied")
    ignored = answer.split("Lines ignored\n", 1)[1].split("\n\n", 1)[0]
    stray = [line for line in (before + "\n" + after).splitlines()
             if line and not line.startswith("Sent from")]
    assert [line.strip() for line in ignored.splitlines() if line.startswith("  ")] == stray
    assert f"  {move}" in answer.split("Applied\n", 1)[1]


BRASS = "brass-lancashire"


def brass_with_many_builds(conn, inbox, mail_in, run_jobs, new_game) -> tuple[str, int]:
    """A 2-seat Brass game played by mail (random moves, a fixed seed) until a seat
    has 700+ legal builds; returns the game and that seat."""
    engine = game_types()[BRASS].engine
    game_id = new_game(BRASS, players=PLAYERS, seed=7)
    run_jobs()
    store, choose = Store(conn), random.Random(1)
    for _ in range(30):
        seat = store.snapshot(game_id).to_act[0]
        state = engine.load(store.snapshot(game_id).state)
        legal = [engine.format(m) for m in engine.legal_moves(state, seat)]
        if sum(n.startswith("build ") for n in legal) > 700:
            return game_id, seat
        mail_in(reply_to(inbox.last(PLAYERS[seat]["email"]), choose.choice(legal), PLAYERS[seat]["email"]))
        run_jobs()
    raise AssertionError("no round with 700+ builds")


def test_moves_build_above_the_reply_limit_narrows_by_place(conn, inbox, mail_in, run_jobs, new_game):
    """Finding 3: `moves build` with 700+ builds lists them grouped by place, each with
    its longer `moves build PLACE` reply, which then lists every build there."""
    game_id, seat = brass_with_many_builds(conn, inbox, mail_in, run_jobs, new_game)
    address = PLAYERS[seat]["email"]
    mail_in(reply_to(inbox.last(address), "moves build", address))
    run_jobs()
    answer = text(inbox.last(address))
    assert "reply `moves build` for all" not in answer
    advice = answer.split("e.g. `moves ", 1)[1].split("`", 1)[0]
    assert advice.startswith("build ") and len(advice.split()) == 2
    mail_in(reply_to(inbox.last(address), f"moves {advice}", address))
    run_jobs()
    narrowed = text(inbox.last(address)).split("-- \n")[0]
    listed = [line.strip() for line in narrowed.splitlines() if line.startswith(f"  {advice} ")]
    assert listed and "some of each kind" not in narrowed
    engine = game_types()[BRASS].engine
    state = engine.load(Store(conn).snapshot(game_id).state)
    assert listed == [n for n in (typed(engine.format(m)) for m in engine.legal_moves(state, seat))
                      if n.startswith(advice + " ")]


def reply_address_version(message) -> int:
    return int(str(message["Reply-To"]).split(".v", 1)[1].split(".", 1)[0])


def test_a_held_digest_says_only_what_is_still_true(conn, inbox, mail_in, run_jobs, new_game):
    """Finding 4: `digest 0` sends what is held at once; a digest of a version that has
    passed shows the game and reply address as they are; nothing held is sent once the
    game is over (and "game over" itself is never held)."""
    start = datetime(2030, 1, 7, 9, 0, tzinfo=timezone.utc)
    store = Store(conn)

    def say(address: str, body: str, to=None) -> None:
        mail_in(reply_to(to or inbox.last(address), body, address))
        run_jobs()

    def ada_plays() -> None:
        say(ADA, [m for m in listed_moves(inbox.last(ADA)) if m != "pass"][0])

    with time_machine.travel(start, tick=True) as traveller:
        game_id = new_game("pile")
        run_jobs()
        say(BERT, "digest 1")
        ada_plays()                                           # v1: the first digest goes out at once
        assert "Digest: 1 notification" in kind(inbox.last(BERT))
        say(BERT, "pass")                                     # v2
        ada_plays()                                           # v3: Bert's "your turn" is held
        held = len(inbox.to(BERT))
        say(BERT, "digest 0")                                 # ... and released at once
        digest = [m for m in inbox.to(BERT)[held:] if kind(m).startswith("Digest")]
        assert len(digest) == 1 and reply_address_version(digest[0]) == 3
        say(BERT, "digest 1", to=digest[0])
        say(BERT, "pass", to=digest[0])                       # v4
        ada_plays()                                           # v5: held
        say(BERT, "status")
        say(BERT, "pass")                                     # v6: what is held is out of date
        traveller.move_to(start + timedelta(hours=1, minutes=5))
        run_jobs()
        late = inbox.last(BERT)
        assert "Digest: 1 notification" in kind(late)
        assert reply_address_version(late) == 6 == store.snapshot(game_id).version
        assert "Not your move now. Waiting for: Ada" in text(late)
        ada_plays()                                           # v7: held
        say(BERT, "status")
        say(BERT, "pass")                                     # v8
        say(ADA, "pass")                                      # v9: two passes end the game
        assert store.snapshot(game_id).status == "finished"
        assert kind(inbox.last(BERT)).endswith("Game over")
        traveller.move_to(start + timedelta(hours=3))
        run_jobs()
    assert kind(inbox.last(BERT)).endswith("Game over")


def test_an_upper_cased_reply_address_is_taken(conn, inbox, mail_in, run_jobs, new_game):
    """Finding 7: the reply address is documented as safe in case-folding mail systems;
    `pbem mail-in` refused it in upper case (550)."""
    game_id, invitation = started(new_game, run_jobs, inbox)
    reply = reply_to(invitation, listed_moves(invitation)[0], ADA)
    address = str(reply["To"])
    del reply["To"]
    reply["To"] = address.upper()
    mail_in(reply)
    run_jobs()
    assert Store(conn).snapshot(game_id).version == 1


def test_no_text_part_is_base64_and_prose_keeps_to_78_columns(conn, inbox, mail_in, run_jobs, new_game):
    """Finding 7: a Brass game's mails (the £ sign, long option lists) through the real
    SMTP path; `badly_written` checks every mail of every mail test the same way."""
    from tests.workers.conftest import badly_written
    new_game(BRASS, players=PLAYERS, seed=7)
    run_jobs()
    invitation = inbox.last(ADA)
    mail_in(reply_to(invitation, "Thanks for the invitation, looking forward to this one " * 3 + "\nstatus", ADA))
    run_jobs()
    assert len(inbox.to(ADA)) == 2
    assert [fault for message in inbox.messages for fault in badly_written(message)] == []
    assert any("£" in m.get_body(("plain",)).get_content() for m in inbox.messages)
