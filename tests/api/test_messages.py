"""Talk at the table (issue 30, "Messages"): a message to the whole table or a whisper to
one seat, by the API and the seat's page. Plain text, bounded in length and rate; a
whisper reaches its two seats only (like a hidden card: not another seat's or a
spectator's messages, streams, page, game view or log); a muted seat's messages are not
shown to the seat that muted it; messages are not moves (no version, no log entry)."""
from __future__ import annotations

import json
import re
import time

import time_machine

from service import feed, seat_links
from service.mail.limits import MESSAGES_PER_MINUTE
from service.messages import KEPT, KEPT_DAYS
from service.store import Store
from service.mail.config import page_key
from tests.api.helpers import a_game
from tests.api.test_players import sign_up

SECRET = "meet me at Liverpool, keep it quiet"


def say(client, game, seat: int, text: str, to: int | None = None):
    return client.post(f"/v1/games/{game.id}/messages", headers=game.auth(seat),
                       json={"text": text, **({"to": to} if to is not None else {})})


def texts(client, game, seat: int | None, **query) -> list[str]:
    headers = game.auth(seat) if seat is not None else {}
    answer = client.get(f"/v1/games/{game.id}/messages", headers=headers, query_string=query)
    assert answer.status_code == 200, answer.json
    return [m["text"] for m in answer.json["messages"]]


def test_a_table_message_reaches_everyone_and_a_whisper_its_two_seats_only(client):
    game = a_game(client, players=3)
    said = say(client, game, 0, "good luck all")
    assert said.status_code == 201
    assert said.json["seat"] == 0 and said.json["name"] == "p0" and said.json["to"] is None
    whisper = say(client, game, 0, SECRET, to=2)
    assert whisper.status_code == 201 and whisper.json["to_name"] == "p2"
    assert texts(client, game, 0) == ["good luck all", SECRET]
    assert texts(client, game, 2) == ["good luck all", SECRET]
    assert texts(client, game, 1) == ["good luck all"]
    assert texts(client, game, None) == ["good luck all"]           # a spectator
    for seat in (None, 1):          # nowhere else either: the game's view and its log
        headers = game.auth(seat) if seat is not None else {}
        for path in ("", "/log"):
            assert SECRET not in client.get(f"/v1/games/{game.id}{path}", headers=headers).text


def test_messages_are_not_moves_they_change_no_version_and_enter_no_log(client):
    game = a_game(client)
    before = client.get(f"/v1/games/{game.id}", headers=game.auth(0)).json
    assert say(client, game, 1, "hello").status_code == 201
    after = client.get(f"/v1/games/{game.id}", headers=game.auth(0)).json
    assert after["version"] == before["version"] == 0 and after["view"] == before["view"]
    assert client.get(f"/v1/games/{game.id}/log").json["entries"] == []


def test_bad_messages_are_refused_naming_the_field_and_change_nothing(client):
    game = a_game(client, players=3)
    for body, field in (({"text": "x" * 1001}, "text"), ({"text": "   "}, "text"),
                        ({"text": "bell\x07"}, "text"), ({"text": "hi", "to": 0}, "to"),
                        ({"text": "hi", "to": 3}, "to"), ({"text": "hi", "to": 8}, "to"),
                        ({"text": "hi", "colour": "red"}, "colour")):
        answer = client.post(f"/v1/games/{game.id}/messages", headers=game.auth(0), json=body)
        assert answer.status_code == 400, body
        assert answer.content_type == "application/problem+json"
        assert any(field in e["field"] + e["message"] for e in answer.json["errors"]), answer.json
    assert texts(client, game, 0) == []
    assert client.post(f"/v1/games/{game.id}/messages", json={"text": "hi"}).status_code == 401
    assert say(client, game, 0, "x" * 1000).status_code == 201      # the bound itself is fine
    assert say(client, game, 0, "two\nlines\tand a tab").status_code == 201
    assert say(client, game, 0, "family \U0001F468\u200d\U0001F469\u200d\U0001F467").status_code == 201
    disguised = say(client, game, 0, "pay \u202e0001\u202c now")      # a right-to-left override
    assert disguised.status_code == 400 and disguised.json["errors"][0]["field"] == "text"


def test_a_seat_says_at_most_its_limit_a_minute(client):
    """Counted in a minute's window, the clock held still 10 s into one (a loaded machine
    may not cross a window's end between the messages), then let go past its end."""
    game = a_game(client)
    limit = MESSAGES_PER_MINUTE["messages"]
    start = time.time() // 60 * 60 + 70
    with time_machine.travel(start, tick=False):
        for number in range(limit):
            assert say(client, game, 0, f"m{number}").status_code == 201
        over = say(client, game, 0, "one too many")
        assert over.status_code == 429 and over.headers["Retry-After"] == "51"
        assert say(client, game, 1, "another seat's own count").status_code == 201
    assert "one too many" not in texts(client, game, 1)
    with time_machine.travel(start + 51, tick=False):
        assert say(client, game, 0, "the next minute").status_code == 201


