"""Every kind of mail in the reader's language (issue 31): a seat that chose German gets
each deadline policy's mail (wait, skip, pause, bot), the mails of a seat resigned or
handed on to the bot, the game over of a game ended by vote, and the question before a
first invitation in German, subject and body, with no English sentence of the
catalogue; the English seat of the same game gets the same news in English. A player
account in German gets its address question and its webhook's notice in German. Real
Redis, rq's scheduler and worker, the real SMTP listener and a real SMTP server."""
from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

import pytest
import time_machine

from service import webhooks
from service.mail import consent, settings
from service.queues import MAIL, queue
from tests.i18n.catalogue import english_in
from tests.workers.conftest import PLAYERS, kind
from tests.workers.test_commands_by_mail import ask, text

ADA, BERT = PLAYERS[0]["email"], PLAYERS[1]["email"]
START = datetime(2030, 5, 6, 9, 0, tzinfo=timezone.utc)
# each policy's mail at Ada's deadline: (to Ada, in German; to Bert, in English or None)
AT_THE_DEADLINE = {
    "wait": ("Frist abgelaufen: du bist am Zug", None),
    "skip": ("Zeit abgelaufen: für dich wurde ein Zug gespielt", "Time ran out for Ada"),
    "pause": ("Spiel angehalten: die Zeit ist abgelaufen", "Game paused: time ran out"),
    "bot": ("Zeit abgelaufen: der Bot spielt für dich", "Time ran out: the bot plays for Ada"),
}


def german_game(new_game, conn, run_jobs, clock=None, confirmed: bool = True) -> str:
    """A game of Ada (German, her seat's own setting) and Bert (English), invited."""
    game_id = new_game("pile", clock=clock, confirmed=confirmed)
    settings.change(conn, game_id, 0, language="de")
    run_jobs()
    return game_id


def assert_german(message) -> None:
    assert str(message["Subject"]).endswith("Partie von Ada"), message["Subject"]
    assert english_in(text(message)) == [], (kind(message), english_in(text(message)))


def assert_english(message) -> None:
    assert str(message["Subject"]).endswith("Bert's game"), message["Subject"]


@pytest.mark.parametrize("policy", sorted(AT_THE_DEADLINE))
def test_each_deadline_policys_mail_is_in_each_seats_language(policy, conn, inbox, run_jobs, new_game):
    german, english = AT_THE_DEADLINE[policy]
    with time_machine.travel(START, tick=True) as travel:
        german_game(new_game, conn, run_jobs, {"turn_hours": 48, "reminder_hours": [24, 12],
                                               "deadline_policy": policy})
        travel.move_to(START + timedelta(hours=48.1))
        run_jobs()
    kinds = [kind(m) for m in inbox.to(ADA)]
    assert german in kinds and "Erinnerung: du bist am Zug" in kinds, kinds
    for message in inbox.to(ADA):
        assert_german(message)
    if english is not None:
        assert english in [kind(m) for m in inbox.to(BERT)]
    for message in inbox.to(BERT):
        assert_english(message)


@pytest.mark.parametrize("job, german, english", [
    ("on_resigned", "Aufgegeben: der Bot spielt für dich", "Resigned: the bot plays for Ada"),
    ("on_handed_to_bot", "Weitergegeben: der Bot spielt für dich", "Handed on: the bot plays for Ada")])
def test_the_bot_taking_a_seat_is_told_in_each_seats_language(job, german, english, conn, inbox,
                                                              run_jobs, new_game):
    game_id = german_game(new_game, conn, run_jobs)
    queue(conn, MAIL).enqueue(f"workers.notify.{job}", game_id, "0")
    run_jobs()
    assert kind(inbox.last(ADA)) == german and kind(inbox.last(BERT)) == english
    assert "von jetzt an" in text(inbox.last(ADA))
    assert_german(inbox.last(ADA))
    assert_english(inbox.last(BERT))


