"""Player accounts (issue 13): one identity across games. A personal token acts for every
seat bound to its player; seats are bound at creation by player id or by taking an
invitation (or a quick game's seat token, which then stops working: issue 25); the inbox
lists every game in one request; revocation takes effect at once."""
from __future__ import annotations

import pytest

from service import players
from tests.api.helpers import Created, submit
from tests.api.test_errors import assert_problem

PLAYERS = ("/v1/players", "post")


@pytest.fixture(autouse=True)
def mail_sink(monkeypatch, tmp_path):
    """The sign-up's question goes to a sink of this test's own (the `work` fixture runs
    the mail queue)."""
    monkeypatch.setenv("MAIL_SINK_DIR", str(tmp_path / "mail"))


def sign_up(client, name: str = "Ada", email: str = "ada@player.test") -> tuple[dict, dict]:
    answer = client.post("/v1/players", json={"name": name, "email": email})
    assert answer.status_code == 201, answer.json
    return answer.json, {"Authorization": f"Bearer {answer.json['token']['token']}"}


def new_game(client, seats: list[dict], **headers) -> Created:
    """The game and the tokens its creator is shown (None for a seat shown none); a seat
    shown an invitation is taken without an account at once, its new token kept."""
    answer = client.post("/v1/games", json={"game": "pile", "players": seats, "seed": 7},
                         headers=headers)
    assert answer.status_code == 201, answer.json
    data = answer.json
    game = Created(data["id"], [s.get("token") for s in data["seats"]], data["admin_token"])
    for seat in data["seats"]:
        if "invitation" in seat:
            taken = client.post(f"/v1/games/{game.id}/invitations/accept",
                                json={"code": seat["invitation"]["code"]})
            assert taken.status_code == 200 and taken.json["seat"] == seat["seat"], taken.json
            game.tokens[seat["seat"]] = taken.json["token"]
    return game


def test_sign_up_shows_the_token_once_and_keeps_only_its_hash(client, redis_conn):
    player, auth = sign_up(client)
    assert player["token"]["token"].startswith("pbp_") and player["email_confirmed"] is False
    me = client.get("/v1/players/me", headers=auth)
    assert me.status_code == 200 and me.json["id"] == player["id"] and "token" not in me.json
    stored = b"".join(redis_conn.dump(k) for k in redis_conn.keys("*"))
    assert player["token"]["token"].encode() not in stored


def test_bad_fields_are_named_and_change_nothing(client, redis_conn):
    answer = client.post("/v1/players", json={"name": "x" * 61, "email": "not an address"})
    assert_problem(answer, 400, PLAYERS)
    assert {e["field"] for e in answer.json["errors"]} == {"name", "email"}
    assert not redis_conn.keys("player:*")


@pytest.mark.parametrize("name, email", [("Ada", "ada@player.test\n"), ("Ada\n", "ada@player.test")])
def test_a_field_breaking_its_declared_pattern_by_a_final_newline_is_refused(client, redis_conn,
                                                                             name, email):
    """Issue 29: the contract's patterns as ECMA-262 reads them (`$` is the end of the
    text; Python's re also matched before a final newline, and took the address)."""
    answer = client.post("/v1/players", json={"name": name, "email": email})
    assert_problem(answer, 400, PLAYERS)
    assert [e["field"] for e in answer.json["errors"]] == ["name" if name != "Ada" else "email"]
    assert not redis_conn.keys("player:*")


def test_more_tokens_are_bounded_listed_and_revoked_at_once(client):
    _player, auth = sign_up(client)
    made = [client.post("/v1/players/me/tokens", json={"label": f"bot {i}"}, headers=auth)
            for i in range(players.MAX_TOKENS)]
    assert [m.status_code for m in made] == [201] * (players.MAX_TOKENS - 1) + [409]
    listed = client.get("/v1/players/me/tokens", headers=auth).json["tokens"]
    assert len(listed) == players.MAX_TOKENS and all("token" not in t for t in listed)
    bot = made[0].json
    bot_auth = {"Authorization": f"Bearer {bot['token']}"}
    assert client.get("/v1/players/me", headers=bot_auth).status_code == 200
    assert client.delete(f"/v1/players/me/tokens/{bot['id']}", headers=auth).status_code == 204
    assert client.get("/v1/players/me", headers=bot_auth).status_code == 401
    assert client.delete(f"/v1/players/me/tokens/{bot['id']}", headers=auth).status_code == 404


