"""Issue 27, "Pages": at mid-game of each of the four games, a seat's page opens on the
players' panel (every player by name with their figures, whose turn marked), then the
seat's hand as cards and its choices, then the board; the game's state is said in
words, none of the view's field names ("boxed (per seat)", "pending", "beneath deck
tile"), and the log is folded on a seat's page, open on the spectator's."""
from __future__ import annotations

import random
import re

import pytest

from service import play
from service.bench import pages as bench_pages
from service.games.registry import game_types
from service.store import Store
from service.web import panel
from tests.web.test_pages import enter

GAMES = [("brass-lancashire", {}, ["Money", "Income", "Points", "Cards"]),
         ("age-of-industry", {"map": "germany"}, ["Money", "Loans", "Cards"]),
         ("industry", {}, ["Money", "Points"]),
         ("ultimate-railroads", {}, ["Coins", "Points"])]
RAW = re.compile(r"\b(boxed|pending|beneath|per seat|True|False|None|[a-z]+_[a-z_]+|seat \d)\b")
NAMES = ["Ada", "Brunel", "Cockerell"]


def text_of(html: str) -> str:
    """The words a reader sees: no scripts, styles, tags or the picture."""
    html = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"</?(strong|span|small|a|em)\b[^>]*>", "", html)      # inline: no space
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture(params=GAMES, ids=[g[0] for g in GAMES])
def mid_game(request, app, redis_conn):
    type_id, options, figures = request.param
    store = Store(redis_conn)
    with app.app_context():
        record, _tokens, _admin = play.create_game(
            store, type_id, [{"name": n} for n in NAMES], options, 11)
    bench_pages.advance(store, record.id, 14, random.Random(11))
    return play.load_game(store, record.id), figures


def test_the_panel_the_hand_and_the_choices_come_before_the_board(app, redis_conn, mid_game):
    game, figures = mid_game
    seat = game.snapshot.to_act[0]
    client = app.test_client()
    enter(client, redis_conn, game.record.id, seat)
    page = client.get(f"/games/{game.record.id}/seat").text
    where = {part: page.index(f'id="{part}"') for part in ("players", "hand", "choose", "board", "log-box")}
    assert where["players"] < where["hand"] < where["choose"] < where["board"] < where["log-box"], where
    panel = text_of(page[where["players"]:where["hand"]])
    for name in NAMES:
        assert name in panel
    for figure in figures:
        assert panel.count(figure) >= len(NAMES), (figure, panel)
    assert f"{NAMES[seat]} (you) — to act" in panel
    assert re.search(r'class="player to-act you" aria-current="true"', page)
    assert f"Your turn, {NAMES[seat]}." in text_of(page)
    assert "in turn order" in panel
    assert '<details id="log-box">' in page                   # folded on the seat's page


def test_the_page_says_the_game_in_words_not_the_views_fields(app, redis_conn, mid_game):
    """The panel, the hand and the state ("The game") read as words: no field name of
    the view, no identifier with an underscore, no True/False/None."""
    game, _figures = mid_game
    seat = (game.snapshot.to_act[0] + 1) % len(NAMES)
    client = app.test_client()
    enter(client, redis_conn, game.record.id, seat)
    page = client.get(f"/games/{game.record.id}/seat").text
    said = text_of(page[page.index('id="players"'):page.index('id="board"')]
                   + page[page.index('id="after-board"'):page.index('id="log-box"')])
    assert not RAW.search(said), RAW.search(said)[0] + " in: " + said
    waiting = game.snapshot.to_act[0]
    assert f"Waiting for {NAMES[waiting]}." in text_of(page)


def test_the_spectators_log_is_open_and_newest_first(app, redis_conn, mid_game):
    game, _figures = mid_game
    page = app.test_client().get(f"/games/{game.record.id}").text
    assert '<details id="log-box" open>' in page and "Log, newest first (14 moves)" in page
    assert re.search(r'<ol id="log" reversed start="14">', page)


def test_every_game_has_its_panel_and_state_words():
    """The four games of the registry each have their words here (a game added later
    would show its raw view's numbers: this names it)."""
    for type_id in ("brass-lancashire", "age-of-industry", "industry", "ultimate-railroads"):
        assert type_id in game_types() and type_id in panel.FIGURES and type_id in panel.STATE
