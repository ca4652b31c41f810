"""Every documented error answers application/problem+json (RFC 9457) with the
status the contract documents for that operation, and changes nothing."""
from __future__ import annotations

import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

from service.contract import SPEC_PATH, spec
from tests.api.helpers import a_game, submit

PROBLEM_KEYS = {"type", "title", "status", "detail"}


def test_openapi_yaml_passes_the_spec_validator():
    document, _ = read_from_filename(str(SPEC_PATH))
    validate(document)


def assert_problem(answer, status: int, operation: tuple[str, str]):
    assert answer.status_code == status, answer.data
    assert answer.mimetype == "application/problem+json"
    body = answer.json
    assert PROBLEM_KEYS <= set(body) and body["status"] == status and body["detail"]
    path, method = operation
    assert str(status) in spec()["paths"][path][method]["responses"], \
        f"{status} is not documented for {method.upper()} {path}"
    return body


TURNS = ("/v1/games/{game_id}/turns", "post")
CREATE = ("/v1/games", "post")
GAME = ("/v1/games/{game_id}", "get")


def test_validation_error_names_each_failing_field(client):
    game = a_game(client)
    body = assert_problem(submit(client, game, 0, [{"card": 1}], "zero"), 400, TURNS)
    fields = {e["field"] for e in body["errors"]}
    assert {"expected_version", "moves[0]"} <= fields, body


def test_unknown_body_field_is_refused(client):
    game = a_game(client)
    answer = client.post(f"/v1/games/{game.id}/turns", headers=game.auth(0), json={
        "expected_version": 0, "moves": [{"action": "pass"}], "cheat": True})
    body = assert_problem(answer, 400, TURNS)
    assert "cheat" in body["detail"]


def test_missing_token_is_401(client):
    game = a_game(client)
    answer = client.post(f"/v1/games/{game.id}/turns",
                         json={"expected_version": 0, "moves": [{"action": "pass"}]})
    assert_problem(answer, 401, TURNS)


def test_unknown_token_is_401(client):
    game = a_game(client)
    answer = client.get(f"/v1/games/{game.id}", headers={"Authorization": "Bearer nope"})
    assert_problem(answer, 401, GAME)


def test_not_your_move_is_403(client, redis_conn):
    game = a_game(client)
    assert_problem(submit(client, game, 1, [{"action": "pass"}], 0), 403, TURNS)
    assert_problem(submit(client, game, 1, [{"action": "pass"}], 5), 409, TURNS)
    assert redis_conn.keys("*turn:*") == []


def test_another_games_token_is_401(client):
    game, other = a_game(client), a_game(client)
    answer = client.post(f"/v1/games/{game.id}/turns", headers=other.auth(0),
                         json={"expected_version": 0, "moves": [{"action": "pass"}]})
    assert_problem(answer, 401, TURNS)


def test_seat_token_may_not_pause_403(client):
    game = a_game(client)
    answer = client.post(f"/v1/games/{game.id}/status", headers=game.auth(0),
                         json={"status": "paused"})
    assert_problem(answer, 403, ("/v1/games/{game_id}/status", "post"))


def test_unknown_game_is_404(client):
    assert_problem(client.get("/v1/games/0123456789abcdef"), 404, GAME)


def test_unknown_turn_is_404(client):
    game = a_game(client)
    assert_problem(client.get(f"/v1/games/{game.id}/turns/0123456789abcdef",
                              headers=game.auth(0)), 404,
                   ("/v1/games/{game_id}/turns/{turn_id}", "get"))


def test_stale_expected_version_is_409_at_once(client, redis_conn):
    game = a_game(client)
    body = assert_problem(submit(client, game, 0, [{"action": "pass"}], 3), 409, TURNS)
    assert body["current_version"] == 0
    assert redis_conn.keys("*turn:*") == []


def test_paused_game_refuses_turns_409(client):
    game = a_game(client)
    answer = client.post(f"/v1/games/{game.id}/status", json={"status": "paused"},
                         headers={"Authorization": f"Bearer {game.admin}"})
    assert answer.json == {"status": "paused", "version": 0}
    assert_problem(submit(client, game, 0, [{"action": "pass"}], 0), 409, TURNS)


def test_body_too_large_is_413(client):
    game = a_game(client)
    answer = client.post(f"/v1/games/{game.id}/turns", headers={**game.auth(0),
                         "Content-Type": "application/json"}, data="[" + "0," * 40000 + "0]")
    assert_problem(answer, 413, TURNS)


def test_body_that_is_not_json_is_415(client):
    game = a_game(client)
    answer = client.post(f"/v1/games/{game.id}/turns", headers=game.auth(0), data="pass")
    assert_problem(answer, 415, TURNS)


def test_idempotency_key_with_another_body_is_422(client, redis_conn):
    game = a_game(client)
    first = submit(client, game, 0, [{"action": "pass"}], 0, **{"Idempotency-Key": "k1"})
    assert first.status_code == 202
    before = sorted(redis_conn.keys("*turn:*"))
    again = submit(client, game, 0, [{"action": "play", "card": 1}], 0, **{"Idempotency-Key": "k1"})
    assert_problem(again, 422, TURNS)
    assert sorted(redis_conn.keys("*turn:*")) == before


@pytest.mark.parametrize("options, field", [({"hand": 9}, "options.hand"),
                                            ({"colour": "red"}, "options.colour")])
def test_bad_option_is_422_naming_the_option_and_what_is_allowed(client, options, field):
    answer = client.post("/v1/games", json={"game": "pile", "players": [{"name": "a"},
                                            {"name": "b"}], "options": options})
    body = assert_problem(answer, 422, CREATE)
    assert body["errors"][0]["field"] == field
    assert "allowed" in body["errors"][0]["message"] or "from 1 to 4" in body["errors"][0]["message"]


def test_wrong_player_count_is_400(client):
    answer = client.post("/v1/games", json={"game": "pile", "players": [{"name": "solo"}]})
    body = assert_problem(answer, 400, CREATE)
    assert body["errors"][0]["field"] == "players"


def test_unknown_game_type_is_400(client):
    body = assert_problem(client.post("/v1/games", json={"game": "chess", "players": [
        {"name": "a"}, {"name": "b"}]}), 400, CREATE)
    assert body["errors"][0]["field"] == "game"


def test_bad_email_is_400(client):
    body = assert_problem(client.post("/v1/games", json={"game": "pile", "players": [
        {"name": "a", "email": "not-an-address"}, {"name": "b"}]}), 400, CREATE)
    assert body["errors"][0]["field"].startswith("players[0]")


def test_contradictory_options_are_422_naming_the_option_and_the_rule(client, redis_conn):
    """Ultimate Railroads, KOMBINATIONEN UND SONDERFÄLLE: the Industrietableau replaces the
    industry strips, so a strip named with it is refused; nothing is stored."""
    def stored():
        return sorted(k for k in redis_conn.keys("*") if not k.startswith(b"LIMITS:"))     # not the rate limiter's
    before = stored()
    answer = client.post("/v1/games", json={"game": "ultimate-railroads", "players": [{"name": "a"}, {"name": "b"}],
                                            "options": {"board": "america", "strip": "america",
                                                        "industry_board": True}})
    body = assert_problem(answer, 422, CREATE)
    assert body["errors"][0]["field"] == "options.strip"
    assert "industry_board" in body["errors"][0]["message"] and "AMERIKA-INDUSTRIELEISTE" in body["errors"][0]["message"]
    assert stored() == before
