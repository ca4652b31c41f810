"""A seat that changed hands is its new holder's alone (issue 30, "Leaving"; the trust
review of session 9): once the game's admin gave a seat to the bot, or a replacement
took it, the old holder's address gets no more mail of the seat (every such mail
carries the seat's hand), and a mail from it to a reply address it was sent is refused
with nothing changed. Through the real SMTP listener (`pbem mail-in`), a real SMTP
server receiving what the service sends, rq's workers and the Flask app on one Redis.
No rulebook speaks of replacing a player (searched for Ersatz, ersetzen, übernehmen):
this is the platform's, outside the rules."""
from __future__ import annotations

import re
import smtplib

import pytest

from service import i18n, messages, replacement, resignation
from service.mail import consent, settings
from service.mail.config import MailConfig
from service.games.presentation import fitted
from service.play import create_game, load_game
from service.queues import MAIL, queue
from service.store import Store
from tests.workers.conftest import PLAYERS, kind, reply_to
from tests.workers.test_commands_by_mail import ask, text
from workers import notify
from workers.mail import compose, notices

ADA, BERT, CY = PLAYERS[0]["email"], PLAYERS[1]["email"], "cy@player.test"


def mailed_game(conn) -> tuple[str, dict]:
    """A pile game of Ada and Bert by mail, the admin allowed after one missed
    deadline: (id, the admin's auth)."""
    for address in (ADA, BERT, CY):
        conn.sadd(consent.CONFIRMED, consent.normal(address))
    record, _shown, admin = create_game(Store(conn), "pile", PLAYERS, None, 7, settings={
        "clock": {"turn_hours": 48, "deadline_policy": "wait", "admin_after_missed": 1}})
    queue(conn, MAIL).enqueue("workers.notify.on_game_created", record.id)
    replacement.count_missed(conn, record.id, 0)
    return record.id, {"Authorization": f"Bearer {admin}"}


def watched_game(conn, inbox, mail_in, run_jobs) -> tuple[str, dict, object, object]:
    """The game, Ada asking for a mail after every move and each message in a mail of its
    own: (id, the admin's auth, her first mail, her last)."""
    game_id, admin = mailed_game(conn)
    run_jobs()
    first = inbox.last(ADA)
    ask(mail_in, run_jobs, inbox, ADA, "notify every")
    ask(mail_in, run_jobs, inbox, ADA, "messages own")
    return game_id, admin, first, inbox.last(ADA)


def state_of(conn, game_id: str) -> tuple:
    """What a refused mail must leave as it was: the version, the log, the messages,
    the take-back and end-vote keys, the seat's mail settings."""
    store = Store(conn)
    keys = sorted(k for k in conn.keys(f"game:{game_id}:*") if b":mail:" not in k
                  or b":mail:seat:" in k)
    return (store.snapshot(game_id), len(store.log(game_id)),
            [m["text"] for m in messages.unmailed(conn, game_id, 1)],
            {k: conn.dump(k) for k in keys if b"clock" not in k})


def refused(mail_in, message) -> bool:
    """Whether the listener refuses the mail at RCPT (a reply address no longer
    genuine); a mail it takes is handled by the jobs."""
    try:
        mail_in(message)
    except smtplib.SMTPRecipientsRefused:
        return True
    return False


def play_on(mail_in, run_jobs, inbox, address: str) -> None:
    """The seat plays the first card its last mail listing moves lists, by reply."""
    listing = next(m for m in reversed(inbox.to(address)) if "\n  play " in text(m))
    listed = [line.strip() for line in text(listing).splitlines() if line.startswith("  play ")]
    mail_in(reply_to(listing, listed[0], address))
    run_jobs()


def old_holder_gets_nothing_more(conn, inbox, mail_in, run_jobs, game_id: str, kept: list,
                                 new_address: str | None) -> None:
    """After the hand-over: Bert plays, says something to the table, takes his turn
    back and ends the game by vote; the seat's old holder is mailed none of it (she
    had asked for a mail after every move and each message in a mail of its own), and
    her replies, to her first mail and to her last, change nothing."""
    mailed = len(inbox.to(ADA))
    play_on(mail_in, run_jobs, inbox, BERT)
    ask(mail_in, run_jobs, inbox, BERT, "say who holds seat one now?")
    asked = ask(mail_in, run_jobs, inbox, BERT, "take back")
    if new_address is not None:             # it drew a card: the new holder is asked
        asked = ask(mail_in, run_jobs, inbox, new_address, "agree")
    assert "taken back" in asked, asked
    ask(mail_in, run_jobs, inbox, BERT, "end game")
    if new_address is not None:
        ask(mail_in, run_jobs, inbox, new_address, "end agree")
    run_jobs()
    assert Store(conn).snapshot(game_id).status == "finished"
    assert [kind(m) for m in inbox.to(ADA)[mailed:]] == []
    assert any(kind(m).startswith("Game over") for m in inbox.to(BERT))
    before = state_of(conn, game_id)
    for old in kept:
        for command in ("status", "say I am still here", "end agree", "notify turn"):
            if not refused(mail_in, reply_to(old, command, ADA)):
                run_jobs()
    assert state_of(conn, game_id) == before
    assert [text(m) for m in inbox.to(ADA)[mailed:] if "Your hand" in text(m)] == []


