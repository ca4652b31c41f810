"""Issue 31, "What it must show": a whole random game of each game rendered in German
holds no English sentence of the catalogue: at positions from the start to the end,
the seat to act's page and the spectator's page (asked for German by Accept-Language,
or by the seat's own setting, which a page signed in to that seat follows), and the seat's "your turn" and "game over" mails; nor
does a page's players' panel, game state or board picture show a label of theirs in
English (a label as short as "Money": tests/i18n/catalogue.py english_labels). A page
asked for English stays English, so the check can fail. The events (the mails' "since
your last turn", the pages' log) are said in German too: no text holds a sentence an
event's English template writes ("Ada passes"), which the English pages' log does."""
from __future__ import annotations

import random

import pytest

from service import i18n, play
from service.bench import pages as bench_pages
from service.mail import settings
from service.mail.config import MailConfig
from service.store import Store
from tests.i18n.catalogue import english_events_in, english_in, english_labels_in
from tests.web.test_page_vocabulary import visible_text
from tests.web.test_pages import enter
from workers.mail import compose, notices

# each game with the moves between two looks at it (its length over a few)
GAMES = [("brass-lancashire", {"length": "introductory"}, 2, 10), ("age-of-industry", {"map": "germany"}, 3, 30),
         ("industry", {}, 3, 40), ("ultimate-railroads", {"board": "russia"}, 2, 30),
         ("ultimate-railroads", {"board": "america"}, 3, 60)]     # its strip's upper fields, the stock board
NAMES = ["Ada", "Bert", "Cleo", "Dara"]


def mail_text(mail) -> str:
    return compose.to_text(mail, "https://turns.test")


@pytest.mark.parametrize("game_id, options, seats, stride", GAMES, ids=[f"{g[0]}-{g[2]}" for g in GAMES])
def test_a_whole_random_game_in_german_says_no_english_sentence(app, redis_conn, monkeypatch,
                                                                 game_id, options, seats, stride):
    monkeypatch.setenv("MAIL_DOMAIN", "games.test")
    store, chooser, client = Store(redis_conn), random.Random(31), app.test_client()
    with app.app_context():
        record, _tokens, _admin = play.create_game(
            store, game_id, [{"name": n, "email": f"{n.lower()}@p.test"} for n in NAMES[:seats]], options, 31)
    config = MailConfig.from_env(redis_conn)
    settings.change(redis_conn, record.id, 1, language="de")       # seat 1 reads German by its setting
    looks = told = 0
    while True:
        game = play.load_game(store, record.id)
        over = game.snapshot.status == "finished"
        seat = 0 if over else game.snapshot.to_act[0]
        german = {"spectator": client.get(f"/games/{record.id}", headers={"Accept-Language": "de-DE,de;q=0.9"}).text}
        enter(client, redis_conn, record.id, 1)
        german["seat 1"] = client.get(f"/games/{record.id}/seat").text          # no Accept-Language
        enter(client, redis_conn, record.id, seat)
        german["seat to act"] = client.get(f"/games/{record.id}/seat", headers={"Accept-Language": "de"}).text
        with i18n.speaking("de"):
            german["mail"] = mail_text(notices.game_over(game, seat, config) if over
                                       else notices.your_turn(game, seat, config))
        for which, said in german.items():
            text = said if which == "mail" else visible_text(said)
            assert english_in(text) == [], (which, english_in(text), text[:3000])
            assert english_events_in(text) == [], (which, english_events_in(text), text[:3000])
            if which != "mail":     # the players' panel, the game's state, the board picture
                assert english_labels_in(said, visible_text) == [], (which, english_labels_in(said, visible_text))
        assert "Spieler" in visible_text(german["spectator"]) and '<html lang="de">' in german["seat 1"]
        english = app.test_client().get(f"/games/{record.id}", headers={"Accept-Language": "en"}).text
        assert english_in(visible_text(english)) and '<html lang="en">' in english
        assert english_labels_in(english, visible_text)      # the labels check can fail
        told += bool(english_events_in(visible_text(english)))
        looks += 1
        if over:
            break
        bench_pages.advance(store, record.id, stride, chooser)
    assert looks >= 3           # the start, at least one position on the way, the end
    assert told >= looks - 1    # past the start, the English log says its events: the check can fail
    assert "Endstand" in german["mail"] and "Spielende" in german["mail"]
