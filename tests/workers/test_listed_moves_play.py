"""Issue 27, "Every line a mail lists plays when copied back verbatim" and "No listed
move wastes an action unawares": over random positions of every game (every Ultimate
Railroads board, strip and module), each move line of the seat's "your turn" mail,
replied as it stands (its note in brackets and all), is read by the mail intake as the
move it names: a legal move whose notation holds the line's words, at the price the
line gives (measured by the engine's own tallies, not by the list's code); a line
whose move ends the turn while another listed one would not says so. One of them, at
random, goes in through `pbem mail-in` and is played; then a few more random lines
of the mails that follow (each played as it names), so the next position checked is a
random one, not the next move of the first. The same for seats that read German (issue
31): their mails list the moves in German words (`bau bolton Baumwollspinnerei`), and
each such line plays as it stands."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from service.games.presentation import typed
from service.games.registry import game_types
from service.mail import settings
from service.play import load_game
from service.store import Store
from tests.workers.conftest import listed_lines, reply_to
from tests.workers.test_play_by_mail import players
from workers.mail import german, inbound, intake, movelist, words

# (game, options, players): every game, and every Ultimate Railroads board, strip and module
SETUPS = [
    ("brass-lancashire", {}, 3),
    ("brass-lancashire", {"rules": "classic", "length": "introductory"}, 2),
    ("age-of-industry", {"map": "germany"}, 3),
    ("age-of-industry", {"map": "new_england"}, 4),
    ("industry", {}, 3),
    ("ultimate-railroads", {"board": "russia"}, 2),
    ("ultimate-railroads", {"board": "germany", "coal": True}, 3),
    ("ultimate-railroads", {"board": "asia", "werklok": True}, 2),
    ("ultimate-railroads", {"board": "america", "special_ideas": True}, 2),
    ("ultimate-railroads", {"emil": True, "extra_engineers": True}, 1),
    ("ultimate-railroads", {"industry_board": True}, 2),
    ("ultimate-railroads", {"strip": "germany"}, 2),
]
POSITIONS = 3           # positions checked per setup: the first, then random ones
BETWEEN = 4             # at most this many random lines played between two positions checked


@dataclass(frozen=True)
class Said:
    """A language's words of the list, as a reader of it sees them."""
    heading: str
    choices: str            # the line of the choices left to the player, no move
    vp: str
    ends: str               # "ends your turn"
    one_of: str             # "one of 15 ways to develop several at once"
    ended: str              # the confirmation of a move that ended the turn


LANGUAGES = {"en": Said("Your legal moves", "choices of ", "VP", "ends your turn", "one of ",
                        "Played at version {version}, which ended your turn"),
             "de": Said("Deine erlaubten Züge", "Wahlen bei ", "SP", "beendet deinen Zug", "eine von ",
                        "Gespielt bei Version {version}, womit dein Zug endete")}


def move_lines(message, said: Said) -> list[str]:
    return listed_lines(message, said.heading)


def note_of(line: str) -> str:
    return line[line.rindex("(") + 1:-1] if line.endswith(")") else ""


def price_by_tallies(game, before, after, seat: int, language: Said) -> str:
    """What the seat paid or got and scored, by the engine's tallies."""
    engine = game.type.engine
    was, now = engine.tallies(before), engine.tallies(after)
    parts = []
    if "money" in now and (cash := now["money"][seat] - was["money"][seat]):
        said = game.type.money.format(abs(cash))
        if abs(cash) == 1:                  # a coin, not "1 coins" (issue 27)
            said = said.removesuffix("coins") + "coin" if said.endswith("coins") else said
        parts.append(said if cash < 0 else f"+{said}")
    if "vp" in now and (vp := now["vp"][seat] - was["vp"][seat]):
        parts.append(f"{vp:+d} {language.vp}")
    return ", ".join(parts)


def reply_of(message, line: str, address: str) -> list[str]:
    """The reply's moves as the intake reads them from the raw mail."""
    return inbound.parse(reply_to(message, line, address).as_bytes()).moves


