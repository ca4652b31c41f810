"""A whole game played by e-mail only (issue 4, "What it must show"): invitations out
through a real SMTP server, replies in through the service's own SMTP listener, moves
taken from the legal moves each mail lists, until every player has "game over".
Played with the platform's test game and with the first game type the service
registers."""
from __future__ import annotations

import hashlib
import random
import re
from email.message import EmailMessage
from html import unescape
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from service.games.events import with_names
from service.games.registry import game_types
from service.play import load_game, logged, snapshot_of
from service.store import Store, key
from tests.workers.conftest import reply_to, kind
from workers.mail import inbound, intake
from workers.mail.via_mail import via_mail_key

FIRST_REGISTERED = next(gid for gid in game_types() if gid != "pile")


def listed_moves(message) -> list[str]:
    """The legal moves a "your turn" mail lists under its heading, one a line, without
    the note in brackets (price, "ends your turn") each may end with."""
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    section = text.split("Your legal moves\n================\n", 1)[1].split("\n\n", 1)[0]
    lines: list[str] = []
    for line in section.splitlines():
        if line.startswith("    ") and lines:
            lines[-1] += " " + line.strip()         # a wrapped line continued
        elif line.startswith("  "):
            lines.append(line.strip())
    return [re.sub(r" [(][^)]*[)]$", "", line) for line in lines
            if not line.startswith("choices of ")]     # the choices left to the player


def players(count: int) -> list[dict]:
    names = ["Ada", "Bert", "Cleo", "Dara"][:count]
    return [{"name": name, "email": f"{name.lower()}@player.test"} for name in names]


@pytest.mark.parametrize("game", ["pile", FIRST_REGISTERED])
def test_whole_game_played_by_mail_from_invitation_to_game_over(conn, inbox, mail_in, run_jobs, new_game, game):
    """...and every mail of the game to one seat is one conversation: it references
    that seat's invitation, and no subject carries the version; no mail names a player
    "seat N" (issue 14)."""
    seated = players(game_types()[game].min_seats)
    game_id = new_game(game, players=seated)
    run_jobs()
    emails = [p["email"] for p in seated]
    assert all(kind(inbox.to(e)[0]).endswith("You are invited to a game") for e in emails)
    choose, store, turns = random.Random(3), Store(conn), 0
    while store.snapshot(game_id).status != "finished":
        seat = store.snapshot(game_id).to_act[0]
        mail = inbox.last(emails[seat])
        moves = listed_moves(mail)
        assert moves, mail.get_body(("plain",)).get_content()
        mail_in(reply_to(mail, choose.choice(moves), emails[seat]))
        run_jobs()
        turns += 1
        assert store.snapshot(game_id).version == turns, inbox.last(emails[seat]).get_body(("plain",)).get_content()
        assert turns < 2000
    result = store.snapshot(game_id).result
    for email in emails:
        last = inbox.last(email)
        assert kind(last).endswith("Game over")
        body = " ".join(last.get_body(("plain",)).get_content().split())
        assert "Final scores" in body
        said = game_types()[game].presented([p["name"] for p in seated])
        assert said.breakdown(result["breakdown"][0]) in body          # the VP parts (issue 13)
    for email in emails:
        assert len({thread_root(m) for m in inbox.to(email)}) == 1, email
        assert len({str(m["Subject"]) for m in inbox.to(email)}) == 1, email     # one subject (issue 27)
    record = store.game(game_id)
    commitment = record.fairness["commitment"]
    assert commitment in inbox.to(emails[0])[0].get_body(("plain",)).get_content()
    for seat, email in enumerate(emails):          # issue 27: seed and salt, how to check them
        over = " ".join(inbox.last(email).get_body(("plain",)).get_content().split())
        seed, salt = re.search(r"Seed: (\d+) Salt: (\w+) Commitment given at the start: (\w+)", over).groups()[:2]
        assert hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest() == commitment
        assert int(seed) == record.seed and "Checking the shuffle" in over
        assert "Since your last turn" in over, over      # the final mover too (issue 27)
    labels = [(m["Subject"], found) for m in inbox.messages
              for found in re.findall(r".*\b[Ss]eat \d.*", m.get_body(("plain",)).get_content())]
    assert not labels, labels                    # players by name, never "seat 0" (issue 14)


def thread_root(message) -> str:
    """The conversation a mail belongs to (issue 14): the first of its References, or
    its own Message-ID when it starts the conversation; its subject without a version."""
    assert not re.search(r"v\d+\]", str(message["Subject"])), message["Subject"]
    references = str(message.get("References") or "").split()
    if references:
        assert str(message["In-Reply-To"]) in references
    return references[0] if references else str(message["Message-ID"])


