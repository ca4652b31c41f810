"""Issue 27, "What it must show": a vocabulary test over the pages of random positions
of every game (every Ultimate Railroads board, strip and module, the setups of
tests/workers/test_listed_moves_play.py): the seat page of the seat to act, of a seat
waiting, and the spectator's page, rendered by the Flask app, show none of the raw
forms tests/workers/test_vocabulary.py forbids in mails ("(s)", True/False/None,
snake_case identifiers, "seat N", "1 coins") in their visible text: the text between
the tags, scripts and styles aside; and the board's labels (each place's aria-label,
read out by a screen reader) name no identifier as its words: no "transsib",
"track wood 2" or "printed_1" where the printed name is meant."""
from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest

from service import play
from service.bench import pages as bench_pages
from service.games.registry import game_types
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


class Labels(HTMLParser):
    """Every aria-label of a page (the board's places)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.labels: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.labels += [value for name, value in attrs if name == "aria-label" and value]


def labels(html: str) -> str:
    reader = Labels()
    reader.feed(html)
    reader.close()
    return "\n".join(reader.labels)


def raw_ids(text: str, game_id: str) -> list[str]:
    """The game's identifiers said as themselves where their printed name differs:
    `transsib` (printed "Trans-Siberian Railroad"), or in words as a place's name heading
    its part of a label (`track wood 2:`, printed "Wood tracks 2"; "3 wood steps" is an
    effect, not the idea tile `wood_steps`); one that is an everyday word of the game's
    sentences (GameWords.prose, "car") or whose printed name is itself but for a capital
    ("port": "Port") is not counted."""
    game = game_types()[game_id]
    found = []
    for ident, name in game.display_names.items():
        if ident in game.words.prose or not re.fullmatch(r"[a-z][a-z0-9_]*", ident):
            continue
        for said, after, known in ((ident, "", said_in(ident, name)),
                                   (ident.replace("_", " "), ":", ident.replace("_", " ") in name.lower())):
            if not known and \
                    re.search(rf"(?<![\w-]){re.escape(said)}(?![\w-]){after}", text):
                found.append(said)
    return sorted(set(found))


def said_in(ident: str, name: str) -> bool:
    return ident.lower() == name.lower() or ident in name


def test_a_label_naming_a_place_by_its_identifier_is_found():
    said = "Ada's player board: transsib: tracks wood on 3; track wood 2: 3 wood steps; a maintenance car"
    assert sorted(raw_ids(said, "ultimate-railroads")) == ["track wood 2", "transsib"]
    assert raw_ids("Trans-Siberian Railroad: tracks wood on 3; Wood tracks 2", "ultimate-railroads") == []


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
            read_out = labels(page)
            assert read_out and not raw_forms(read_out), (step, which, raw_forms(read_out)[:10])
            assert not raw_ids(read_out, game_id), (step, which, raw_ids(read_out, game_id), read_out)

