"""Issue 14, "Names and words": a Brass: Lancashire game's mails show the board with
players by name and towns, industries, cards and links by their printed names from
the game's data (`barrow_in_furness`: "Barrow-in-Furness", a link "Liverpool – Wigan")."""
from __future__ import annotations

import random
import re

from service.games.brass_lancashire.render import display
from service.store import Store
from tests.workers.conftest import reply_to
from tests.workers.test_play_by_mail import listed_moves, players

IDENTIFIER = re.compile(r"\b[a-z]+(?:_+[a-z]+)+\b")


def board_of(message) -> str:
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    board = text.split("The board\n=========\n", 1)[1]
    return re.split(r"\n\n(?:Your legal moves\n|Reply with|Not your move|The game is over|-- \n)", board)[0]


def test_display_names_from_the_data():
    assert display("barrow_in_furness") == "Barrow-in-Furness"
    assert display("liverpool__wigan") == "Liverpool – Wigan"
    assert display("cotton_mill") == "Cotton mill"


def test_brass_boards_in_mail_name_players_and_places(conn, inbox, mail_in, run_jobs, new_game):
    seated = players(3)
    game_id = new_game("brass-lancashire", players=seated)
    run_jobs()
    emails, store, choose = [p["email"] for p in seated], Store(conn), random.Random(2)
    for _ in range(12):
        seat = store.snapshot(game_id).to_act[0]
        mail = inbox.last(emails[seat])
        moves = [m for m in listed_moves(mail) if m.startswith("build")] or listed_moves(mail)
        mail_in(reply_to(mail, choose.choice(moves), emails[seat]))
        run_jobs()
    boards = [board_of(m) for m in inbox.messages if "The board" in m.get_body(("plain",)).get_content()]
    assert any("Ada" in b and "Your hand: " in b for b in boards), boards[:1]
    assert any(" L1" in b for b in boards), "no tile was built in 12 moves"
    leftovers = {found for b in boards for found in IDENTIFIER.findall(b)}
    assert not leftovers, leftovers
    assert not [b for b in boards if re.search(r"\b[Ss]eat \d", b)]