def check_position(game, message, address: str, said_as: Said) -> list[tuple[str, dict]]:
    """Every line of the mail read as the intake reads a reply of it alone; returns the
    move lines with the move each plays. A German line begins with the German verb of its
    action where the game has one."""
    engine, seat = game.type.engine, game.snapshot.to_act[0]
    legal, read = engine.legal_moves(game.state, seat), []
    english_verbs = {typed(action) for action in game.type.words.german_verbs.values()} \
        if said_as is LANGUAGES["de"] else set()
    for line in move_lines(message, said_as):
        moves, ignored, unreadable = intake.read_moves(game, seat, reply_of(message, line, address))
        if line.startswith(said_as.choices):        # the choices left to the player: no move
            assert not moves and not unreadable, (line, moves, unreadable)
            continue
        assert len(moves) == 1 and not ignored and not unreadable, (line, ignored, unreadable)
        move = moves[0]
        assert move in legal, (line, move)
        assert line.split()[0].lower() not in english_verbs, line
        written = words.unnamed(german.read(game.type, movelist.without_note(line), game.record.seats),
                                [s.name for s in game.record.seats])
        assert movelist.fits(movelist.words_of(written), movelist.words_of(engine.format(move))), (line, move)
        after, _events = engine.apply(game.state, seat, move)
        paid, said = price_by_tallies(game, game.state, after, seat, said_as), note_of(line).split("; ")[0]
        assert said == paid if paid else (said in ("", said_as.ends) or said.startswith(said_as.one_of)), \
            (line, move, paid)
        read.append((line, move, seat not in engine.to_act(after)))
    keeps_on = any(not ends for _, _, ends in read)
    for line, move, ends in read:
        assert (said_as.ends in note_of(line)) == (ends and keeps_on), (line, move)
    return [(line, move) for line, move, _ in read]


def current_mail(store, inbox, game_id: str, seated: list[dict]):
    """The game now, its seat to act, that seat's address and newest mail."""
    game = load_game(store, game_id)
    if game.snapshot.status != "active":
        return game, None, None, None
    seat = game.snapshot.to_act[0]
    address = seated[seat]["email"]
    return game, seat, address, inbox.last(address)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("game_id, options, seats", SETUPS,
                         ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o, _ in SETUPS])
def test_every_listed_line_plays_as_written(conn, inbox, mail_in, run_jobs, after_window,
                                            new_game, game_id, options, seats, language):
    """...and a move that ended the mover's turn is confirmed saying so."""
    seated, said = players(seats), LANGUAGES[language]
    game_id_ = new_game(game_id, players=seated, options=options, seed=11)
    for seat in range(seats):
        settings.change(conn, game_id_, seat, language=language)
    run_jobs()
    store, choose = Store(conn), random.Random(f"{game_id}{options}")
    ended: list[tuple[str, int]] = []           # (mover's address, version) of a turn ended
    plays = [True]                              # a position checked, or a line just played
    for _ in range(POSITIONS - 1):
        plays += [False] * choose.randrange(BETWEEN + 1) + [True]
    for checked in plays:
        game, seat, address, message = current_mail(store, inbox, game_id_, seated)
        if seat is None:
            break
        listed = check_position(game, message, address, said) if checked else \
            [(line, intake.read_moves(game, seat, reply_of(message, line, address))[0][0])
             for line in move_lines(message, said) if not line.startswith(said.choices)]
        line, move = choose.choice(listed)
        played = len(store.log(game_id_))
        mail_in(reply_to(message, line, address))
        run_jobs()
        log = store.log(game_id_)
        assert len(log) == played + 1 and log[-1]["seat"] == seat, (line, log[played:])
        assert log[-1]["move"] == move, (line, move, log[-1]["move"])
        if seat not in load_game(store, game_id_).snapshot.to_act:
            ended.append((address, played))
    after_window()
    for address, version in ended:
        assert any(said.ended.format(version=version) in
                   m.get_body(("plain",)).get_content() for m in inbox.to(address)), version
