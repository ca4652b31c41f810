"""Issue 14, "Names and words": no mail of a finished game, of each of the four games,
names a player "seat N" or shows a raw identifier with `_`: players by name, towns,
industries and resources by their printed names (German beside them where the printed
game is German), links "Liverpool – Wigan", moves in the typed form (`-` for `_`).
The game is played to its end with random legal moves; every 20th move and the last
go through the workers, so invitations, "your turn" and "game over" mails are really
rendered and sent to the SMTP sink."""
from __future__ import annotations

import random
import re
from email.message import EmailMessage

import pytest

from service.games.registry import game_types
from service.mail import settings
from service.play import Game, resolve_turn, snapshot_of, submit_turn
from service.store import GameRecord, SeatRecord, Store
from tests.workers.conftest import DOMAIN, SECRET, kind
from tests.workers.test_mail_length import CONFIG as MAIL_CONFIG
from tests.workers.test_play_by_mail import players
from workers.mail import compose, intake, movelist, notices, reply_address, words

SEAT_LABEL = re.compile(r"\b[Ss]eat ?\d")
# a seat standing bare for a player: a list of seat numbers (Age of Industry's "turn order
# [0, 1, 2]"), or any list written as Python writes it; a grid mark of a seat number
# (Industry's "2~", "0#"), which the words layer cannot name
BARE_SEATS = re.compile(r"\[\d+(?:, \d+)+\]|\[\[\d|(?<![\w.])\d[~#](?![\w])")
IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:_+[a-z0-9]+)+\b")
GAMES = sorted(gid for gid in game_types() if gid != "pile")


def test_identifiers_and_seats_in_words():
    names = game_types()["brass-lancashire"].display_names
    assert words.in_words("seat 1 connects liverpool__wigan and builds a cotton_mill in "
                          "barrow_in_furness", names, ["Ada", "Bert"]) == \
        "Bert connects Liverpool – Wigan and builds a cotton mill in Barrow-in-Furness"
    assert words.in_words("seat1 took cable", game_types()["industry"].display_names,
                          ["Ada", "Bert"]) == "Bert took Cable (Kabel)"
    assert words.in_words("seat 7 waits", {}, ["Ada"]) == "seat 7 waits"
    assert words.unnamed("develop 2H bert joker?", ["Ada", "Bert"]) == "develop 2H seat1 joker?"
    assert words.unnamed("develop 2H Ada L.", ["Ada", "Ada L."]) == "develop 2H seat1"


