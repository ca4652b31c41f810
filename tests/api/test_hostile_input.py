"""Hostile and odd input answers problem+json naming the field, never a 500, and
changes nothing."""
from __future__ import annotations

import pytest

from service.games.base import Option
from tests.api.helpers import a_game, submit
from tests.api.test_errors import CREATE, GAME, TURNS, assert_problem

LOG = ("/v1/games/{game_id}/log", "get")


def test_a_huge_since_is_refused_by_the_contract(client):
    game = a_game(client)
    body = assert_problem(client.get(f"/v1/games/{game.id}/log?since={10 ** 23}"), 400, LOG)
    assert body["errors"][0]["field"] == "since"


def test_deeply_nested_json_is_refused_not_crashed(client):
    nested = "[" * 3000 + "]" * 3000
    answer = client.post("/v1/games", data='{"game": "pile", "players": [], "options": {"x": '
                         + nested + "}}", content_type="application/json")
    body = assert_problem(answer, 400, CREATE)
    assert body["errors"][0] == {"field": "body", "message": "is nested too deeply"}


@pytest.mark.parametrize("field, value", [("seed", 1.0), ("seed", True)])
def test_an_integer_field_takes_no_float_or_boolean(client, field, value):
    answer = client.post("/v1/games", json={"game": "pile", "players": [
        {"name": "a"}, {"name": "b"}], field: value})
    body = assert_problem(answer, 400, CREATE)
    assert body["errors"][0]["field"] == field


def test_expected_version_written_as_a_float_is_refused(client, redis_conn):
    game = a_game(client)
    body = assert_problem(submit(client, game, 0, [{"action": "pass"}], 0.0), 400, TURNS)
    assert body["errors"][0]["field"] == "expected_version"
    assert redis_conn.keys("*turn:*") == []


@pytest.mark.parametrize("wait", ["nan", "inf", "-1", "31"])
def test_wait_must_be_a_finite_number_up_to_30(client, wait):
    game = a_game(client)
    answer = client.post(f"/v1/games/{game.id}/turns?wait={wait}", headers=game.auth(0),
                         json={"expected_version": 0, "moves": [{"action": "pass"}]})
    body = assert_problem(answer, 400, TURNS)
    assert body["errors"][0]["field"] == "wait"


def test_a_lone_surrogate_in_a_name_is_refused(client):
    answer = client.post("/v1/games", data='{"game": "pile", "players": [{"name": "\\ud800"},'
                         ' {"name": "b"}]}', content_type="application/json")
    body = assert_problem(answer, 400, CREATE)
    assert "surrogate" in body["errors"][0]["message"]


def test_a_known_path_with_another_method_is_405_with_allow(client):
    answer = client.post("/v1/health", json={})
    assert answer.status_code == 405 and answer.headers["Allow"] == "GET"
    assert answer.mimetype == "application/problem+json"


def test_head_and_options_are_answered(client):
    assert client.head("/v1/health").status_code == 200
    answer = client.options("/v1/health")                 # issue 29: no undeclared page
    assert answer.status_code == 204 and answer.headers["Allow"] == "GET, HEAD, OPTIONS"
    assert answer.data == b"" and "Content-Type" not in answer.headers


def test_an_unknown_path_is_404_problem(client):
    answer = client.get("/v1/nothing-here")
    assert answer.status_code == 404 and answer.mimetype == "application/problem+json"


def test_legal_moves_need_a_seat_token(client):
    game = a_game(client)
    answer = client.get(f"/v1/games/{game.id}/legal-moves", headers={"Authorization": "Basic x"})
    assert_problem(answer, 401, ("/v1/games/{game_id}/legal-moves", "get"))


def test_unicode_names_are_kept(client):
    game = a_game(client, players=2)
    players = client.get(f"/v1/games/{game.id}").json["players"]
    assert players == ["p0", "p1"]
    answer = client.post("/v1/games", json={"game": "pile", "players": [
        {"name": "Zoë ✓"}, {"name": "太郎"}]})
    assert [s["name"] for s in answer.json["seats"]] == ["Zoë ✓", "太郎"]


@pytest.mark.parametrize("value", [0, 1, 1.0, "true"])
def test_a_choice_option_takes_only_a_value_of_its_own_type(value):
    """True == 1 in Python; an option offering True/False must not take 1."""
    option = Option("variant", False, "a switch", choices=(False, True))
    assert option.why_not(value) == "must be one of [False, True]"
    assert option.why_not(True) is None


def test_game_view_with_an_unknown_token_changes_nothing(client, redis_conn):
    """Nothing but the client's count of failed authentications (issue 11, finding 8)."""
    game = a_game(client)

    def stored():
        return sorted(k for k in redis_conn.keys("*") if not k.startswith(b"LIMITS:"))
    before = stored()
    assert_problem(client.get(f"/v1/games/{game.id}", headers={"Authorization": "Bearer ✓"}),
                   401, GAME)
    assert stored() == before


@pytest.mark.parametrize("player, field", [
    ({"name": "Ada\r\nBcc: victim@x.test"}, "players[0].name"),
    ({"name": "Ada", "email": "ada@p.test, victim@x.test"}, "players[0].email"),
    ({"name": "Ada", "email": "ada@p.test\r\nBcc: victim@x.test"}, "players[0].email"),
    ({"name": "Ada", "email": "Ada <ada@p.test>"}, "players[0].email"),
    ({"name": "Ada", "email": "zoë@p.test"}, "players[0].email"),
])
def test_names_and_addresses_that_could_inject_mail_headers_are_refused(client, player, field):
    """A name or address goes into mail headers: control characters, lists and display
    names are refused, so one seat's mail can never reach anyone else."""
    answer = client.post("/v1/games", json={"game": "pile", "players": [player, {"name": "b"}]})
    body = assert_problem(answer, 400, CREATE)
    assert body["errors"][0]["field"] == field
