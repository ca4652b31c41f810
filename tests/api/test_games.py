"""Games and turns over the Flask app, resolved by a real rq worker on a real Redis."""
from __future__ import annotations

import json

import pytest

from tests.api.helpers import a_game, submit


def test_game_types_list_player_counts_and_options_with_defaults(client):
    types = {t["id"]: t for t in client.get("/v1/game-types").json["game_types"]}
    pile = types["pile"]
    assert (pile["min_players"], pile["max_players"]) == (2, 4)
    assert pile["options"][0] == {"name": "hand", "default": 3, "description": "cards in hand",
                                  "minimum": 1, "maximum": 4}


def test_create_answers_201_with_location_seats_and_tokens(client, api_key):
    answer = client.post("/v1/games", json={"game": "pile", "players": [
        {"name": "Ada", "email": "ada@example.org"}, {"name": "Bo"}], "seed": 3}, headers=api_key())
    assert answer.status_code == 201
    body = answer.json
    assert answer.headers["Location"] == f"/v1/games/{body['id']}"
    assert [s["name"] for s in body["seats"]] == ["Ada", "Bo"] and body["version"] == 0
    assert body["options"] == {"hand": 3, "delay": 0}


def test_tokens_are_stored_only_hashed(client, redis_conn):
    game = a_game(client)
    everything = b"".join(redis_conn.get(k) or b"" for k in redis_conn.keys("*")
                          if redis_conn.type(k) == b"string")
    for token in game.tokens + [game.admin]:
        assert token.encode() not in everything


def test_view_is_the_bearers_and_the_spectator_sees_no_hand(client):
    game = a_game(client)
    mine = client.get(f"/v1/games/{game.id}", headers=game.auth(0))
    spectator = client.get(f"/v1/games/{game.id}")
    assert len(mine.json["view"]["private"]["hand"]) == 3 and mine.json["seat"] == 0
    assert spectator.json["view"]["private"] == {} and spectator.json["seat"] is None
    assert mine.json["view"]["public"] == spectator.json["view"]["public"]
    assert mine.headers["ETag"] != spectator.headers["ETag"]


def test_etag_gives_304_until_the_version_or_status_moves(client, work):
    game = a_game(client)
    url = f"/v1/games/{game.id}"
    first = client.get(url).headers["ETag"]
    assert client.get(url, headers={"If-None-Match": first}).status_code == 304
    submit(client, game, 0, [{"action": "pass"}], 0)
    work()
    answer = client.get(url, headers={"If-None-Match": first})
    assert answer.status_code == 200 and answer.headers["ETag"] != first
    second = answer.headers["ETag"]
    client.post(f"{url}/status", json={"status": "paused"},
                headers={"Authorization": f"Bearer {game.admin}"})
    answer = client.get(url, headers={"If-None-Match": second})
    assert answer.status_code == 200 and answer.json["status"] == "paused"
    assert "Authorization" in answer.headers["Vary"]


def test_each_viewer_has_its_own_etag(client):
    """Issue 11, finding 7: the body differs per seat, so must the tag: one viewer's
    tag never answers 304 to another (a shared cache would serve the wrong hand)."""
    game = a_game(client, players=3)
    url = f"/v1/games/{game.id}"
    viewers = [{}, game.auth(0), game.auth(1), game.auth(2)]
    tags = [client.get(url, headers=v).headers["ETag"] for v in viewers]
    assert len(set(tags)) == 4
    for i, viewer in enumerate(viewers):
        for j, tag in enumerate(tags):
            answer = client.get(url, headers={**viewer, "If-None-Match": tag})
            assert answer.status_code == (304 if i == j else 200)
            if i != j:
                assert answer.json["view"] == client.get(url, headers=viewer).json["view"]


@pytest.mark.parametrize("header", ["W/{tag}", "*", '"nope", W/{tag}', '"a", {tag}, "b"',
                                    '  W/{tag} '])
def test_if_none_match_compares_weakly_and_takes_a_list_or_a_star(client, header):
    """Issue 11, finding 7: RFC 9110 13.1.2 — If-None-Match uses the weak comparison
    (W/"x" matches "x"), takes a list, and "*" matches any current view."""
    game = a_game(client)
    url = f"/v1/games/{game.id}"
    tag = client.get(url, headers=game.auth(1)).headers["ETag"]
    answer = client.get(url, headers={**game.auth(1), "If-None-Match": header.format(tag=tag)})
    assert answer.status_code == 304 and answer.data == b""
    assert answer.headers["ETag"] == tag


