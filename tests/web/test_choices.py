"""Issue 16, "moves as choices, not a flat list": the seat's page walks a Brass seat
through action → location → industry → card with each move's effects, previews the
move it ends on (play.preview_turn, as POST /v1/games/{id}/preview), plays it through
the form, and writes the log in words; Flask's test client on the real test Redis."""
from __future__ import annotations

import html
import re

import pytest

from service import play, seat_links
from service.games.choice_tree import leaves
from service.games.registry import game_types
from service.mail.config import page_key
from service.store import Store
from service.web import choices, pages

BRASS = game_types()["brass-lancashire"]


@pytest.fixture
def brass(app, redis_conn):
    with app.app_context():
        record, _tokens, _admin = play.create_game(
            Store(redis_conn), "brass-lancashire", [{"name": "Ada"}, {"name": "Brunel"}],
            {"length": "introductory"}, 11)
    return record.id


def seat_client(app, redis_conn, game_id: str):
    seat = Store(redis_conn).snapshot(game_id).to_act[0]
    client = app.test_client()
    client.get(seat_links.seat_link_path(page_key(redis_conn), Store(redis_conn).game(game_id),
                                    seat))
    return client, seat


def steps(page: str) -> list[tuple[str, str]]:
    """The page's choice links: (their path, their words)."""
    return [(html.unescape(at), text) for at, text in
            re.findall(r'<a class="step" href="[^"]*&amp;at=([0-9.]+)">([^<]+)</a>', page)]


def test_the_walk_narrows_by_action_then_field_and_lists_every_move_once(app, redis_conn, brass):
    """Every legal move is reached by exactly one path of the walk (Brass's choice tree:
    AKTIONEN in the rulebook's fields, leaves the flat list)."""
    game = play.load_game(Store(redis_conn), brass)
    seat = game.snapshot.to_act[0]
    names = game.type.presented(["Ada", "Brunel"])
    moves = play.legal_moves(game, seat)
    found, stack = [], [""]
    while stack:
        walk = choices.walk(game.type, game.state, seat, moves, stack.pop(), names)
        assert walk.chosen is None
        for choice in walk.choices:
            if choice.move:
                found.append(choice.move)
            else:
                stack.append(choice.at)
    assert sorted(found) == sorted(choices.posted(m) for m in moves)
    top = choices.walk(game.type, game.state, seat, moves, "", names)
    assert [c.label for c in top.choices] == list(dict.fromkeys(m["action"].capitalize() for m in moves))
    assert sum(c.count for c in top.choices) == len(moves)


def test_a_seat_clicks_through_to_a_preview_and_plays_it(app, redis_conn, brass, work, monkeypatch):
    monkeypatch.setattr(pages, "TURN_WAIT", 0.1)
    client, seat = seat_client(app, redis_conn, brass)
    page = first = client.get(f"/games/{brass}/seat").text
    build = next(at for at, text in steps(page) if text == "Build")
    page = client.get(f"/games/{brass}/seat?v=0&at={build}").text
    assert 'aria-current="step">Build</a>' in page
    stale = client.get(f"/games/{brass}/seat?v=7&at={build}").text     # another version's path
    assert 'aria-current="step"' not in stale and steps(stale) == steps(first)
    while (more := [at for at, _ in steps(page) if at.startswith(build + ".")]) \
            and 'class="move"' not in page:
        page = client.get(f"/games/{brass}/seat?v=0&at={more[0]}").text
    money = re.search(r"Your money £(\d+) → £(\d+)", page)           # issue 27: in the panel's words
    assert money and int(money.group(2)) < int(money.group(1)), "a build's cost is shown"
    assert re.search(r"You build a level-\d [a-z ]+ in [A-Z]", page), "its events say it, to the mover"
    leaf = re.search(r'class="preview" href="[^"]*&amp;at=([0-9.]+)"', page).group(1)
    page = client.get(f"/games/{brass}/seat?v=0&at={leaf}").text
    assert "If you play Build" in page and 'id="play"' in page
    assert re.search(r"<li>You build [^<]*: you pay £\d+", page), "the preview in words, to the mover (issue 27)"
    move = html.unescape(
        re.search(r'id="play" type="submit" name="move" value="([^"]+)"', page).group(1))
    token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    client.post(f"/games/{brass}/seat/turns", data={"csrf": token, "expected_version": "0",
                                                    "move": move})
    work()
    game = play.load_game(Store(redis_conn), brass)
    assert game.snapshot.version == 1
    page = client.get(f"/games/{brass}/seat").text
    said = re.search(r"<li>(Ada|Brunel): Build \(([^)]*)\)", page)
    assert said and {"card", "industry", "town"} <= {
        part.split(":")[0] for part in said.group(2).split("; ")}, "the log says the move in words"


def test_a_walk_of_few_moves_lists_them_all_and_a_single_choice_is_taken():
    """A level with at most FLAT_UP_TO moves below lists the moves themselves."""
    engine = BRASS.engine
    state = engine.setup({}, 2, 3)
    seat = engine.to_act(state)[0]
    moves = [m for m in engine.legal_moves(state, seat) if m["action"] == "build"][:5]
    walk = choices.walk(BRASS, state, seat, moves, "", BRASS.presented(["A", "B"]))
    assert walk.trail[0][0] == "Build" and len(walk.choices) == len(moves)
    assert all(c.move and " · " in c.label for c in walk.choices)
    assert leaves([]) == []


def test_effects_never_name_what_a_move_would_draw():
    """SPIELZUG: a Brass turn ends by drawing from the face-down deck; a move's effects
    say that a card comes, never which (the deck's order is hidden)."""
    engine = BRASS.engine
    state = engine.setup({}, 2, 3)
    seat = engine.to_act(state)[0]
    moves = engine.legal_moves(state, seat)
    walk = choices.walk(BRASS, state, seat, moves, "0", BRASS.presented(["A", "B"]))
    while not walk.choices[0].move:                  # down to the level of moves
        walk = choices.walk(BRASS, state, seat, moves, walk.choices[0].at, BRASS.presented(["A", "B"]))
    said = [e for c in walk.choices for e in c.effects if e.startswith("You draw")]
    # what comes is counted, never named: "You draw 1 card" (issue 27: in words, to the mover)
    assert said and all(e == "You draw 1 card" for e in said)
