"""Issue 27, "previews in words ('you pay £7; Blackburn's coal mine gets 2 cubes')":
at random positions of every game (every Ultimate Railroads board, strip and module, the
setups of tests/workers/test_listed_moves_play.py), the seat page's preview of complete
moves of the seat to act, rendered by the Flask app:

- names no raw identifier, no raw form and no view's field path;
- is said to the mover in the second person: the mover's own name never appears, each
  event of the mover's is a line "You ..." (the engine's "seat N builds" as "You build");
- lists its cost: the money the mover pays and gets ("you pay £7", "you get £3") adds up
  to the change of its money by the engine's own tallies (Engine.tallies);
- says what happens to the cubes (Brass: Lancashire, Age of Industry: the rulebooks'
  Würfel and Klötzchen on industry tiles, in the markets, on the demand tracks and the
  imported coal): the cubes said to come and go add up to those the engine's state
  moves, counted from the state (not from the view the page reads)."""
from __future__ import annotations

import random
import re

import pytest

from service import i18n, play
from service.bench import pages as bench_pages
from service.games.brass_lancashire.state import tile_refs
from service.games.choice_tree import choice_tree
from service.games.industry.events import EVENTS as INDUSTRY_EVENTS
from service.games.registry import game_types
from service.games.ultimate_railroads.events import EVENTS as RAILROAD_EVENTS
from service.store import Store
from service.web import choices
from tests.web.test_page_vocabulary import raw_ids, visible_text
from tests.web.test_pages import enter
from tests.workers.test_listed_moves_play import SETUPS
from tests.workers.test_vocabulary import NAMES, raw_forms

STEPS = (0, 12, 30, 45)     # the random positions: moves played from the start, in all
PREVIEWS_AT_EACH = 5        # complete moves previewed at each position
PAID = re.compile(r"\byou (pay|get) (?:£|\$)?(\d+)(?: (?:coins?|Taler))?")
CUBES = re.compile(r"\b(gets|loses) (\d+) cubes?\b|\b(\d+) cubes? (goes onto|go onto|leaves|leave)\b")


def preview_text(page: str) -> str:
    """The preview's words: its effects, up to the button (which shows the move as it is
    typed, the notation)."""
    start = page.index('<div id="preview"')
    return visible_text(page[start:page.index("<button", start)])


# what the generic dump of a view's changes said ("boxed Ada: 3 → 4; bank: 9982 → 9979
# … and 7 more changes", "your hand 3: – → pink")
DUMP = re.compile(r"more changes|: – → | – → |: new, |\bhand \d|\bpublic\b|\bprivate\b")


def ends_of(tree: list[dict], at: tuple = ()) -> list[tuple[str, dict]]:
    """(the walk's path, the move) of every move the walk previews: a complete move with
    nothing further below it (one that leads further is listed with its button)."""
    return [found for i, node in enumerate(tree)
            for found in ([(".".join(map(str, at + (i,))), node["move"])] if not node["children"] else [])
            + ends_of(node["children"], at + (i,))]


def cubes_of(game_id: str, state) -> dict[str, int]:
    """Every place's cubes by the engine's state: each tile's by its reference and
    industry, each market's, track's and port's imported coal."""
    if game_id == "brass-lancashire":
        return {f"{ref} {tile['industry']}": tile.get("cubes", 0) for ref, _location, tile in tile_refs(state)} \
            | {"coal market": state.coal_market, "iron market": state.iron_market}
    if game_id == "age-of-industry":
        return {f"{ref} {tile['industry']}": tile.get("cubes", 0) for ref, tile in state.tiles.items()} \
            | {f"import {place}": cubes for place, cubes in state.imports.items()} \
            | {f"track {kind}": cubes for kind, cubes in state.track.items()}
    return {}


def moved(before: dict[str, int], after: dict[str, int]) -> int:
    """The cubes that came to or left each place (a new tile's from 0)."""
    return sum(abs(after.get(place, 0) - before.get(place, 0)) for place in set(before) | set(after))


def said_cubes(text: str) -> int:
    return sum(int(found.group(2) or found.group(3)) for found in CUBES.finditer(text))


def said_money(text: str) -> int:
    return sum(int(amount) * (1 if way == "get" else -1) for way, amount in PAID.findall(text))


@pytest.mark.parametrize("game_id, options, seats", SETUPS,
                         ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o, _ in SETUPS])
def test_a_preview_tells_the_mover_its_cost_and_effects_in_the_second_person(
        app, redis_conn, game_id, options, seats):
    store, chooser, client, played = Store(redis_conn), random.Random(11), app.test_client(), 0
    with app.app_context():
        record, _tokens, _admin = play.create_game(
            store, game_id, [{"name": n} for n in NAMES[:seats]], options, 11)
    previews = paying = cubed = 0
    for step in STEPS:
        bench_pages.advance(store, record.id, step - played, chooser)
        played = step
        game = play.load_game(store, record.id)
        if not game.snapshot.to_act:
            continue
        seat, engine = game.snapshot.to_act[0], game.type.engine
        moves = engine.legal_moves(game.state, seat)
        tree = choice_tree(engine, game.state, seat, moves, with_effects=False)
        enter(client, redis_conn, record.id, seat)
        guess = choices.guessed(engine, game.state, seat)
        ends = ends_of(tree)
        for path, move in chooser.sample(ends, min(PREVIEWS_AT_EACH, len(ends))):
            page = client.get(f"/games/{record.id}/seat?v={game.snapshot.version}&at={path}").text
            said = preview_text(page)
            heading, _, effects = said.partition("\n")
            previews += 1
            assert not raw_forms(said), (move, raw_forms(said), said)
            assert not raw_ids(said + ":", game_id) and not DUMP.search(said), (move, said)
            assert not re.search(rf"\b{NAMES[seat]}\b", effects), (move, said)      # "you", never the name
            after, events = engine.apply(guess, seat, move)
            own = [e for e in events if e.get("seat") == seat and e.get("text")]
            lines = effects.split("\n")
            assert len([line for line in lines if line.startswith("You ")]) >= min(1, len(own)), (move, said)
            tallies = engine.tallies(guess), engine.tallies(after)
            if "money" in tallies[0]:
                change = tallies[1]["money"][seat] - tallies[0]["money"][seat]
                assert said_money(effects) == change, (move, change, said)
                paying += change < 0
            cubes = moved(cubes_of(game_id, guess), cubes_of(game_id, after))
            assert said_cubes(effects) == cubes, (move, cubes, said)
            cubed += cubes > 0
    assert previews >= PREVIEWS_AT_EACH
    if game_id in ("brass-lancashire",):
        assert paying and cubed, (paying, cubed)       # the positions reached moves that cost and move cubes


def test_a_german_preview_says_du_with_the_du_form_and_names_the_seat_elsewhere():
    """seeds/004 SCHLÜSSEL ("erhält einen Schlüssel"), seeds/001 Spielablauf (Runde,
    Epoche, Startspieler): a German preview says the mover "du" with its verb's du-form
    ("erhältst", not "erhälst"), and the mover where it is not the subject by its name,
    never the English "you"."""
    with i18n.speaking("de"):
        railroads = game_types()["ultimate-railroads"].presented(["Ada", "Bea"])
        assert railroads.effects([RAILROAD_EVENTS.make("key", 0)], 0) == ["Du erhältst einen Schlüssel"]
        industry = game_types()["industry"].presented(["Ada", "Bea"])
        round_begins = INDUSTRY_EVENTS.make("round", None, round=2, epoch=1, start_player=1)
        assert industry.effects([round_begins], 1) == ["Runde 2 der Epoche 1 beginnt; Startspieler: Bea"]
