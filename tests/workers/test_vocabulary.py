"""Issue 27, "What it must show": a vocabulary test over the mails and page texts of
whole random games of every game (every Ultimate Railroads board, strip and module):
none of the engine's raw forms reaches a player: no "(s)", no True/False/None, no
snake_case identifier, no "seat N", no "1 coins", no line over 78 columns but a lone
link. The mails are composed by the code the mail worker runs (workers/mail/notices.py,
compose.to_text) over games played in memory with random legal moves, SMTP not being
the point here (tests/workers/test_words_in_mail.py sends them); the page texts are the
seat page's log, choice labels and previews, said by the same seam
(service/games/presentation.py)."""
from __future__ import annotations

import random
import re

import pytest

from service.games.base import IllegalMove
from service.games.choice_tree import effects, scalars
from service.games.registry import game_types
from service.play import Game, snapshot_of
from service.store import GameRecord, SeatRecord
from service.web import words as page_words
from tests.workers.test_listed_moves_play import SETUPS
from tests.workers.test_mail_length import CONFIG
from workers.mail import compose, happened, notices

NAMES = ["Adelheid", "Bartholomew", "Cleopatra", "Dorothea"]
LINK = re.compile(r"https?://\S+|mailto:\S+|\S+@\S+")
RAW = {
    "(s)": re.compile(r"\(s\)"),
    "truth value": re.compile(r"\b(?:True|False|None)\b"),
    "identifier": re.compile(r"\b[a-z][a-z0-9]*(?:_+[a-z0-9]+)+\b"),
    "seat number": re.compile(r"\b[Ss]eat ?\d"),
    # a count of 1 with its noun in the plural; "round 1 begins" is a verb
    "plural of one": re.compile(r"(?<![\w.,:/#-])1 (?!(?:begins|ends|is|has|takes|gets|scores|pays)\b)"
                                r"[a-z]+s\b"),
    "list as Python writes it": re.compile(r"\['|\{'"),
}
MAIL_EVERY = 5              # a "your turn" mail every this many turns (and the first and last)


def raw_forms(text: str) -> list[tuple[str, str]]:
    """(which raw form, the text found) for each found in the text, links aside."""
    text = LINK.sub("", text)
    return [(kind, found) for kind, pattern in RAW.items() for found in pattern.findall(text)]


def too_long(text: str) -> list[str]:
    return [line for line in text.split("\n") if len(line) > compose.PROSE_COLUMNS
            and not LINK.fullmatch(line.strip())]


def record_of(game_type, options: dict, seats: int, seed: int) -> GameRecord:
    return GameRecord(id=f"g{seed:015d}", game=game_type.id, engine_version=game_type.engine_version,
                      options=options, seed=seed, admin_hash="", created_at=0,
                      seats=[SeatRecord(NAMES[s], "", f"{NAMES[s].lower()}@p.test") for s in range(seats)],
                      fairness={"salt": "5a17", "commitment": "ab" * 32, "seed_chosen_by_client": False})


def texts_of_a_game(game_id: str, options: dict, seats: int, seed: int):
    """(what, text) of every kind of mail and page text a whole random game gives."""
    game_type = game_types()[game_id]
    engine, choose = game_type.engine, random.Random(seed)
    options = game_type.resolve_options(options, seats)
    record = record_of(game_type, options, seats, seed)
    said = game_type.presented(NAMES[:seats])
    state, log, turns = engine.setup(options, seats, seed), [], 0

    def game_now() -> Game:
        return Game(game_type, record, snapshot_of(game_type, state, len(log)))
    yield "invitation", compose.to_text(notices.invitation(game_now(), 0, CONFIG), CONFIG.public_url)
    while engine.result(state) is None:
        seat = engine.to_act(state)[0]
        moves = engine.legal_moves(state, seat)
        move = choose.choice(moves)
        if turns % MAIL_EVERY == 0:
            game = game_now()
            since = since_last_turn(game_type, log, seat)
            yield "your turn", compose.to_text(notices.your_turn(game, seat, CONFIG, since), CONFIG.public_url)
            yield "rejected", compose.to_text(notices.rejected(game, seat, refusal(game, seat), CONFIG),
                                              CONFIG.public_url)
            yield "choice labels", "\n".join(said.move(m) for m in moves)
            yield "preview", "\n".join(said.effects(effects(engine, state, seat, move, scalars(
                engine.view(state, seat)))["events"], seat))
        state, events = engine.apply(state, seat, move)
        log.append({"version": len(log), "seat": seat, "move": move, "events": events,
                    "notation": engine.format(move)})
        if turns % MAIL_EVERY == 0:
            game = game_now()
            yield "applied", compose.to_text(notices.applied(
                game, seat, {"moves": [move], "expected_version": len(log) - 1}, CONFIG), CONFIG.public_url)
            watcher = (seat + 1) % seats
            yield "moved", compose.to_text(notices.moved(
                game, watcher, CONFIG, [{**game_type.redact(log[-1], watcher), "notation": log[-1]["notation"]}]),
                CONFIG.public_url)
        turns += 1
        assert turns < 5000
    game = game_now()
    yield "log", "\n".join(f"{line['who']}: {line['words']} {' '.join(line['said'])}"
                           for line in page_words.log_lines(log, said))
    for seat in range(seats):
        yield "game over", compose.to_text(notices.game_over(
            game, seat, CONFIG, since_last_turn(game_type, log, seat, over=True)), CONFIG.public_url)


