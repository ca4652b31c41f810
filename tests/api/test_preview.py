"""Issue 15, "a dry run before committing": POST /preview takes a turn's body, applies
its moves to a copy as a worker would and answers the view, the entries and the next
legal moves, or the refusal a turn would get; it stores nothing."""
from __future__ import annotations

from tests.api.helpers import a_game, preview, submit


def stored(redis_conn, game_id: str) -> dict:
    """Every key of the game and its value, as Redis dumps it."""
    return {k: redis_conn.dump(k) for k in redis_conn.scan_iter(f"game:{{{game_id}}}*")}


def test_a_two_action_brass_turn_is_checked_before_it_is_submitted(client, work, redis_conn):
    """Brass, SPIELZUG: from the second round on a turn is two actions; the preview of
    the first names the second's legal moves, and the two together are judged whole."""
    game = a_game(client, game="brass-lancashire", seed=5)
    for version in (0, 1):               # round 1: one action each
        seat = client.get(f"/v1/games/{game.id}").json["to_act"][0]
        move = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(seat)).json
        submit(client, game, seat, [move["moves"][0]], version)
        work()
    seat = client.get(f"/v1/games/{game.id}").json["to_act"][0]
    first = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(seat)).json[
        "moves"][-1]
    before, log = stored(redis_conn, game.id), client.get(f"/v1/games/{game.id}/log").json

    one = preview(client, game, seat, [first], 2)
    assert one.status_code == 200 and one.json["status"] == "playable", one.json
    assert one.json["version"] == 3 and one.json["to_act"] == [seat]
    assert one.json["hidden_draws_are_guesses"] is True     # the refill is dealt anew
    assert [e["move"] for e in one.json["entries"]] == [first]
    second = one.json["legal_moves"][0]
    both = preview(client, game, seat, [first, second], 2).json
    assert both["status"] == "playable" and both["version"] == 4
    assert both["to_act"] != [seat] and both["legal_moves"] == []
    assert both["view"] != one.json["view"]
    wrong = preview(client, game, seat, [first, {"action": "build", "location": "nowhere"}], 2)
    assert wrong.json["status"] == "rejected" and wrong.json["field"].startswith("moves[1]")

    assert stored(redis_conn, game.id) == before
    assert client.get(f"/v1/games/{game.id}/log").json == log
    assert client.get(f"/v1/games/{game.id}").json["version"] == 2


def test_preview_is_refused_as_a_turn_would_be(client):
    game = a_game(client)
    assert preview(client, game, 1, [{"action": "pass"}], 0).status_code == 403
    assert preview(client, game, 0, [{"action": "pass"}], 3).status_code == 409