def test_a_players_token_acts_for_its_seat_and_the_inbox_shows_every_game(client, work, game_state):
    """Also with the game state on a Redis Cluster (the inbox reads the games there)."""
    ada, ada_auth = sign_up(client)
    bert, bert_auth = sign_up(client, "Bert", "bert@player.test")
    first = new_game(client, [{"name": "Ada", "player": ada["id"]}, {"name": "x"}], **ada_auth)
    second = new_game(client, [{"name": "y"}, {"name": "Ada", "player": ada["id"]}], **ada_auth)
    assert client.get(f"/v1/games/{first.id}", headers=ada_auth).json["seat"] == 0
    # not Ada's seat: the player is a spectator there, and may not move for it
    assert client.get(f"/v1/games/{first.id}", headers=bert_auth).json["seat"] is None
    assert client.post(f"/v1/games/{first.id}/turns", headers=bert_auth, json={
        "expected_version": 0, "moves": [{"action": "pass"}]}).status_code == 403

    inbox = client.get("/v1/players/me/games?to_act=true", headers=ada_auth).json["games"]
    assert [(g["id"], g["seat"], g["to_act"]) for g in inbox] == [(first.id, 0, True)]
    answer = client.post(f"/v1/games/{first.id}/turns?wait=5", headers=ada_auth, json={
        "expected_version": 0, "moves": [{"action": "pass"}]})
    assert answer.status_code == 202
    work()
    assert client.get("/v1/players/me/games?to_act=true", headers=ada_auth).json["games"] == []
    submit(client, second, 0, [{"action": "pass"}], 0)      # the token of the invitation taken
    work()
    inbox = client.get("/v1/players/me/games", headers=ada_auth).json["games"]
    assert [(g["id"], g["to_act"]) for g in inbox] == [(second.id, True), (first.id, False)]
    assert client.get("/v1/players/me/games", headers=bert_auth).json["games"] == []