def test_a_one_click_reply_link_plays_its_move(conn, inbox, mail_in, run_jobs, new_game, after_window):
    """The HTML part offers each legal move as a mailto link; what a mail program makes
    of it (To, Subject, the move as body) is played."""
    game_id = new_game("pile")
    run_jobs()
    invitation = inbox.last("ada@player.test")
    links = re.findall(r'href="(mailto:[^"]+)"', invitation.get_body(("html",)).get_content())
    assert len(links) == len(listed_moves(invitation))
    link = urlsplit(unescape(links[-1]))
    fields = {name: values[0] for name, values in parse_qs(link.query).items()}
    reply = EmailMessage()
    reply["From"], reply["To"], reply["Subject"] = "ada@player.test", unquote(link.path), fields["subject"]
    reply.set_content(fields["body"])
    mail_in(reply)
    run_jobs()
    after_window()
    assert Store(conn).snapshot(game_id).version == 1
    assert kind(inbox.last("ada@player.test")).endswith("Your move was applied")
    # the mark "sent by mail" expires with the turn's record, whose id a later turn may take
    turn_id = Store(conn).log(game_id)[0]["turn"]
    assert 0 < conn.ttl(via_mail_key(game_id, turn_id)) <= conn.ttl(key(game_id, "turn", turn_id))


def test_a_your_turn_mail_names_every_move_since_that_seats_last_turn(conn, inbox, mail_in, run_jobs, new_game):
    """Issue 14, "Since your last turn": with three seats, each "your turn" names the
    moves of both other seats since the seat's own previous move, by name, as the log
    holds them; and so does every seat's "game over" (issue 27), the seat that made
    the final move included: the others' moves since its previous turn, then its own
    final one."""
    seated = players(3)
    game_id = new_game("pile", players=seated)
    run_jobs()
    emails, store, choose, checked = [p["email"] for p in seated], Store(conn), random.Random(5), 0
    while store.snapshot(game_id).status == "active":
        seat = store.snapshot(game_id).to_act[0]
        mail = inbox.last(emails[seat])
        text = mail.get_body(("plain",)).get_content().replace("\r\n", "\n")
        log = store.log(game_id)
        own = [version for version, entry in enumerate(log) if entry["seat"] == seat]
        since = log[own[-1] + 1:] if own else log
        if since:
            section = text.split("Since your last turn\n====================\n", 1)[1].split("\n\n", 1)[0]
            pile = game_types()["pile"]                     # each event's sentence, as seen
            said = [f"  {with_names(event['text'], [p['name'] for p in seated])}"
                    for entry in since for event in pile.redact(entry, seat)["events"]]
            lines = section.splitlines()
            assert len(lines) == len(said) and all(map(str.startswith, lines, said)), (lines, said)
            checked += len(since) > 1
        mail_in(reply_to(mail, choose.choice(listed_moves(mail)), emails[seat]))
        run_jobs()
    assert checked >= 3
    log, names = logged(store, load_game(store, game_id)), [p["name"] for p in seated]
    for seat, email in enumerate(emails):
        over = inbox.last(email)
        assert kind(over).endswith("Game over")
        text = over.get_body(("plain",)).get_content().replace("\r\n", "\n")
        section = text.split("Since your last turn\n====================\n", 1)[1].split("\n\n", 1)[0]
        turns = [v for v, entry in enumerate(log)        # its moves someone else's followed
                 if entry["seat"] == seat and any(later["seat"] != seat for later in log[v:])]
        since = log[turns[-1] + 1 if turns else 0:]
        said = [f"  {with_names(event['text'], names)}" for entry in since for event in entry["events"]]
        lines = section.splitlines()
        assert len(lines) == len(said) and all(map(str.startswith, lines, said)), (seat, lines, said)
        if seat == log[-1]["seat"]:                      # the others' moves and its own final one
            assert {entry["seat"] for entry in since} == {0, 1, 2} and since[-1] == log[-1], since




def test_end_sale_by_mail_ends_an_age_of_industry_sale_not_the_game(conn, inbox, mail_in, run_jobs,
                                                                    new_game):
    """AKTION Waren verkaufen: a player sells "von einer oder mehreren" mills and stops
    with `end sale`. Replied by mail it is that move, not the end vote `end game|agree|
    refuse` (issue 30); a bare `end` then is the move's short form too, not the vote.
    (The sale is begun in the stored state: random or bot play sells one mill at a
    time, each sale ending by itself.)"""
    seated = players(3)
    game_id = new_game("age-of-industry", players=seated, options={"map": "germany"})
    run_jobs()
    store = Store(conn)
    game = load_game(store, game_id)
    state, seat = game.state, game.snapshot.to_act[0]
    state.selling = True
    store.replace_snapshot(game_id, snapshot_of(game.type, state, game.snapshot.version))
    game, email = load_game(store, game_id), seated[seat]["email"]
    assert {"action": "end_sale"} in game.type.engine.legal_moves(game.state, seat)
    bare = inbound.parse(reply_to(inbox.last(email), "end", email).as_bytes())
    assert bare.commands == [("end", "")]            # read as the vote's word alone...
    read = intake.with_moves_first(game, seat, bare)  # ...but a move of the seat's now
    assert read.commands == [] and intake.read_moves(game, seat, read.moves)[0] == [{"action": "end_sale"}]
    mail_in(reply_to(inbox.last(email), "end sale", email))
    run_jobs()
    assert store.snapshot(game_id).version == 1
    assert store.log(game_id)[-1]["move"] == {"action": "end_sale"}
    assert all("End the game?" not in m.get_body(("plain",)).get_content() for m in inbox.to(email))