def test_a_game_ended_by_vote_is_over_in_each_seats_language(conn, inbox, mail_in, run_jobs, new_game):
    """...and a message said to Ada alone reaches her next mail under a German heading."""
    german_game(new_game, conn, run_jobs)
    ask(mail_in, run_jobs, inbox, BERT, "tell Ada Viel Glück!")
    ask(mail_in, run_jobs, inbox, ADA, "end game")
    assert any("Nachrichten\n===========\nBert (an dich): Viel Glück!" in text(m) for m in inbox.to(ADA))
    ask(mail_in, run_jobs, inbox, BERT, "end agree")
    run_jobs()
    over = [m for m in inbox.to(ADA) if kind(m) == "Partie beendet: abgebrochen"]
    assert len(over) == 1 and "Ada, Bert stimmten zu" in " ".join(text(over[0]).split())
    for message in inbox.to(ADA):
        assert_german(message)
    assert [kind(m) for m in inbox.to(BERT)].count("Game over: abandoned") == 1


def test_the_question_before_a_first_invitation_is_in_the_seats_language(conn, inbox, run_jobs, new_game):
    german_game(new_game, conn, run_jobs, confirmed=False)
    asked, english = inbox.last(ADA), inbox.last(BERT)
    assert asked["Subject"] == "Bitte bestätige: darf dir der Zugdienst Mails schicken?"
    assert "zum Beispiel mit `ja`" in " ".join(text(asked).split()) and english_in(text(asked)) == []
    assert english["Subject"] == "Please confirm: may the turn service mail you?"


def test_a_german_accounts_mails_are_in_german(conn, inbox, run_jobs, client):
    """The address question of a new account, and its webhook's notice once its failures
    disabled it (issue 29), in the account's language, its reason too."""
    signed = client.post("/v1/players", json={"name": "Ada", "email": ADA, "language": "de"})
    run_jobs()
    asked = inbox.last(ADA)
    assert asked["Subject"] == "Bitte bestätige: darf dir der Zugdienst Mails schicken?"
    assert "Spielerkonto" in text(asked) and english_in(text(asked)) == []
    link = next(line for line in text(asked).splitlines() if "/v1/mail/confirmations?" in line)
    page = client.get(link[link.index("/v1/"):], headers={"Accept-Language": "de"}).text
    assert "<button>Bestätigen</button>" in page and "Spielmails an <b>ada@player.test</b>" in page
    assert english_in(page) == []
    conn.sadd(consent.CONFIRMED, consent.normal(ADA))
    auth = {"Authorization": f"Bearer {signed.json['token']['token']}"}
    hook = client.post("/v1/players/me/webhooks", json={"url": "http://127.0.0.1:9/hook"}, headers=auth).json
    first = time.time()
    for at in (first, first + webhooks.schedule_seconds(webhooks.FAILING_FOR) + 1):   # a day of failures
        webhooks.attempted(conn, hook["id"], {"at": at, "ok": False, "error": "answered 500",
                                              "status_code": 500, "message_id": "m1"}, "{}", last=False)
    queue(conn, MAIL).enqueue("workers.players.webhook_disabled", hook["id"])
    run_jobs()
    notice = inbox.last(ADA)
    assert notice["Subject"] == "Dein Webhook ist abgeschaltet"
    assert "Schalte ihn wieder ein" in " ".join(text(notice).split()) and english_in(text(notice)) == []
    # the reason too (issue 31): the hours, the attempts and the last one's answer
    assert "jeder Versuch ist 24 Std. lang gescheitert (2 Versuche), der letzte: antwortete mit 500" \
        in " ".join(text(notice).split())
    told = client.get(f"/v1/players/me/webhooks/{hook['id']}/deliveries", headers=auth).json
    assert told["webhook"]["disabled_reason"] == \
        "every attempt failed for 24.0 h (2 attempts), the last: answered 500"   # the API's: English, as before
