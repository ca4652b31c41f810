"""Issue 16, "Players see the board": the pages' sign-in, CSRF and hidden information,
on the Flask app with the real test Redis (the browser plays in tests/e2e)."""
from __future__ import annotations

import re
import time

import pytest
import time_machine

from service import play
from service.store import Store
from service.web import pages, seats

SEVEN_SEVEN = [777, 888]          # cards no deck holds: found on a page only if leaked


@pytest.fixture
def pile(app, redis_conn):
    with app.app_context():
        record, _tokens, _admin = play.create_game(
            Store(redis_conn), "pile", [{"name": "Ann"}, {"name": "Bob"}], None, 7)
    return record.id


def enter(client, redis_conn, game_id: str, seat: int):
    return client.get(seats.seat_link_path(seats.secret_key(redis_conn), game_id, seat))


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
    assert "777, 888" in other.get(f"/games/{pile}/seat").text


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
    link = seats.seat_link_path(seats.secret_key(redis_conn), pile, 0)
    client = app.test_client()
    assert client.get(link[:-2] + ("AA" if not link.endswith("AA") else "BB")).status_code == 401
    assert client.get(link.replace(pile, other.id)).status_code == 401
    with time_machine.travel(time.time() + (seats.LINK_DAYS + 1) * 86400):
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
    from workers.mail import notices
    from workers.mail.config import MailConfig
    game = play.load_game(Store(redis_conn), pile)
    mail = notices.your_turn(game, 0, MailConfig.from_env(redis_conn))
    text = dict(mail.sections)["Your page"]
    link = re.match(r"https?://[^/]+(/games/\S+)", text).group(1)
    client = app.test_client()
    assert client.get(link).status_code == 303
    assert "Ann (you)" in client.get(f"/games/{pile}/seat").text
