"""Issue 14, "Since your last turn": a Brass: Lancashire "your turn" mail, as sent
through the SMTP sink, tells every move played since that seat's previous turn in
words, by the players' names, with what it cost and scored (the events' numbers)."""
from __future__ import annotations

import random
import re

from service.games.registry import game_types
from service.store import Store
from tests.workers.conftest import reply_to, kind
from tests.workers.test_play_by_mail import listed_moves, players
from service.play import load_game
from workers.mail import happened, notices

BRASS = game_types()["brass-lancashire"]


def section(message, title: str) -> str:
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    return text.split(f"{title}\n{'=' * len(title)}\n", 1)[1].split("\n\n", 1)[0]


def test_your_turn_tells_each_move_since_the_seats_last_turn_with_its_cost(
        conn, inbox, mail_in, run_jobs, new_game):
    seated = players(3)
    names = [p["name"] for p in seated]
    game_id = new_game("brass-lancashire", players=seated)
    run_jobs()
    emails, store, choose, checked, paid = [p["email"] for p in seated], Store(conn), random.Random(8), 0, 0
    for _ in range(14):
        seat = store.snapshot(game_id).to_act[0]
        mail = inbox.last(emails[seat])
        log = store.log(game_id)
        own = [version for version, entry in enumerate(log) if entry["seat"] == seat]
        since = log[own[-1] + 1:] if own else log
        game = load_game(store, game_id)
        if since and kind(mail).endswith("Your turn"):
            told = section(mail, "Since your last turn")
            for entry in since:
                first = next(e for e in entry["events"] if e.get("text"))
                sentence = notices.said(game).sentence(first)
                assert " ".join(f"  {sentence}".split()) in " ".join(told.split()) \
                    and names[entry["seat"]] in sentence, (sentence, told)
                if happened.changes([first]).get(entry["seat"], {}).get("money"):
                    paid += 1
                    assert "£" in told
            assert not re.search(r"\b[Ss]eat \d", told), told
            checked += len(since) > 1
        moves = [m for m in listed_moves(mail) if not m.startswith("pass")] or listed_moves(mail)
        mail_in(reply_to(mail, choose.choice(moves), emails[seat]))
        run_jobs()
    assert checked >= 3 and paid >= 3


def test_numbers_are_told_for_the_mover_first_and_others_by_name():
    events = [{"type": "build", "seat": 1, "text": "seat 1 builds", "money": [0, -7, 0], "vp": [0, 2, 0]},
              {"type": "flip", "seat": None, "text": "a tile flips", "income": [3, 0, 0]}]
    lines = happened.entry_lines({"seat": 1, "events": events}, BRASS.presented(["Ada", "Bert", "Cleo"]),
                                 lambda e: "build")
    assert lines == ["Bert builds (paid £7, +2 VP)", "a tile flips (Ada: income +3)"]
    quiet = happened.entry_lines({"seat": 0, "events": [], "notation": "pass"}, BRASS.presented(["Ada"]),
                                 lambda e: e["notation"])
    assert quiet == ["Ada: pass"]


def test_the_game_over_mail_tells_the_final_mover_the_moves_since_its_previous_turn():
    """Issue 27, "The game-over mail: ... every move since the seat's last turn": the
    seat that made the final move (here both actions of its last Brass turn) is told
    the others' moves since its previous turn and its own final ones; the others,
    the moves since their last turn, as in a "your turn" mail."""
    movers = [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2]
    assert happened.since_version(movers, 2, over=True) == 6
    assert happened.since_version(movers, 2, over=False) == 12
    assert happened.since_version(movers, 0, over=True) == 8
    assert happened.since_version(movers, 1, over=True) == 10
    assert happened.since_version([0, 1, 0], 1, over=True) == 2
    assert happened.since_version([1, 1], 1, over=True) == 0       # its only turn ended the game
    assert happened.since_version([0, 1], 2, over=True) == 0       # never moved: everything
