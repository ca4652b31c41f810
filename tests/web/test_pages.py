"""Issue 16, "Players see the board": the pages' sign-in, CSRF and hidden information,
on the Flask app with the real test Redis (the browser plays in tests/e2e)."""
from __future__ import annotations

import random
import re
import time

import pytest
import time_machine

from service import handover, play, seat_links
from service.bench import pages as bench_pages
from service.games.base import concealed
from service.games.registry import game_types
from service.mail.config import page_key
from service.store import Store
from service.web import pages

SEVEN_SEVEN = [777, 888]          # cards no deck holds: found on a page only if leaked


@pytest.fixture
def pile(app, redis_conn):
    with app.app_context():
        record, _tokens, _admin = play.create_game(
            Store(redis_conn), "pile", [{"name": "Ann"}, {"name": "Bob"}], None, 7)
    return record.id


def enter(client, redis_conn, game_id: str, seat: int):
    return client.get(seat_links.seat_link_path(page_key(redis_conn),
                                           Store(redis_conn).game(game_id), seat))


def csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def test_a_seat_page_never_holds_another_seats_hand(app, redis_conn, pile, monkeypatch):
    """Seat 1's hand is made unmistakable; seat 0's page and the spectator's never show
    it, seat 1's does (so the check can fail); and the pages ask the engine for no view,
    moves or log of any other seat."""
    store = Store(redis_conn)
    game = play.load_game(store, pile)
    state = game.state
    state["hands"][1] = SEVEN_SEVEN
    store.replace_snapshot(pile, play.snapshot_of(game.type, state, game.snapshot.version))
    asked = []
    engine = game.type.engine
    for name in ("view", "legal_moves"):
        real = getattr(engine, name)
        monkeypatch.setattr(engine, name, lambda s, seat, real=real: asked.append(seat) or real(s, seat))
    client = app.test_client()
    assert enter(client, redis_conn, pile, 0).status_code == 303
    page = client.get(f"/games/{pile}/seat").text
    assert "777" not in page and "888" not in page and asked and set(asked) == {0}
    assert "777" not in client.get(f"/games/{pile}").text
    other = app.test_client()
    enter(other, redis_conn, pile, 1)
    assert '<li class="card">777</li><li class="card">888</li>' in other.get(f"/games/{pile}/seat").text


def test_seat_link_signs_in_with_an_http_only_same_site_cookie(app, redis_conn, pile):
    client = app.test_client()
    answer = enter(client, redis_conn, pile, 1)
    assert answer.status_code == 303 and answer.headers["Location"] == f"/games/{pile}/seat"
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert "Bob (you)" in client.get(f"/games/{pile}/seat").text
    assert "Set-Cookie" not in client.get("/v1/game-types").headers   # the API stays cookie-free


def test_forged_expired_or_other_games_links_are_refused(app, redis_conn, pile):
    with app.app_context():
        other, _, _ = play.create_game(Store(redis_conn), "pile",
                                       [{"name": "X"}, {"name": "Y"}], None, 8)
    link = seat_links.seat_link_path(page_key(redis_conn), Store(redis_conn).game(pile), 0)
    client = app.test_client()
    assert client.get(link[:-2] + ("AA" if not link.endswith("AA") else "BB")).status_code == 401
    assert client.get(link.replace(pile, other.id)).status_code == 401
    with time_machine.travel(time.time() + (seat_links.LINK_DAYS + 1) * 86400):
        assert client.get(link).status_code == 401
    assert client.get(f"/games/{pile}/seat").status_code == 401      # never signed in
    assert client.get(link).status_code == 303


def test_a_move_form_without_the_sessions_csrf_token_changes_nothing(app, redis_conn, pile, work,
                                                                    monkeypatch):
    monkeypatch.setattr(pages, "TURN_WAIT", 0.1)         # the worker runs after, in-process
    client = app.test_client()
    enter(client, redis_conn, pile, 0)
    page = client.get(f"/games/{pile}/seat").text
    move = re.search(r'name="move" value="([^"]+)"', page).group(1).replace("&#34;", '"')
    form = {"expected_version": "0", "move": move}
    assert client.post(f"/games/{pile}/seat/turns", data={**form, "csrf": "forged"}).status_code == 403
    assert client.post(f"/games/{pile}/seat/turns", data=form).status_code == 403
    assert Store(redis_conn).snapshot(pile).version == 0
    answer = client.post(f"/games/{pile}/seat/turns", data={**form, "csrf": csrf(page)})
    assert answer.status_code == 303
    work()
    assert Store(redis_conn).snapshot(pile).version == 1
    # Issue 13: the log says the move's events by the players' names, each as its reader
    # may see them: the card drawn is Ann's alone.
    assert "Ann plays a" in client.get(f"/games/{pile}/seat").text
    assert "Ann draws a" in client.get(f"/games/{pile}/seat").text
    assert "Ann plays a" in app.test_client().get(f"/games/{pile}").text
    assert "Ann draws a" not in app.test_client().get(f"/games/{pile}").text


def test_your_turn_mail_links_to_the_seats_page(app, redis_conn, pile):
    """Issue 16: the "your turn" mail carries the seat's signed link, which opens its page."""
    from service.mail.config import MailConfig
    from workers.mail import notices
    game = play.load_game(Store(redis_conn), pile)
    mail = notices.your_turn(game, 0, MailConfig.from_env(redis_conn))
    text = dict(mail.sections)["Your page"]
    link = re.match(r"https?://[^/]+(/games/\S+)", text).group(1)
    client = app.test_client()
    assert client.get(link).status_code == 303
    assert "Ann (you)" in client.get(f"/games/{pile}/seat").text


