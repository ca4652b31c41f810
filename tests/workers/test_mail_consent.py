"""No open mail relay, in the mail (issue 11, finding 4): the attack of the issue (20
games in a row inviting one address, an attacker's name in To: and the body) now
brings that address one question and nothing an attacker wrote; its reply confirms it
and the invitations follow; `stop`, by reply or through List-Unsubscribe, puts it on a
suppression list that no game owns, and it is never mailed again."""
from __future__ import annotations

from email.message import EmailMessage
from urllib.parse import parse_qs, quote, unquote, urlsplit

import pytest

from service.mail import consent, limits
from tests.conftest import TEST_REDIS_URL
from tests.workers.conftest import DOMAIN, PLAYERS, reply_to, kind
from tests.workers.test_commands_by_mail import text

VICTIM = "victim@x.test"
SPAM = "Cheap pills at spam.test"
QUESTION = "Please confirm: may the turn service mail you?"


@pytest.fixture
def client(conn):
    from service.app import create_app
    return create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True}).test_client()


def attack(client, headers, games: int = 20) -> list[int]:
    players = [{"name": SPAM, "email": VICTIM}, {"name": SPAM + " (2)", "bot": True}]
    return [client.post("/v1/games", json={"game": "pile", "players": players},
                        headers=headers).status_code for _ in range(games)]


def test_twenty_games_for_one_address_bring_it_one_question_and_no_attacker_text(
        conn, client, inbox, run_jobs, api_key):
    allowed = limits.INVITATIONS_PER_DAY["recipient"]
    assert attack(client, api_key()) == [201] * allowed + [429] * (20 - allowed)
    run_jobs()
    assert len(inbox.to(VICTIM)) == 1
    question = inbox.last(VICTIM)
    assert question["Subject"] == QUESTION
    assert dict(question.raw_items())["To"] == VICTIM            # no display name
    assert "spam.test" not in question.as_string() and "pills" not in text(question)


def test_a_reply_confirms_the_address_and_its_invitations_follow(conn, client, inbox, mail_in, run_jobs,
                                                                 api_key):
    attack(client, api_key(), games=2)
    run_jobs()
    mail_in(reply_to(inbox.last(VICTIM), "yes", VICTIM))
    run_jobs()
    subjects = [str(m["Subject"]) for m in inbox.to(VICTIM)]
    assert subjects[0] == QUESTION and len(subjects) == 4          # question, 2 invitations, answer
    assert sum(kind(m).endswith("You are invited to a game") for m in inbox.to(VICTIM)) == 2
    assert consent.confirmed(conn, VICTIM)


def test_the_signed_link_confirms_by_its_page_button_not_by_a_scanners_get(conn, client, inbox, run_jobs,
                                                                           api_key):
    attack(client, api_key(), games=1)
    run_jobs()
    link = next(line for line in text(inbox.last(VICTIM)).splitlines()
                if "/v1/mail/confirmations?" in line)
    path = link[link.index("/v1/"):]
    page = client.get(path)
    assert page.status_code == 200 and b"<form method=post>" in page.data
    assert not consent.confirmed(conn, VICTIM)                     # a GET confirms nothing
    assert quote(VICTIM) in path
    forged = client.post(path.replace(quote(VICTIM), quote("other@x.test")))
    assert forged.status_code == 403 and forged.json["errors"][0]["field"] == "code"
    assert client.post(path).json == {"address": VICTIM, "confirmed": True}
    run_jobs()
    assert kind(inbox.last(VICTIM)).endswith("You are invited to a game")


def test_an_unconfirmed_address_gets_one_question_a_day_and_no_turn_mail(conn, inbox, run_jobs, new_game):
    from service.play import submit_turn
    from service.queues import enqueuer
    from service.store import Store
    players = [PLAYERS[1], {"name": "Ada", "email": VICTIM}]
    consent.confirm(conn, PLAYERS[1]["email"])
    first = new_game("pile", players=players, confirmed=False)
    new_game("pile", players=players, confirmed=False)
    run_jobs()
    submit_turn(Store(conn), enqueuer(conn), first, 0, 0, [{"action": "pass"}])
    run_jobs()                                   # the victim's seat is to act now
    assert [m["Subject"] for m in inbox.to(VICTIM)] == [QUESTION]
    assert len(inbox.to(PLAYERS[1]["email"])) == 2        # Bert, confirmed: both invitations


def test_no_question_goes_to_the_services_own_domain(conn, inbox, run_jobs, new_game):
    own = f"play+other.0.v0.{'0' * 20}@{DOMAIN}"
    new_game("pile", players=[{"name": "Ada", "email": own}, PLAYERS[1]], confirmed=False)
    run_jobs()
    assert inbox.to(own) == [] and inbox.to(PLAYERS[1]["email"])


def test_stop_in_reply_to_the_question_means_never_again(conn, client, inbox, mail_in, run_jobs, api_key,
                                                        new_game):
    attack(client, api_key(), games=1)
    run_jobs()
    mail_in(reply_to(inbox.last(VICTIM), "stop", VICTIM))
    run_jobs()
    assert consent.suppressed(conn, VICTIM) and len(inbox.to(VICTIM)) == 1    # not even an answer
    new_game("pile", players=[{"name": "Ada", "email": VICTIM}, PLAYERS[1]])  # even confirmed again
    run_jobs()
    assert len(inbox.to(VICTIM)) == 1
    assert attack(client, api_key("another"), games=1) == [403]


def test_list_unsubscribe_puts_a_player_on_the_suppression_list(conn, inbox, mail_in, run_jobs, new_game):
    ada = PLAYERS[0]["email"]
    new_game("pile")
    run_jobs()
    link = urlsplit(str(inbox.last(ada)["List-Unsubscribe"]).strip("<>"))
    query = {name: unquote(values[0]) for name, values in parse_qs(link.query).items()}
    unsubscribe = EmailMessage()                   # what a mail program sends for the link
    unsubscribe["From"], unsubscribe["To"] = ada, link.path
    unsubscribe["Subject"] = query["subject"]
    unsubscribe.set_content(query["body"])
    mail_in(unsubscribe)
    run_jobs()
    assert consent.suppressed(conn, ada)
    before = len(inbox.to(ada))
    new_game("pile")                              # another game, the address confirmed as before
    run_jobs()
    assert len(inbox.to(ada)) == before and inbox.to(PLAYERS[1]["email"])
