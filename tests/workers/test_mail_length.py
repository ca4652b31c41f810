"""Issue 14, "What it must show": the longest "your turn" mail of 20 random Brass:
Lancashire games is under 150 lines of plain text. The mails are composed by the code
the mail worker runs (notices.your_turn, compose.to_text) over games played in memory
by the engine with random legal moves: every mail a seat gets when its turn begins,
with everything played since its previous turn as the seat may see it."""
from __future__ import annotations

import random

import pytest

from service.games.registry import game_types
from service.mail.config import MailConfig
from service.play import Game, snapshot_of
from service.store import GameRecord, SeatRecord
from workers.mail import compose, notices

BRASS = game_types()["brass-lancashire"]
CONFIG = MailConfig(smtp_url=None, mail_from="turns@games.test", domain="games.test",
                    secret="s", public_url="https://turns.example", sink_dir="", page_key="k")
NAMES = ["Adelheid", "Bartholomew", "Cleopatra", "Dorothea"]


def your_turn_mails(seats: int, seed: int):
    """Each "your turn" mail's plain text of one random game, as the worker writes it."""
    engine, choose = BRASS.engine, random.Random(seed)
    options = BRASS.resolve_options({}, seats)
    record = GameRecord(id=f"g{seed:015d}", game=BRASS.id, engine_version=BRASS.engine_version,
                        options=options, seed=seed, admin_hash="", created_at=0,
                        seats=[SeatRecord(NAMES[s], "", f"{NAMES[s].lower()}@p.test") for s in range(seats)])
    state, log, previous = engine.setup(options, seats, seed), [], None
    while engine.result(state) is None:
        seat = engine.to_act(state)[0]
        if seat != previous:
            game = Game(BRASS, record, snapshot_of(BRASS, state, len(log)))
            own = [i for i, entry in enumerate(log) if entry["seat"] == seat]
            since = [{**BRASS.redact(entry, seat), "notation": engine.format(entry["move"])}
                     for entry in log[own[-1] + 1 if own else 0:]]
            yield compose.to_text(notices.your_turn(game, seat, CONFIG, since), CONFIG.public_url)
        move = choose.choice(engine.legal_moves(state, seat))
        state, events = engine.apply(state, seat, move)
        log.append({"seat": seat, "move": move, "events": events})
        previous = seat


# The 20 games in four tests of 5, each a work unit of its own (tests/conftest.py:
# LONGEST_FIRST): the longest mail of each is under 150 lines, so the longest of the 20 is.
@pytest.mark.parametrize("five", range(4))
def test_the_longest_your_turn_mail_of_20_random_brass_games_is_under_150_lines(five):
    longest = max((text for game in range(5 * five, 5 * five + 5)
                   for text in your_turn_mails(2 + game % 3, seed=game)),
                  key=lambda text: text.count("\n"))
    assert longest.count("\n") < 150, longest
    assert "Since your last turn" in longest and "Your legal moves" in longest