def test_the_seat_the_admin_gave_the_bot_mails_its_old_holder_nothing(conn, inbox, mail_in,
                                                                     run_jobs, client):
    """Ada missed a deadline; the admin gives her seat to the bot. She is told once that
    her seat was handed on, in a mail with no hand, no board and no reply address of
    the seat; then nothing of the seat reaches her address."""
    game_id, admin, first, last = watched_game(conn, inbox, mail_in, run_jobs)
    mailed = len(inbox.to(ADA))
    assert client.post(f"/v1/games/{game_id}/seats/0/bot", headers=admin).status_code == 200
    run_jobs()
    told = inbox.to(ADA)[mailed:]
    assert [kind(m) for m in told] == ["Your seat was handed on"]
    farewell = text(told[0])
    assert "Your hand" not in farewell and told[0]["Reply-To"] is None, farewell
    assert Store(conn).game(game_id).seats[0].email is None
    old_holder_gets_nothing_more(conn, inbox, mail_in, run_jobs, game_id,
                                 [first, last, told[0]], None)


def test_the_seat_a_replacement_took_mails_its_old_holder_nothing(conn, inbox, mail_in, run_jobs,
                                                                 client):
    """Ada missed a deadline; the admin invites a replacement and Cy, with an account,
    takes her seat. Every mail of the seat goes to Cy's address from then on."""
    game_id, admin, first, last = watched_game(conn, inbox, mail_in, run_jobs)
    cy = client.post("/v1/players", json={"name": "Cy", "email": CY})
    assert cy.status_code == 201, cy.json
    code = client.post(f"/v1/games/{game_id}/seats/0/replacement", headers=admin)
    assert code.status_code == 201, code.json
    taken = client.post(f"/v1/games/{game_id}/invitations/accept",
                        headers={"Authorization": f"Bearer {cy.json['token']['token']}"},
                        json={"code": code.json["invitation"]["code"]})
    assert taken.status_code == 200 and taken.json["taken_over"], taken.json
    run_jobs()
    assert Store(conn).game(game_id).seats[0].email == CY
    assert any("Your hand" in text(m) for m in inbox.to(CY))
    play_on(mail_in, run_jobs, inbox, CY)
    old_holder_gets_nothing_more(conn, inbox, mail_in, run_jobs, game_id, [first, last], CY)


@pytest.mark.parametrize("command", ["status", "end agree"])
def test_a_mail_from_the_old_holder_to_her_old_reply_address_changes_nothing(
        conn, inbox, mail_in, run_jobs, client, command):
    """Refused at RCPT by the listener: no answer, no vote, nothing read."""
    game_id, admin = mailed_game(conn)
    run_jobs()
    first = inbox.last(ADA)
    assert client.post(f"/v1/games/{game_id}/seats/0/bot", headers=admin).status_code == 200
    run_jobs()
    before, mailed = state_of(conn, game_id), len(inbox.to(ADA))
    assert refused(mail_in, reply_to(first, command, ADA))
    run_jobs()
    assert state_of(conn, game_id) == before and len(inbox.to(ADA)) == mailed


def test_a_mail_queued_for_the_old_holder_is_not_delivered_after_the_seat_changed_hands(
        conn, inbox, run_jobs, client):
    """The invitations are written and queued (the deliveries wait, as behind a slow or
    failing mail server), then the admin gives Ada's seat to the bot: her invitation,
    with her hand, is dropped at delivery; Bert's goes out."""
    game_id, admin = mailed_game(conn)
    notify.on_game_created(game_id)                 # written and queued, not yet delivered
    assert inbox.to(ADA) == []
    assert client.post(f"/v1/games/{game_id}/seats/0/bot", headers=admin).status_code == 200
    run_jobs()
    assert [kind(m) for m in inbox.to(ADA)] == ["Your seat was handed on"]
    assert any("Your hand" in text(m) for m in inbox.to(BERT))


def test_the_old_holders_mail_settings_stay_behind(conn, inbox, mail_in, run_jobs, client):
    """Ada muted the game's mails, went on vacation and chose German; Cy takes her seat
    over: he is mailed his turn, in English, and his clock runs (her settings, her
    vacation with them, were hers)."""
    game_id, admin = mailed_game(conn)
    run_jobs()
    for command in ("vacation 10", "sprache deutsch", "mute"):
        ask(mail_in, run_jobs, inbox, ADA, command)
    assert settings.load(conn, game_id, 0).muted
    cy = client.post("/v1/players", json={"name": "Cy", "email": CY})
    code = client.post(f"/v1/games/{game_id}/seats/0/replacement", headers=admin)
    taken = client.post(f"/v1/games/{game_id}/invitations/accept",
                        headers={"Authorization": f"Bearer {cy.json['token']['token']}"},
                        json={"code": code.json["invitation"]["code"]})
    assert taken.status_code == 200, taken.json
    run_jobs()
    assert settings.load(conn, game_id, 0) == settings.SeatSettings()
    assert [kind(m) for m in inbox.to(CY)] == ["Cy took over Ada's seat"]
    assert "Your legal moves" in text(inbox.last(CY))