def since_last_turn(game_type, log: list[dict], seat: int, over: bool = False) -> list[dict]:
    """The log entries since the seat's last turn (its previous one when the game is
    `over`, as workers/notify.py tells it), as the seat may see them."""
    since = happened.since_version([entry["seat"] for entry in log], seat, over)
    return [{**game_type.redact(entry, seat), "notation": entry["notation"]} for entry in log[since:]]


def refusal(game: Game, seat: int) -> dict:
    """A turn the engine refused, as the worker stores it."""
    move = {"action": "no_such_action"}
    with pytest.raises(IllegalMove) as refused:
        game.type.engine.apply(game.state, seat, move)
    return {**refused.value.as_dict(), "seat": seat, "expected_version": game.snapshot.version,
            "moves": [move]}


@pytest.mark.parametrize("game_id, options, seats", SETUPS,
                         ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o, _ in SETUPS])
def test_no_raw_form_reaches_a_player(game_id, options, seats):
    kinds = set()
    for what, text in texts_of_a_game(game_id, options, seats, seed=5):
        kinds.add(what)
        assert not raw_forms(text), (what, raw_forms(text)[:10], text)
        if what not in ("choice labels", "preview", "log"):
            assert not too_long(text), (what, too_long(text)[:5])
    assert {"invitation", "your turn", "rejected", "applied", "moved", "game over", "log"} <= kinds


def test_the_seam_says_counts_amounts_and_options_in_words():
    """Issue 27: "1 action left", "1 coin", "2 coins"; options "Board: Russia; modules:
    none", not "board russia, coal False"."""
    railroads = game_types()["ultimate-railroads"]
    said = railroads.presented(["Ada", "Bert"])
    assert (said.amount(1), said.amount(2)) == ("1 coin", "2 coins")
    assert said.text("seat 1 has 1 action(s) left, 2 card(s); coal False") == \
        "Bert has 1 action left, 2 cards; coal no"
    assert said.options(railroads.resolve_options({}, 2)) == \
        "Board: Russian Railroads; Industry strip: the board's own; Modules: none"
    brass = game_types()["brass-lancashire"].presented(["Ada", "Bert"])
    assert brass.move({"action": "build", "location": "wigan", "industry": "coal_mine",
                       "card": "barrow_in_furness", "coal": ["wigan:0"]}) == \
        "Build (town: Wigan; industry: Coal mine; card: Barrow-in-Furness; coal from: Wigan, slot 0)"
    assert brass.effects([{"type": "x", "seat": 0, "text": "seat 0 builds", "money": [-7, 0],
                           "vp": [0, 2]}], 0) == ["You build: you pay £7; Bert scores 2 VP"]   # to the mover


def test_the_seam_does_not_double_a_name_the_sentence_already_says():
    """Issue 27: the INDUSTRIETABLEAU's "maintenance car" (DIE WARTUNGSWAGEN) is one
    word of the sentence and an action's identifier: said once ("2 maintenance cars",
    not "2 maintenance car (Wartungswagen) cars"); its actions by what they do; a
    printed name keeps its capitals ("Trans-Siberian Railroad (Transsibirische ...)")."""
    said = game_types()["ultimate-railroads"].presented(["Ada", "Bert"])
    assert said.text("seat 0 uses a purple maintenance car at factory spot 2; 2 maintenance cars; "
                     "1 slot under construction") == \
        "Ada uses a purple maintenance car at factory spot 2; 2 maintenance cars; 1 slot under construction"
    assert said.move({"action": "car", "spot": 2}) == \
        "Place a maintenance car (Wartungswagen einsetzen) (spot: 3)"      # typed from 0, said from 1
    assert said.label("action", "maintenance") == "Use a maintenance car (Wartungswagen nutzen)"
    assert said.label("route", "transsib") == "route: Trans-Siberian Railroad (Transsibirische Eisenbahn)"