def test_a_seat_that_muted_another_reads_none_of_its_messages(client):
    game = a_game(client, players=3)
    muted = client.put(f"/v1/games/{game.id}/mutes", json={"seats": [1]}, headers=game.auth(0))
    assert muted.status_code == 200 and muted.json == {"seats": [1]}
    say(client, game, 1, "buy my coal")
    say(client, game, 2, "hello")
    assert texts(client, game, 0) == ["hello"]
    assert texts(client, game, 1) == ["buy my coal", "hello"]       # its own, always
    assert texts(client, game, 2) == ["buy my coal", "hello"]
    refused = client.put(f"/v1/games/{game.id}/mutes", json={"seats": [0]}, headers=game.auth(0))
    assert refused.status_code == 400 and refused.json["errors"][0]["field"] == "seats"
    client.put(f"/v1/games/{game.id}/mutes", json={"seats": []}, headers=game.auth(0))
    assert texts(client, game, 0) == ["buy my coal", "hello"]


def test_messages_come_a_page_at_a_time_and_the_game_keeps_its_newest(client, redis_conn):
    game = a_game(client)
    for number in range(5):
        say(client, game, number % 2, f"m{number}")
    first = client.get(f"/v1/games/{game.id}/messages?limit=2").json
    assert [m["text"] for m in first["messages"]] == ["m0", "m1"] and first["more"]
    rest = client.get(f"/v1/games/{game.id}/messages",
                      query_string={"after": first["messages"][-1]["id"], "limit": 3}).json
    assert [m["text"] for m in rest["messages"]] == ["m2", "m3", "m4"] and not rest["more"]
    assert client.get(f"/v1/games/{game.id}/messages?after=x").status_code == 400
    assert redis_conn.xinfo_stream(f"game:{{{game.id}}}:messages")["length"] == 5 <= KEPT
    assert 0 < redis_conn.ttl(f"game:{{{game.id}}}:messages") <= KEPT_DAYS * 86400


def test_a_whisper_reaches_the_streams_of_its_two_players_only(client, redis_conn):
    """The players' own streams (service/feed.py): the table's message reaches every
    player, a whisper its two; a player who muted the sender is told nothing."""
    people = [sign_up(client, name, f"{name.lower()}@player.test") for name in ("Ada", "Bert", "Cleo")]
    (ada, ada_auth), (bert, _), (cleo, _) = people
    created = client.post("/v1/games", headers=ada_auth, json={"game": "pile", "seed": 7, "players": [
        {"name": "Ada", "player": ada["id"]}, {"name": "Bert"}, {"name": "Cleo"}]}).json
    game_id = created["id"]
    for seat, (player, auth) in zip((1, 2), people[1:]):
        code = created["seats"][seat]["invitation"]["code"]
        assert client.post(f"/v1/games/{game_id}/invitations/accept", json={"code": code},
                           headers=auth).status_code == 200
    bert_auth, cleo_auth = people[1][1], people[2][1]
    post = f"/v1/games/{game_id}/messages"
    assert client.put(f"/v1/games/{game_id}/mutes", json={"seats": [0]},
                      headers=cleo_auth).status_code == 200
    assert client.post(post, json={"text": SECRET, "to": 1}, headers=ada_auth).status_code == 201
    assert client.post(post, json={"text": "to all"}, headers=bert_auth).status_code == 201
    assert client.post(post, json={"text": "Ada speaks"}, headers=ada_auth).status_code == 201

    def heard(player) -> list[tuple[str | None, str]]:
        events = [json.loads(f[b"event"]) for _, f in redis_conn.xrange(feed.player_stream(player["id"]))]
        return [(e["message"]["to_name"], e["message"]["text"]) for e in events
                if e["type"] == "message"]
    assert heard(ada) == [("Bert", SECRET), (None, "to all"), (None, "Ada speaks")]
    assert heard(bert) == [("Bert", SECRET), (None, "to all"), (None, "Ada speaks")]
    assert heard(cleo) == [(None, "to all")]


def test_the_seat_page_shows_its_messages_and_says_one_by_its_form(client, redis_conn):
    """The page of a seat signed in by its link: its form says, its list shows what
    the seat reads and never another pair's whisper."""
    game = a_game(client, players=3)
    say(client, game, 0, SECRET, to=2)
    say(client, game, 2, "hello table")
    pages = {}
    for seat in range(3):
        browser = client.application.test_client()
        browser.get(seat_links.seat_link_path(page_key(redis_conn),
                                              Store(redis_conn).game(game.id), seat))
        pages[seat] = browser
    page = pages[1].get(f"/games/{game.id}/seat").get_data(as_text=True)
    assert "hello table" in page and SECRET not in page
    spectator = client.application.test_client().get(f"/games/{game.id}").get_data(as_text=True)
    assert "hello table" in spectator and SECRET not in spectator
    assert SECRET in pages[2].get(f"/games/{game.id}/seat").get_data(as_text=True)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    answer = pages[1].post(f"/games/{game.id}/seat/messages",
                           data={"csrf": csrf, "text": "from the page", "to": "0"})
    assert answer.status_code == 303
    assert texts(client, game, 0)[-1] == "from the page" and "from the page" not in texts(client, game, 2)
    refused = pages[1].post(f"/games/{game.id}/seat/messages", data={"csrf": csrf, "text": ""},
                            follow_redirects=True).get_data(as_text=True)
    assert "Not said" in refused
    assert pages[1].post(f"/games/{game.id}/seat/messages",
                         data={"text": "no csrf"}).status_code in (400, 403)
