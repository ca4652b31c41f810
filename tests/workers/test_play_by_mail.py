"""A whole game played by e-mail only (issue 4, "What it must show"): invitations out
through a real SMTP server, replies in through the service's own SMTP listener, moves
taken from the legal moves each mail lists, until every player has "game over"."""
from __future__ import annotations

import random
import re

from service.store import Store
from tests.workers.conftest import PLAYERS, reply_to


def listed_moves(message) -> list[str]:
    """The legal moves a "your turn" mail lists under its heading."""
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    section = text.split("Your legal moves\n================\n", 1)[1].split("\n\n", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("  ")]


def test_whole_game_played_by_mail_from_invitation_to_game_over(conn, inbox, mail_in, run_jobs, new_game):
    game_id = new_game("pile")
    run_jobs()
    emails = [p["email"] for p in PLAYERS]
    assert all(inbox.to(e)[0]["Subject"].endswith("You are invited to a game") for e in emails)
    choose, store, turns = random.Random(3), Store(conn), 0
    while store.snapshot(game_id).status != "finished":
        seat = store.snapshot(game_id).to_act[0]
        mail = inbox.last(emails[seat])
        moves = listed_moves(mail)
        assert moves, mail.get_body(("plain",)).get_content()
        mail_in(reply_to(mail, choose.choice(moves), emails[seat]))
        run_jobs()
        turns += 1
        assert turns < 100
    assert store.snapshot(game_id).version == turns
    for email in emails:
        last = inbox.last(email)
        assert last["Subject"].endswith("Game over")
        assert "Final scores" in last.get_body(("plain",)).get_content()
    assert all(re.search(r"v\d+\] ", str(m["Subject"])) for m in inbox.messages)
