"""Open seats and challenges refused (issue 30), through the app on the test Redis: each
bad request answers problem+json naming the field and what is allowed, and changes
nothing (no game stored, none listed, no challenge counted)."""
from __future__ import annotations

import pytest

from service.mail.limits import CHALLENGES_PER_DAY
from tests.api.test_errors import CREATE, assert_problem

LIST = ("/v1/games", "get")
OPEN = [{"open": True}, {"open": True}]


def player(client, name: str) -> tuple[str, dict]:
    answer = client.post("/v1/players", json={"name": name, "email": f"{name}@p.test"})
    return answer.json["id"], {"Authorization": f"Bearer {answer.json['token']['token']}"}


def games_stored(redis_conn) -> int:
    return sum(1 for _ in redis_conn.scan_iter("game:*:meta"))


@pytest.mark.parametrize("query, field", [
    ("game=chess", "game"), ("game=pile&option=colour:red", "option"), ("option=length", "option"),
    ("cursor=nonsense", "cursor"), ("limit=0", "limit"), ("limit=101", "limit")])
def test_a_bad_listing_query_names_its_field(client, query, field):
    body = assert_problem(client.get(f"/v1/games?open=true&{query}"), 400, LIST)
    assert [e["field"] for e in body["errors"]] == [field], body


@pytest.mark.parametrize("seats, status, field", [
    ([{"open": True, "player": "SELF"}, {"name": "b"}], 400, "players[0].player"),
    ([{"open": True, "bot": True}, {"name": "b"}], 400, "players[0].bot"),
    ([{"challenge": "SELF"}, {"open": True}], 400, "players[0].challenge"),
    ([{"challenge": "0123456789abcdef"}, {"open": True}], 422, "players[0].challenge"),
    ([{"challenge": "OTHER", "bot": True}, {"open": True}], 400, "players[0].bot")])
def test_a_bad_open_or_challenged_seat_is_refused_and_nothing_is_stored(
        client, redis_conn, seats, status, field):
    me, auth = player(client, "ada")
    other, _ = player(client, "bert")
    named = [{k: (me if v == "SELF" else other if v == "OTHER" else v) for k, v in s.items()}
             for s in seats]
    body = assert_problem(client.post("/v1/games", json={"game": "pile", "players": named},
                                      headers=auth), status, CREATE)
    assert field in [e["field"] for e in body["errors"]], body
    assert games_stored(redis_conn) == 0
    assert client.get("/v1/games?open=true").json == {"games": [], "next": None}


def test_open_seats_and_challenges_need_a_player(client, api_key, redis_conn):
    """An anonymous game lists no open seat (401); a challenge comes from a player's own
    token, not an API key (401)."""
    body = assert_problem(client.post("/v1/games", json={"game": "pile", "players": OPEN}),
                          401, CREATE)
    assert body["errors"][0]["field"] == "players[0].open"
    other, _ = player(client, "bert")
    body = assert_problem(client.post("/v1/games", headers=api_key(), json={
        "game": "pile", "players": [{"name": "a"}, {"challenge": other}]}), 401, CREATE)
    assert body["errors"][0]["field"] == "players[1].challenge"
    assert games_stored(redis_conn) == 0


def test_a_player_is_challenged_at_most_so_often_a_day(client, redis_conn):
    me, auth = player(client, "ada")
    other, _ = player(client, "bert")
    game = {"game": "pile", "players": [{"name": "Ada", "player": me}, {"challenge": other}]}
    for _ in range(CHALLENGES_PER_DAY["challenged"]):
        assert client.post("/v1/games", json=game, headers=auth).status_code == 201
    refused = client.post("/v1/games", json=game, headers=auth)
    body = assert_problem(refused, 429, CREATE)
    assert body["errors"][0]["field"] == "players[1].challenge" and refused.headers["Retry-After"]
    assert games_stored(redis_conn) == CHALLENGES_PER_DAY["challenged"]
