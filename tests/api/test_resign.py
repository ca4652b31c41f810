"""Resigning (issue 30, "Leaving"): a seat gives the game up by the API or its page; no
rulebook says what then happens, so the game's bot plays the seat from then on (its
moves played by a real worker: tests/e2e/test_resign.py). Not a move: no version."""
from __future__ import annotations

import json
import re

from service import seat_links
from service.bot_seats import BOT_GAMES
from service.feed import player_stream
from service.feed_events import MESSAGE
from service.store import Store
from service.mail.config import page_key
from tests.api.helpers import a_game, submit
from tests.api.test_players import new_game, sign_up


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


def spectators(client, url: str, **headers) -> tuple[dict, dict]:
    """(what the headers' holder reads at `url`, what anyone reads there), as JSON."""
    return client.get(url, headers=headers).json, client.get(url).json


def test_the_resigned_seats_token_reads_what_a_spectator_reads_and_acts_for_nobody(client):
    """Trust: once the seat resigned, the bot plays it and its hand is the bot's; the
    seat's old token reads the game as anyone does (nothing private of the seat), and
    whatever it sends for the seat is refused (403 problem+json), nothing changed."""
    game = a_game(client)
    url = f"/v1/games/{game.id}"
    held, anyone = spectators(client, url, **game.auth(0))
    assert held["view"]["private"] and held["view"] != anyone["view"]   # the seat's hand, before
    assert client.post(f"{url}/resign", headers=game.auth(0)).status_code == 200
    held, anyone = spectators(client, url, **game.auth(0))
    assert held == anyone and held.get("seat") is None
    assert spectators(client, f"{url}/log", **game.auth(0)) == spectators(client, f"{url}/log")
    before = client.get(url).json
    for answer in (submit(client, game, 0, [{"action": "pass"}], 0),
                   client.get(f"{url}/legal-moves", headers=game.auth(0)),
                   client.post(f"{url}/messages", headers=game.auth(0), json={"text": "hi"}),
                   client.post(f"{url}/resign", headers=game.auth(0))):
        assert answer.status_code == 403, answer.json
        assert answer.headers["Content-Type"] == "application/problem+json"
        assert "seat 0 resigned" in answer.json["detail"]
    assert client.get(url).json == before and client.get(f"{url}/messages").json["messages"] == []


def test_the_resigned_seats_page_session_is_a_spectators(client, redis_conn):
    """The browser that resigned on the seat's page: its seat page is the spectator's
    page from then on, its API requests read what anyone reads, and it acts for nobody."""
    game = a_game(client)
    browser = client.application.test_client()
    link = seat_links.seat_link_path(page_key(redis_conn), Store(redis_conn).game(game.id), 0)
    browser.get(link)
    page = browser.get(f"/games/{game.id}/seat").get_data(as_text=True)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    browser.post(f"/games/{game.id}/seat/resign", data={"csrf": csrf, "sure": "yes"})
    seat_page = browser.get(f"/games/{game.id}/seat")
    assert seat_page.status_code == 303 and seat_page.headers["Location"].endswith(f"/games/{game.id}")
    assert "You resigned" in browser.get(f"/games/{game.id}").get_data(as_text=True)
    assert page_of(browser, game.id) == page_of(client.application.test_client(), game.id)
    assert browser.get(f"/v1/games/{game.id}").json == client.get(f"/v1/games/{game.id}").json
    refused = browser.post(f"/v1/games/{game.id}/turns", headers={"X-CSRF-Token": csrf},
                           json={"expected_version": 0, "moves": [{"action": "pass"}]})
    assert refused.status_code == 403 and "seat 0 resigned" in refused.json["detail"]
    moved = browser.post(f"/games/{game.id}/seat/turns", data={"csrf": csrf, "move": "pass"})
    assert moved.status_code == 401 and Store(redis_conn).snapshot(game.id).version == 0
    opened = browser.get(link)                           # its old link: the spectator's page
    assert opened.status_code == 303 and opened.headers["Location"].endswith(f"/games/{game.id}")
    assert browser.get(f"/games/{game.id}/seat").status_code == 303
    assert client.get(link).status_code == 303           # a copy of it, anywhere: the same


def page_of(browser, game_id: str) -> str:
    """The game's page as the browser reads it, but for its session's own CSRF token."""
    page = browser.get(f"/games/{game_id}").get_data(as_text=True)
    return re.sub(r'name="csrf" value="[^"]+"', 'name="csrf"', page)


def test_the_resigned_players_own_token_reads_what_a_spectator_reads(client, redis_conn):
    """A seat bound to Ada's account: once she resigned it, her personal token (not a
    seat token) reads the game as anyone does and acts for the seat no more, and her
    stream carries the table's talk but no whisper to the seat (the bot's now)."""
    ada, ada_auth = sign_up(client)
    game = new_game(client, [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"}], **ada_auth)
    url = f"/v1/games/{game.id}"
    assert client.get(url, headers=ada_auth).json["view"]["private"]
    assert client.post(f"{url}/resign", headers=ada_auth).status_code == 200
    held, anyone = spectators(client, url, **ada_auth)
    assert held == anyone and held.get("seat") is None
    refused = client.post(f"{url}/turns", headers=ada_auth,
                          json={"expected_version": 0, "moves": [{"action": "pass"}]})
    assert refused.status_code == 403 and "seat 0 resigned" in refused.json["detail"]
    listed = client.get("/v1/players/me/games", headers=ada_auth).json["games"]
    assert [(g["id"], g["to_act"]) for g in listed] == [(game.id, False)]   # the bot's turn
    told = len(redis_conn.xrange(player_stream(ada["id"])))
    for text, to in (("to the seat alone", 0), ("to the table", None)):
        said = client.post(f"{url}/messages", headers=game.auth(1), json={"text": text, "to": to})
        assert said.status_code == 201, said.json
    streamed = [json.loads(fields[b"event"]) for _id, fields in
                redis_conn.xrange(player_stream(ada["id"]))[told:]]
    assert [e["message"]["text"] for e in streamed if e["type"] == MESSAGE] == ["to the table"]
