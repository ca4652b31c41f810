"""Issue 27, "What it must show": a vocabulary test over the pages of random positions
of every game (every Ultimate Railroads board, strip and module, the setups of
tests/workers/test_listed_moves_play.py): the seat page of the seat to act, of a seat
waiting, and the spectator's page, rendered by the Flask app, show none of the raw
forms tests/workers/test_vocabulary.py forbids in mails ("(s)", True/False/None,
snake_case identifiers, "seat N", "1 coins") in their visible text: the text between
the tags, scripts and styles aside, attribute values not read."""
from __future__ import annotations

import random
from html.parser import HTMLParser

import pytest

from service import play
from service.bench import pages as bench_pages
from service.store import Store
from tests.web.test_pages import enter
from tests.workers.test_listed_moves_play import SETUPS
from tests.workers.test_vocabulary import NAMES, raw_forms

STEPS = (0, 9, 27)          # the random positions: moves played from the start, in all


class VisibleText(HTMLParser):
    """The text a reader sees: the data between the tags, outside <script>, <style>."""
    HIDDEN = {"script", "style"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in self.HIDDEN

    def handle_endtag(self, tag):
        self.hidden -= tag in self.HIDDEN and self.hidden > 0

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    reader = VisibleText()
    reader.feed(html)
    reader.close()
    return "\n".join(" ".join(part.split()) for part in reader.parts if part.strip())


def test_visible_text_skips_scripts_styles_and_attributes():
    html = ('<style>a_b{}</style><p title="seat_1">Ada <b>has</b> 2&nbsp;coins</p>'
            '<script>let x_y = None</script><svg><text>Moscow</text></svg>')
    assert visible_text(html).split("\n") == ["Ada", "has", "2 coins", "Moscow"]


@pytest.mark.parametrize("game_id, options, seats", SETUPS,
                         ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o, _ in SETUPS])
def test_no_raw_form_on_a_page(app, redis_conn, game_id, options, seats):
    store, chooser, client, played = Store(redis_conn), random.Random(5), app.test_client(), 0
    with app.app_context():
        record, _tokens, _admin = play.create_game(
            store, game_id, [{"name": n} for n in NAMES[:seats]], options, 5)
    for step in STEPS:
        bench_pages.advance(store, record.id, step - played, chooser)
        played = step
        game = play.load_game(store, record.id)
        acting = game.snapshot.to_act[0] if game.snapshot.to_act else 0
        pages = {"spectator": client.get(f"/games/{record.id}").text}
        for seat in {acting, (acting + 1) % seats}:
            enter(client, redis_conn, record.id, seat)
            pages[f"seat {seat}"] = client.get(f"/games/{record.id}/seat").text
        for which, page in pages.items():
            text = visible_text(page)
            assert NAMES[0] in text, (which, text[:500])
            assert not raw_forms(text), (step, which, raw_forms(text)[:10], text)
