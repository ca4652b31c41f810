"""Resigning (issue 30, "Leaving"): a seat gives the game up by the API or its page; no
rulebook says what then happens, so the game's bot plays the seat from then on (its
moves played by a real worker: tests/e2e/test_resign.py). Not a move: no version."""
from __future__ import annotations

import re

from service import seat_links
from service.bot_seats import BOT_GAMES
from service.store import Store
from service.mail.config import page_key
from tests.api.helpers import a_game, submit


def test_a_seat_resigns_and_the_bot_plays_its_next_move(client, redis_conn, work):
    game = a_game(client)
    answer = client.post(f"/v1/games/{game.id}/resign", headers=game.auth(0))
    assert answer.status_code == 200
    assert answer.json == {"seat": 0, "resigned": [0], "status": "active", "version": 0,
                           "to_act": [0]}
    shown = client.get(f"/v1/games/{game.id}", headers=game.auth(1))
    assert shown.json["resigned"] == [0] and shown.json["version"] == 0
    assert redis_conn.sismember(BOT_GAMES, game.id)          # its move is owed at once
    work()
    entries = client.get(f"/v1/games/{game.id}/log").json["entries"]
    assert [(e["seat"], e["events"][-1]) for e in entries] == [
        (0, {"event": "played_by_bot", "seat": 0, "reason": "resigned"})]
    again = client.post(f"/v1/games/{game.id}/resign", headers=game.auth(0))
    assert again.status_code == 403 and again.json["type"].endswith("/forbidden")  # a spectator's
    assert submit(client, game, 1, [{"action": "pass"}], 1).status_code == 202  # play goes on


def test_a_resignation_changes_the_games_etag(client):
    game = a_game(client)
    before = client.get(f"/v1/games/{game.id}", headers=game.auth(1))
    client.post(f"/v1/games/{game.id}/resign", headers=game.auth(0))
    after = client.get(f"/v1/games/{game.id}", headers={
        **game.auth(1), "If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.json["resigned"] == [0]


def test_the_seat_page_resigns_only_with_its_box_ticked(client, redis_conn):
    game = a_game(client)
    browser = client.application.test_client()
    browser.get(seat_links.seat_link_path(page_key(redis_conn),
                                          Store(redis_conn).game(game.id), 1))
    page = browser.get(f"/games/{game.id}/seat").get_data(as_text=True)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    unsure = browser.post(f"/games/{game.id}/seat/resign", data={"csrf": csrf},
                          follow_redirects=True).get_data(as_text=True)
    assert "tick the box" in unsure and "resigned" not in client.get(f"/v1/games/{game.id}").json
    done = browser.post(f"/games/{game.id}/seat/resign", data={"csrf": csrf, "sure": "yes"},
                        follow_redirects=True).get_data(as_text=True)
    assert "You resigned" in done and 'id="resign"' not in done
    assert client.get(f"/v1/games/{game.id}").json["resigned"] == [1]