def test_if_none_match_of_another_version_or_garbage_gives_the_body(client):
    game = a_game(client)
    url = f"/v1/games/{game.id}"
    for header in ('"7-active-spectator"', 'W/"0-paused-spectator"', '"nope"', "W/"):
        assert client.get(url, headers={"If-None-Match": header}).status_code == 200


def test_turn_is_queued_then_applied_and_the_version_rises(client, work):
    game = a_game(client)
    card = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(0)).json["moves"][0]
    answer = submit(client, game, 0, [card], 0)
    assert answer.status_code == 202 and answer.json["status"] == "queued"
    location = answer.headers["Location"]
    assert location == f"/v1/games/{game.id}/turns/{answer.json['id']}"
    work()
    assert client.get(location, headers=game.auth(0)).json["status"] == "applied"
    assert client.get(location, headers=game.auth(0)).json["version"] == 1
    state = client.get(f"/v1/games/{game.id}").json
    assert state["version"] == 1 and state["to_act"] == [1]


def test_another_seats_turn_is_answered_like_no_turn(client, work):
    """Turn ids are predictable (version and seat): a seat asking for another seat's
    turn, refused or applied, gets the same 404 as for a turn never made."""
    game = a_game(client)
    refused = submit(client, game, 0, [{"action": "play", "card": 99}], 0).headers["Location"]
    work()
    never = refused.rsplit("/", 1)[0] + "/" + "f" * 16
    answers = [client.get(url, headers=game.auth(1)) for url in (refused, never)]
    assert [a.status_code for a in answers] == [404, 404]
    details = {a.json["detail"].replace(url.rsplit("/", 1)[1], "ID")
               for a, url in zip(answers, (refused, never))}
    assert len(details) == 1
    assert client.get(refused, headers=game.auth(0)).json["status"] == "rejected"


def test_several_moves_apply_in_order_all_or_nothing(client, work, redis_conn):
    game = a_game(client, players=2)
    hand = client.get(f"/v1/games/{game.id}", headers=game.auth(0)).json["view"]["private"]["hand"]
    bad = submit(client, game, 0, [{"action": "play", "card": hand[0]},
                                   {"action": "play", "card": hand[1]}], 0)
    work()
    turn = client.get(bad.headers["Location"], headers=game.auth(0)).json
    assert turn["status"] == "rejected" and turn["rule"] == "order of play"
    assert turn["field"] == "moves[1]"
    assert client.get(f"/v1/games/{game.id}").json["version"] == 0
    assert redis_conn.llen(f"game:{{{game.id}}}:log") == 0


def test_illegal_move_is_rejected_naming_the_rule_and_the_options(client, work):
    game = a_game(client)
    answer = submit(client, game, 0, [{"action": "play", "card": 99}], 0)
    work()
    turn = client.get(answer.headers["Location"], headers=game.auth(0)).json
    assert turn["status"] == "rejected" and turn["rule"] == "play a card"
    assert {"action": "pass"} in turn["options"]
    assert client.get(f"/v1/games/{game.id}").json["version"] == 0


def test_idempotent_repeat_returns_the_same_turn(client, work):
    game = a_game(client)
    first = submit(client, game, 0, [{"action": "pass"}], 0, **{"Idempotency-Key": "abc"})
    work()
    again = submit(client, game, 0, [{"action": "pass"}], 0, **{"Idempotency-Key": "abc"})
    assert again.json["id"] == first.json["id"] and again.json["status"] == "applied"
    assert client.get(f"/v1/games/{game.id}").json["version"] == 1