def test_german_names_beside_where_the_printed_game_is_german():
    """Industry and Ultimate Railroads are printed in German: the names their rulebooks
    print (seeds/001 "Von der Tongrube bis zum Roboterwerk", "Bank und Börse", the
    Bonusfelder; seeds/004 STRECKENBAU, DIE GIESSEREIEN, WERKLOK) beside the English.
    Age of Industry and Brass are English games (their German rules are translations:
    seeds/000 "wir belassen es bei dem englischen Titel", seeds/003 "Übersetzungen"):
    English only."""
    types = game_types()
    industry = types["industry"].display_names
    assert words.in_words("seat 0 develops clay_pit and stock_exchange; power_plant", industry, ["Ada"]) == \
        "Ada develops Clay pit (Tongrube) and Stock exchange (Börse); Power plant (Elektrizitätswerk)"
    assert industry["printing_works"] == "Printing works"     # not transcribed: no German guessed
    railroads = types["ultimate-railroads"].display_names
    assert words.in_words("track_green_1 coal_foundry werklok nuernberg_fuerth", railroads, []) == \
        ("Green tracks 1 (grüne Gleise) Foundry and coal (Gießerei und Kohle) Works locomotive (Werklok) "
         "Nuremberg-Fürth line (Strecke Nürnberg-Fürth)")
    for english in ("age-of-industry", "brass-lancashire"):
        assert not any("(" in name for name in types[english].display_names.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_no_mail_of_a_finished_game_has_seat_labels_or_identifiers(
        conn, inbox, mail_in, run_jobs, new_game, game_id):
    """Every 20th move and the last are played by replying with the move as the mails
    write it (typed, a seat in it by its player's name: "develop 2H Bert"), so
    the mover's "applied" (or its confirmation folded into the next mail) is rendered
    too; the last seat chose a mail after every move ("<name> moved")."""
    game = game_types()[game_id]
    seated = players(min(game.min_seats + 1, game.max_seats, 4))
    names = [p["name"] for p in seated]
    game_id_ = new_game(game_id, players=seated)
    settings.change(conn, game_id_, len(seated) - 1, notify="every_move")
    run_jobs()
    store, engine, choose, played = Store(conn), game.engine, random.Random(11), 0
    while (snap := store.snapshot(game_id_)).status == "active":
        seat, state = snap.to_act[0], engine.load(snap.state)
        move = choose.choice(engine.legal_moves(state, seat))
        last = engine.result(engine.apply(state, seat, move)[0]) is not None
        if last or played % 20 == 0:
            as_shown = words.in_words(movelist.typed(engine.format(move)), {}, names)   # seats by name
            mail_in(by_mail(game_id_, seat, snap.version, as_shown, seated[seat]["email"]))
            run_jobs()
            assert store.snapshot(game_id_).version == snap.version + 1, inbox.last(seated[seat]["email"])
        else:
            turn, _ = submit_turn(store, lambda *_: None, game_id_, seat, snap.version, [move])
            resolve_turn(store, game_id_, turn["id"])
        played += 1
        assert played < 3000
    subjects = [kind(m) for m in inbox.messages]
    assert all(any(s.endswith(kind) for s in subjects) for kind in ("Game over", "Your turn", " moved"))
    for message in inbox.messages:
        text = re.sub(r"https?://\S+", "", message.get_body(("plain",)).get_content())  # links' codes
        assert not SEAT_LABEL.findall(text), (message["Subject"], SEAT_LABEL.findall(text), text)
        assert not IDENTIFIER.findall(text), (message["Subject"], IDENTIFIER.findall(text), text)
        assert not BARE_SEATS.findall(text), (message["Subject"], BARE_SEATS.findall(text), text)
        if "The board" in text:        # whoever the board's marks stand for, by name
            assert all(name in text.split("The board", 1)[1] for name in names), (message["Subject"], text)


def by_mail(game_id: str, seat: int, version: int, move: str, sender: str) -> EmailMessage:
    """A player's mail to the seat's reply address of that version, the move typed."""
    mail = EmailMessage()
    mail["From"], mail["Subject"] = sender, "Re: my move"
    mail["To"] = reply_address.make(SECRET, DOMAIN, game_id, seat, version, 0)
    mail["Message-ID"] = f"<{game_id}.{version}@player.test>"
    mail.set_content(move + "\n")
    return mail


def test_a_seat_in_a_move_is_its_players_name_in_the_mail_and_in_the_reply():
    """Industry's develop names the seat a resource is bought from (`develop 2H seat1`,
    rulebook "Beschaffung erforderlicher Rohstoffe"): the "your turn" mail writes it
    "develop 2H Bert", and that line, replied, is the move."""
    game_type, names = game_types()["industry"], ["Ada", "Bert", "Cleo"]
    engine, choose = game_type.engine, random.Random(0)
    options = game_type.resolve_options({}, 3)
    record = GameRecord(id="g000000000000001", game=game_type.id, engine_version=game_type.engine_version,
                        options=options, seed=0, admin_hash="", created_at=0,
                        seats=[SeatRecord(name, "", f"{name.lower()}@p.test") for name in names])
    state, version = engine.setup(options, 3, 0), 0
    while not any("seat" in engine.format(m) for m in engine.legal_moves(state, engine.to_act(state)[0])):
        seat = engine.to_act(state)[0]
        state, version = engine.apply(state, seat, choose.choice(engine.legal_moves(state, seat)))[0], version + 1
        assert engine.result(state) is None
    seat = engine.to_act(state)[0]
    game = Game(game_type, record, snapshot_of(game_type, state, version))
    text = compose.to_text(notices.your_turn(game, seat, MAIL_CONFIG), MAIL_CONFIG.public_url)
    assert not SEAT_LABEL.findall(text), text
    wanted = next(m for m in engine.legal_moves(state, seat) if "seat" in engine.format(m))
    shown = words.in_words(movelist.typed(engine.format(wanted)), {}, names)
    assert shown in text and shown.split()[-1] in names, (shown, text)
    moves, ignored, unreadable = intake.read_moves(game, seat, [shown])
    assert (moves, ignored, unreadable) == ([wanted], [], [])