def test_the_seats_page_plays_through_the_api_with_its_cookie_and_csrf_header(app, redis_conn,
                                                                             pile, work):
    """Issue 16, "submits through the same API as every client": the page session's
    cookie is a credential of /v1 for its seat (openapi.yaml's seatPage). A POST takes it
    only with the session's CSRF token in X-CSRF-Token: without it 401, with another 403
    naming the header, and nothing changes; with it the turn is played. The API sets no
    cookie, and the cookie is worth nothing in another game."""
    with app.app_context():
        other, _, _ = play.create_game(Store(redis_conn), "pile",
                                       [{"name": "X"}, {"name": "Y"}], None, 8)
    client = app.test_client()
    enter(client, redis_conn, pile, 0)
    token = csrf(client.get(f"/games/{pile}/seat").text)
    tree = client.get(f"/v1/games/{pile}/legal-moves?format=tree")
    assert tree.status_code == 200 and "Set-Cookie" not in tree.headers
    move = tree.json["tree"][0]
    while "move" not in move:
        move = move["children"][0]
    body = {"expected_version": 0, "moves": [move["move"]]}
    seen = client.get(f"/v1/games/{pile}")
    assert seen.json["seat"] == 0 and "Cookie" in seen.headers["Vary"]
    assert app.test_client().get(f"/v1/games/{pile}").json["seat"] is None
    preview = client.post(f"/v1/games/{pile}/preview", json=body, headers={"X-CSRF-Token": token})
    assert preview.status_code == 200 and preview.json["status"] == "playable"
    without = client.post(f"/v1/games/{pile}/turns", json=body)
    assert without.status_code == 401 and "X-CSRF-Token header" in without.json["detail"]
    forged = client.post(f"/v1/games/{pile}/turns", json=body, headers={"X-CSRF-Token": "forged"})
    assert forged.status_code == 403 and forged.json["errors"][0]["field"] == "X-CSRF-Token"
    elsewhere = client.get(f"/v1/games/{other.id}/legal-moves")
    assert elsewhere.status_code == 401
    assert Store(redis_conn).snapshot(pile).version == 0
    played = client.post(f"/v1/games/{pile}/turns", json=body, headers={"X-CSRF-Token": token})
    assert played.status_code == 202 and "Set-Cookie" not in played.headers
    work()
    assert Store(redis_conn).snapshot(pile).version == 1
    page = client.get(f"/games/{pile}/seat?turn={played.json['id']}").text
    assert 'class="flash applied"' in page and "Played: " in page


@pytest.mark.parametrize("type_id,options", [(g, o) for g, o, _seats in bench_pages.GAMES[:2]]
                         + [(g, o) for g, o, _seats in bench_pages.GAMES[3:]],
                         ids=["brass", "age-of-industry", "industry", "ultimate-railroads"])
def test_a_seats_page_is_the_same_whatever_it_cannot_know(app, redis_conn, type_id, options):
    """Every other seat's hand and every hidden pile, of any size, in all four games: at
    mid-game the page of the seat to act (its hand, its choices with their effects) and
    of a seat waiting are rendered, then again after everything those seats cannot know
    is dealt anew (base.concealed: the other hands, the deck's order, face-down tiles);
    a page that showed any of it, a one-card hand included, would differ. The seat to
    act's page is compared at each step of its first choices too (their effects)."""
    store = Store(redis_conn)
    with app.app_context():
        record, _tokens, _admin = play.create_game(
            store, type_id, [{"name": f"P{i}"} for i in range(max(2, game_types()[type_id].min_seats))],
            options, 5)
    game_id = record.id
    bench_pages.advance(store, game_id, 12, random.Random(5))
    game = play.load_game(store, game_id)
    engine, version = game.type.engine, game.snapshot.version
    for seat in {game.snapshot.to_act[0], (game.snapshot.to_act[0] + 1) % len(game.record.seats)}:
        client = app.test_client()
        enter(client, redis_conn, game_id, seat)
        paths = [f"/games/{game_id}/seat"] + [f"/games/{game_id}/seat?v={version}&at=0" + ".0" * n
                                              for n in range(4)]
        seen = [client.get(path).text for path in paths]
        dealt = concealed(engine, game.state, seat, random.Random(seat))
        assert engine.view(dealt, seat) == engine.view(game.state, seat)
        assert engine.dump(dealt) != engine.dump(game.state)       # something was hidden
        store.replace_snapshot(game_id, play.snapshot_of(game.type, dealt, version))
        try:
            assert [client.get(path).text for path in paths] == seen, (type_id, seat)
        finally:
            store.replace_snapshot(game_id, play.snapshot_of(game.type, game.state, version))


def test_a_browser_whose_seat_changed_hands_still_sees_the_public_pages(app, redis_conn):
    """Issue 31's language hook reads the signed-in seat of every page of a game: a seat
    taken over since (service/handover.py) reads as none there, so the spectator's page
    and a new seat link answer as for anyone, and only the seat's own page is refused."""
    with app.app_context():
        record, shown, _admin = play.create_game(
            Store(redis_conn), "pile", [{"name": "Ann"}, {"name": "Bob"}], None, 7)
    client = app.test_client()
    assert enter(client, redis_conn, record.id, 0).status_code == 303
    handover.take(redis_conn, record.id, shown[0]["token"])          # the seat changes hands
    assert client.get(f"/games/{record.id}").status_code == 200
    assert client.get(f"/games/{record.id}/seat").status_code == 401
    assert enter(client, redis_conn, record.id, 0).status_code == 303  # the new holder's link
