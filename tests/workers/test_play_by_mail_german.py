"""A game by mail played in German (issue 31, "What it must show"): from the invitation
to game over, through the real SMTP server and the service's own SMTP listener, each
seat first asks for German (`sprache deutsch`), then plays with German commands
(`hilfe`, `status`, `züge`) and its moves written with the German verbs and the German
rulebook's names (seeds/003: "bau ... Baumwollspinnerei", "Kohlebergwerk"); every
answer after that is in German and holds no English sentence of the catalogue."""
from __future__ import annotations

import random

from service.store import Store
from tests.i18n.catalogue import english_in
from tests.workers.conftest import kind, listed_lines, reply_to
from tests.workers.test_play_by_mail import players

GAME = "brass-lancashire"
HEADING = "Deine erlaubten Züge"
GERMAN_VERBS = {"bau", "verbinde", "entwickle", "verkaufe", "kredit", "passe", "fertig", "entferne"}


def text(message) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


def listed_moves(message) -> list[str]:
    return [line.rsplit(" (", 1)[0] if line.endswith(")") else line
            for line in listed_lines(message, HEADING) if not line.startswith("Wahlen bei ")]


def test_a_game_played_in_german_by_mail_is_answered_in_german(conn, inbox, mail_in, run_jobs, new_game):
    seated = players(2)
    game_id = new_game(GAME, players=seated, options={"length": "introductory"})
    run_jobs()
    emails = [p["email"] for p in seated]
    for email in emails:
        mail_in(reply_to(inbox.last(email), "sprache deutsch", email))
    run_jobs()
    for email in emails:
        answer = text(inbox.last(email))
        assert "Von jetzt an sind deine Mails und deine Seite auf Deutsch." in answer
        assert "Partie von" in str(inbox.last(email)["Subject"])
    first = emails[Store(conn).snapshot(game_id).to_act[0]]
    mail_in(reply_to(inbox.last(first), "hilfe\nstatus\nzüge bau", first))
    run_jobs()
    answer = text(inbox.last(first))
    assert "Hilfe\n=====" in answer and "sprache de/en" in answer and "Status\n======" in answer
    assert "Deine erlaubten Züge, die mit 'bau' beginnen" in answer and "  bau " in answer
    start = len(inbox.messages)
    choose, store, turns, german_words = random.Random(5), Store(conn), 0, 0
    while store.snapshot(game_id).status != "finished":
        seat = store.snapshot(game_id).to_act[0]
        mail = inbox.last(emails[seat])
        move = choose.choice(listed_moves(mail))         # as listed: in German words
        german_words += move.split()[0] in GERMAN_VERBS
        mail_in(reply_to(mail, move, emails[seat]))
        run_jobs()
        turns += 1
        assert store.snapshot(game_id).version == turns, (move, text(inbox.last(emails[seat])))
        assert turns < 500
    assert german_words == turns        # every move began with a German verb
    told = inbox.messages[start:]
    industries = ("Baumwollspinnerei", "Kohlebergwerk", "Eisenhütte", "Hafen", "Werft")
    assert any(name in text(m) for m in told for name in industries)
    for email in emails:
        last = inbox.last(email)
        assert kind(last) == "Spielende"
        assert "Endstand\n========" in text(last) and "Platzierung" in text(last)
    for message in told:
        assert english_in(text(message)) == [], (kind(message), english_in(text(message)))
        assert kind(message) in ("Du bist am Zug", "Dein Zug wurde ausgeführt", "Spielende",
                                 "Antwort auf deine Mail"), kind(message)