def section(message, title: str) -> str:
    """A mail's plain-text section under `title`, up to the next one."""
    after = text(message).split(f"\n{title}\n{'=' * len(title)}\n", 1)[1]
    return re.split(r"\n\n[^\n]+\n=+\n|\n\n-- \n", after, maxsplit=1)[0]


def test_a_resigned_seats_old_holder_is_mailed_only_what_a_spectator_reads(
        conn, inbox, mail_in, run_jobs):
    """Trust (issue 30, resigning): Ada, who asked for a mail after every move and each
    message in a mail of its own, resigns by mail; the bot plays her seat, its hand the
    bot's. She is told so once, with no reply address; then Bert plays, talks to the
    table and to her seat alone, and ends the game: of all that she is mailed only the game's end, its board the spectator's,
    with no reply address; her replies (`status` among them) to every mail she was sent
    are refused with nothing changed."""
    game_id, _admin, first, last = watched_game(conn, inbox, mail_in, run_jobs)
    asked = inbox.last(ADA)
    mailed = len(inbox.to(ADA))
    assert "You resigned" in ask(mail_in, run_jobs, inbox, ADA, "resign yes")
    assert Store(conn).game(game_id).settings["resigned"] == [0]
    play_on(mail_in, run_jobs, inbox, BERT)
    ask(mail_in, run_jobs, inbox, BERT, "say who holds seat one now?")
    ask(mail_in, run_jobs, inbox, BERT, "tell Ada a word for the seat alone")
    ask(mail_in, run_jobs, inbox, BERT, "end game")
    run_jobs()
    game = load_game(Store(conn), game_id)
    assert game.snapshot.status == "finished"
    told = inbox.to(ADA)[mailed:]
    assert [kind(m) for m in told] == ["Resigned: the bot plays for you", "Game over: abandoned"]
    assert [m["Reply-To"] for m in told] == [None, None]
    watched = fitted(notices.said(game).view(game.state, None))
    assert watched != fitted(notices.said(game).view(game.state, 0))      # the seat's own differs
    assert section(told[1], "The board") == watched
    assert [m for m in told if "for the seat alone" in text(m)] == []       # a whisper to it
    before = state_of(conn, game_id)
    for old in (first, asked, last, *told):
        for command in ("status", "moves", "say I am still here", "end agree"):
            if old["Reply-To"] is not None:
                assert refused(mail_in, reply_to(old, command, ADA))
    run_jobs()
    assert state_of(conn, game_id) == before and len(inbox.to(ADA)) == mailed + len(told)


def test_every_mail_written_for_a_resigned_seat_is_a_spectators(conn):
    """Whatever mail of the seat were written after its player resigned (the bot's
    seat, to act now), it carries what a spectator reads: the spectator's board, no
    legal moves, no page link, no reply address."""
    game_id, _admin = mailed_game(conn)
    store = Store(conn)
    resignation.resign(conn, load_game(store, game_id), 0)
    game, config = load_game(store, game_id), MailConfig.from_env(conn)
    assert game.snapshot.to_act == [0]
    watched = fitted(notices.said(game).view(game.state, None))
    assert watched != fitted(notices.said(game).view(game.state, 0))
    for mail in (notices.invitation(game, 0, config), notices.your_turn(game, 0, config),
                 notices.reminder(game, 0, config, "soon"), notices.moved(game, 0, config, []),
                 notices.game_over(game, 0, config)):
        sections = dict(mail.sections)
        assert (mail.reply_to, mail.page_url, mail.quick_replies) == (None, None, {}), mail.subject
        assert sections["The board"] == watched and "Your legal moves" not in sections


@pytest.mark.parametrize("language, invitation", [("en", "Reply"), ("de", "Antworte")])
def test_a_resigned_seats_mail_invites_no_reply_it_cannot_take(conn, language, invitation):
    """A resigned seat's former holder is a spectator, mailed with no reply address: no
    mail of the seat, its footer neither, tells her to reply (`help`, `mute`, `stop`), in
    English and German; it says that the mail takes no reply. A seat still held is told
    how to reply."""
    game_id, _admin = mailed_game(conn)
    store = Store(conn)
    resignation.resign(conn, load_game(store, game_id), 0)
    game, config = load_game(store, game_id), MailConfig.from_env(conn)
    with i18n.speaking(language):
        mails = [notices.invitation(game, 0, config), notices.moved(game, 0, config, []),
                 notices.game_over(game, 0, config)]
        held = notices.game_over(game, 1, config)
    for mail in mails:
        mail.language = language
        plain, markup = (part.get_content() for part in compose.build(
            mail, config.mail_from, config.domain, config.public_url).iter_parts())
        for said in (plain, markup):
            assert invitation not in said and "`" not in said, (mail.subject, said)
        assert ("this mail takes no reply" if language == "en" else "nimmt keine Antwort an") in \
            " ".join(plain.split())
    with i18n.speaking(language):
        assert invitation in compose.footer(held, config.public_url)