def test_log_is_redacted_for_the_callers_seat(client, work):
    game = a_game(client)
    card = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(0)).json["moves"][0]
    submit(client, game, 0, [card], 0)
    work()
    own = client.get(f"/v1/games/{game.id}/log", headers=game.auth(0)).json["entries"][0]
    other = client.get(f"/v1/games/{game.id}/log", headers=game.auth(1)).json["entries"][0]
    spectator = client.get(f"/v1/games/{game.id}/log?since=0").json["entries"][0]
    assert [e["type"] for e in own["events"]] == ["played", "drew"]
    assert [e["type"] for e in other["events"]] == ["played"] == \
        [e["type"] for e in spectator["events"]]
    assert own["notation"] == f"play {card['card']}"
    assert client.get(f"/v1/games/{game.id}/log?since=1").json["entries"] == []
    # the turn's id only for the mover: a second id at a version tells of a first turn
    assert "turn" in own and "turn" not in other and "turn" not in spectator


def test_legal_moves_are_empty_for_a_seat_not_to_act(client):
    game = a_game(client)
    answer = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(1)).json
    assert answer == {"version": 0, "game": "pile", "moves": [], "notation": []}


def test_wait_holds_the_answer_until_resolved_or_times_out(client):
    game = a_game(client)
    answer = client.post(f"/v1/games/{game.id}/turns?wait=0.2", headers=game.auth(0),
                         json={"expected_version": 0, "moves": [{"action": "pass"}]})
    assert answer.status_code == 202 and answer.json["status"] == "queued"


def test_a_waiting_submission_reads_no_turn_back_before_it_waits(client, monkeypatch):
    """Issue 10: the game's channel is subscribed before the turn is queued, so the turn
    just queued needs no first look (a round trip of every waiting submission)."""
    from service.store import Store
    game, looks = a_game(client), []
    real = Store.turn
    monkeypatch.setattr(Store, "turn", lambda *a: looks.append(a[2]) or real(*a))
    answer = client.post(f"/v1/games/{game.id}/turns?wait=0.2", headers=game.auth(0),
                         json={"expected_version": 0, "moves": [{"action": "pass"}]})
    assert answer.status_code == 202 and looks == []


def test_a_turn_resolved_as_soon_as_it_is_queued_is_answered_applied(client, monkeypatch,
                                                                     redis_conn):
    """Its resolution is published before the submission waits: the subscription made
    before the turn was queued catches it."""
    from service.api import turns
    from service.play import resolve_turn
    from service.store import Store
    monkeypatch.setattr(turns, "enqueuer", lambda conn: lambda game_id, turn_id: resolve_turn(
        Store(redis_conn), game_id, turn_id))
    game = a_game(client)
    answer = client.post(f"/v1/games/{game.id}/turns?wait=5", headers=game.auth(0),
                         json={"expected_version": 0, "moves": [{"action": "pass"}]})
    assert answer.status_code == 200 and answer.json["status"] == "applied"


def test_docs_and_contract_are_served_without_outside_assets(client):
    page = client.get("/docs")
    assert page.status_code == 200 and b"submitTurn" in page.data
    assert b"<script" not in page.data and b"http://" not in page.data.replace(b"http://127", b"")
    contract = client.get("/v1/openapi.yaml")
    assert contract.status_code == 200 and contract.data.startswith(b"openapi: 3.1")


def test_health_and_readiness(client, redis_conn):
    assert client.get("/v1/health").json == {"status": "ok"}
    ready = client.get("/v1/ready")
    assert ready.status_code == 503 and ready.json["redis"] is True
    assert ready.json["workers"] == {"turns": 0, "mail": 0}
    assert [m.split(" (")[0] for m in ready.json["missing"]] == [
        "a live worker on the turns queue", "a live worker on the mail queue"]


def test_snapshot_json_has_no_token_or_seed_in_any_view(client):
    game = a_game(client, seed=123456789)
    text = json.dumps(client.get(f"/v1/games/{game.id}", headers=game.auth(0)).json)
    assert "123456789" not in text and game.tokens[0] not in text


def test_a_game_is_created_even_when_its_invitations_cannot_be_queued(client, monkeypatch):
    """The tokens are shown only in this answer: a failed enqueue must not lose them."""
    import redis

    from service.api import games

    def queue_down(*_args):
        raise redis.ConnectionError("mail queue unreachable")
    monkeypatch.setattr(games, "notify", queue_down)
    answer = client.post("/v1/games", json={"game": "pile", "players": [{"name": "a"},
                                            {"name": "b"}]})
    assert answer.status_code == 201 and len(answer.json["seats"]) == 2