def test_binding_another_player_needs_an_api_key(client, api_key):
    ada, _ = sign_up(client)
    _bert, bert_auth = sign_up(client, "Bert", "bert@player.test")
    seats = [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"}]
    key = api_key()
    refused = client.post("/v1/games", json={"game": "pile", "players": seats}, headers=bert_auth)
    assert_problem(refused, 403, ("/v1/games", "post"))
    assert refused.json["errors"][0]["field"] == "players[0].player"
    assert client.post("/v1/games", json={"game": "pile", "players": seats},
                       headers=key).status_code == 201
    twice = client.post("/v1/games", json={"game": "pile", "players": [
        {"name": "a", "player": ada["id"]}, {"name": "b", "player": ada["id"]}]}, headers=key)
    assert_problem(twice, 400, ("/v1/games", "post"))
    unknown = client.post("/v1/games", json={"game": "pile", "players": [
        {"name": "a", "player": "0" * 16}, {"name": "b"}]}, headers=key)
    assert unknown.status_code == 422 and unknown.json["errors"][0]["field"] == "players[0].player"


def test_a_seat_token_handed_over_binds_the_seat_and_stops_working(client, game_state):
    """A quick game's seat token given to a player (issue 25: the creator's copy dies).
    Also with the game state on a Redis Cluster (the seat is bound in the game's meta there)."""
    ada, ada_auth = sign_up(client)
    _bert, bert_auth = sign_up(client, "Bert", "bert@player.test")
    game = new_game(client, [{"name": "x"}, {"name": "Ada"}])
    accept = "/v1/players/me/seats"
    wrong = client.post(accept, json={"game": game.id, "token": game.tokens[0] + "x"},
                        headers=ada_auth)
    assert wrong.status_code == 403 and wrong.json["errors"][0]["field"] == "token"
    answer = client.post(accept, json={"game": game.id, "token": game.tokens[1]}, headers=ada_auth)
    assert answer.status_code == 200 and answer.json["seat"] == 1 and "token" not in answer.json
    assert client.post(accept, json={"game": game.id, "token": game.tokens[1]},
                       headers=bert_auth).status_code == 403        # taken: the token is dead
    assert client.post(accept, json={"game": game.id, "token": game.tokens[0]},
                       headers=ada_auth).status_code == 409          # one seat per player
    assert client.get(f"/v1/games/{game.id}", headers=ada_auth).json["seat"] == 1
    assert client.get(f"/v1/games/{game.id}", headers=game.auth(1)).status_code == 401
    assert [g["id"] for g in client.get("/v1/players/me/games", headers=ada_auth).json["games"]] \
        == [game.id]


def test_sign_ups_are_rate_limited_per_client(redis_conn):
    from tests.api.test_rate_limits import assert_limited, service
    client = service(PBEM_LIMIT_PLAYERS="2 per minute")
    statuses = [client.post("/v1/players", json={"name": "a", "email": f"a{i}@p.test"}).status_code
                for i in range(3)]
    assert statuses == [201, 201, 429]
    assert_limited(client.post("/v1/players", json={"name": "a", "email": "b@p.test"}), PLAYERS)


def test_a_resume_from_before_the_kept_entries_starts_with_the_inbox_again(client, redis_conn):
    """The player's stream keeps its newest entries (service/feed.py): a Last-Event-ID
    older than all of them gets `inbox` (the state now) rather than a silent gap; one
    that is kept resumes right after it."""
    from service.feed import player_stream
    ada, auth = sign_up(client)
    new_game(client, [{"name": "Ada", "player": ada["id"]}, {"name": "x"}], **auth)
    started, your_turn = [i.decode() for i, _ in redis_conn.xrange(player_stream(ada["id"]))]

    def first_event(last_id: str) -> str:
        answer = client.get("/v1/players/me/events", headers={**auth, "Last-Event-ID": last_id},
                            buffered=False)
        chunks = iter(answer.response)
        next(chunks)                                            # retry:
        event = next(chunks)
        answer.close()
        return event.decode() if isinstance(event, bytes) else event

    resumed = first_event(started)
    assert resumed.startswith(f"id: {your_turn}\nevent: your-turn\n")
    redis_conn.xtrim(player_stream(ada["id"]), maxlen=1, approximate=False)      # as if `started` were trimmed
    again = first_event(started)
    assert again.startswith(f"id: {your_turn}\nevent: inbox\n"), again


def scoped_token(client, auth: dict, *scopes: str) -> dict:
    answer = client.post("/v1/players/me/tokens", json={"label": "bot", "scopes": list(scopes)},
                         headers=auth)
    assert answer.status_code == 201 and answer.json["scopes"] == list(scopes), answer.json
    return {"Authorization": f"Bearer {answer.json['token']}"}


def test_a_token_acts_within_the_scopes_chosen_at_its_creation(client, work):
    """Issue 29 (lichess's personal tokens): `read` reads, `play` plays, `account` holds
    the tokens and webhooks; a request beyond the token's scopes is 403 problem+json
    naming the scope it lacks, and changes nothing."""
    ada, auth = sign_up(client)
    assert client.get("/v1/players/me/tokens", headers=auth).json["tokens"][0]["scopes"] == \
        ["read", "play", "account"]
    game = new_game(client, [{"name": "Ada", "player": ada["id"]}, {"name": "Bo"}], **auth)
    reader, player, keeper = (scoped_token(client, auth, *s) for s in
                              (("read",), ("play",), ("account",)))
    assert client.get(f"/v1/games/{game.id}", headers=reader).json["seat"] == 0
    assert client.get("/v1/players/me/games", headers=reader).status_code == 200
    assert client.get(f"/v1/games/{game.id}/legal-moves", headers=reader).status_code == 200
    refused = submit(client, game, 0, [{"action": "pass"}], 0, **reader)
    assert_problem(refused, 403, ("/v1/games/{game_id}/turns", "post"))
    assert refused.json["type"].endswith("insufficient-scope") and refused.json["scope"] == "play"
    assert "'play'" in refused.json["detail"]
    for denied, path in ((player, "/v1/players/me/webhooks"), (reader, "/v1/players/me/tokens")):
        answer = client.post(path, json={"url": "https://example.org/"} if "hooks" in path
                             else {}, headers=denied)
        assert answer.status_code == 403 and answer.json["scope"] == "account", answer.json
    assert client.get(f"/v1/games/{game.id}", headers=player).json["scope"] == "read"
    assert submit(client, game, 0, [{"action": "pass"}], 0, **player).status_code == 202
    work()
    assert client.get(f"/v1/games/{game.id}", headers=auth).json["version"] == 1
    assert client.post("/v1/players/me/webhooks", json={"url": "http://127.0.0.1:9/"},
                       headers=keeper).status_code == 201
    assert client.get("/v1/players/me", headers=keeper).json["scope"] == "read"
    assert len(client.get("/v1/players/me/tokens", headers=keeper).json["tokens"]) == 4


def test_a_token_cannot_make_a_token_wider_than_itself(client):
    """Issue 29: an `account` token makes tokens of its scopes or fewer; the default is its
    own; asking more is 403 naming the scope, and no token is made."""
    _ada, auth = sign_up(client)
    keeper = scoped_token(client, auth, "read", "account")
    wider = client.post("/v1/players/me/tokens", json={"scopes": ["read", "play"]}, headers=keeper)
    assert_problem(wider, 403, ("/v1/players/me/tokens", "post"))
    assert wider.json["scope"] == "play" and wider.json["errors"][0]["field"] == "scopes"
    same = client.post("/v1/players/me/tokens", json={"label": "copy"}, headers=keeper)
    assert same.status_code == 201 and same.json["scopes"] == ["read", "account"]
    narrower = client.post("/v1/players/me/tokens", json={"scopes": ["read"]}, headers=keeper)
    assert narrower.json["scopes"] == ["read"]
    assert len(client.get("/v1/players/me/tokens", headers=auth).json["tokens"]) == 4
    bad = client.post("/v1/players/me/tokens", json={"scopes": ["admin"]}, headers=auth)
    assert_problem(bad, 400, ("/v1/players/me/tokens", "post"))
