"""Issue 29: every answer of a whole game played through the API, and of the requests
around it (accounts, tokens, seats, webhooks, the game's status, the meta routes,
OPTIONS and a method a path does not take), matches openapi.yaml, headers included
(tests/api/contract_answers.py checks each as it comes; test_error_coverage.py checks
every documented error the same way)."""
from __future__ import annotations

import pytest

from tests.api.contract_answers import ContractClient
from tests.api.helpers import a_game, preview, submit

GAME_TYPES = ("brass-lancashire", "age-of-industry", "industry", "ultimate-railroads")


@pytest.fixture
def checked(app):
    app.test_client_class = ContractClient
    return app.test_client()


def read_everything(client, game, seat: int) -> dict:
    url = f"/v1/games/{game.id}"
    state = client.get(url, headers=game.auth(seat)).json
    tag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    client.get(f"{url}/log")
    client.get(f"{url}/log?since=1")
    if state["status"] == "active":
        client.get(f"{url}/legal-moves", headers=game.auth(seat))
        client.get(f"{url}/legal-moves?format=tree", headers=game.auth(seat))
    return state


def test_every_answer_of_a_whole_game_matches_the_contract(checked, work):
    client = checked
    for path in ("/v1/health", "/v1/game-types", "/v1/ready"):
        client.get(path)
    ada = client.post("/v1/players", json={"name": "Ada", "email": "ada@p.test"}).json
    auth = {"Authorization": f"Bearer {ada['token']['token']}"}
    client.get("/v1/players/me", headers=auth)
    second = client.post("/v1/players/me/tokens", json={"label": "bot"}, headers=auth).json
    client.get("/v1/players/me/tokens", headers=auth)
    client.delete(f"/v1/players/me/tokens/{second['id']}", headers=auth)
    hook = client.post("/v1/players/me/webhooks", json={"url": "http://127.0.0.1:9/hook"},
                       headers=auth).json
    client.get("/v1/players/me/webhooks", headers=auth)
    client.patch(f"/v1/players/me/webhooks/{hook['id']}", json={"enabled": False}, headers=auth)
    game = a_game(client)
    admin = {"Authorization": f"Bearer {game.admin}"}
    client.post("/v1/players/me/seats", json={"game": game.id, "token": game.tokens[1]},
                headers=auth)
    game.tokens[1] = ada["token"]["token"]
    client.get("/v1/players/me/games?to_act=true", headers=auth)
    game_hook = client.post(f"/v1/games/{game.id}/webhooks", json={
        "url": "http://127.0.0.1:9/hook", "events": ["your-turn"]}, headers=admin).json
    client.get(f"/v1/games/{game.id}/webhooks", headers=admin)
    client.post(f"/v1/games/{game.id}/status", json={"status": "paused"}, headers=admin)
    client.post(f"/v1/games/{game.id}/status", json={"status": "active"}, headers=admin)
    state, turns = read_everything(client, game, 0), []
    while state["status"] != "finished":
        seat = state["to_act"][0]
        legal = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(seat)).json
        move = legal["moves"][-2:][:1]       # the highest card (the last is to pass)
        turn = submit(client, game, seat, move, legal["version"]).json
        if not turns:                        # once: a preview, a turn rejected as stale
            preview(client, game, seat, move, legal["version"])
            submit(client, game, seat, move, legal["version"])
        work()
        turns.append(client.get(f"/v1/games/{game.id}/turns/{turn['id']}", headers=game.auth(seat)))
        state = client.get(f"/v1/games/{game.id}", headers=game.auth(1 - seat)).json
    read_everything(client, game, 0)
    assert state["version"] == len(turns) >= 4
    client.patch(f"/v1/players/me/webhooks/{hook['id']}", json={"enabled": True}, headers=auth)
    client.get(f"/v1/players/me/webhooks/{hook['id']}/deliveries", headers=auth)
    client.get(f"/v1/games/{game.id}/webhooks/{game_hook['id']}/deliveries", headers=admin)
    client.delete(f"/v1/games/{game.id}/webhooks/{game_hook['id']}", headers=admin)
    client.delete(f"/v1/players/me/webhooks/{hook['id']}", headers=auth)
    for path in ("/v1/health", f"/v1/games/{game.id}", f"/v1/games/{game.id}/turns"):
        client.options(path)
        client.open(path, method="TRACE")
    client.get("/v1/no-such-thing")
    statuses = {(method, status) for method, _, status in client.checked}
    assert {("GET", 200), ("GET", 304), ("POST", 201), ("POST", 202),
            ("PATCH", 200), ("DELETE", 204), ("OPTIONS", 204), ("TRACE", 405)} <= statuses


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_every_answer_of_each_games_first_turn_matches_the_contract(checked, work, game_type):
    """The four games' views, legal moves (flat and as a tree), a turn and its record."""
    client = checked
    game = a_game(client, players=3, game=game_type)
    state = read_everything(client, game, 0)
    seat = state["to_act"][0]
    legal = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(seat)).json
    turn = submit(client, game, seat, legal["moves"][:1], legal["version"]).json
    work()
    client.get(f"/v1/games/{game.id}/turns/{turn['id']}", headers=game.auth(seat))
    read_everything(client, game, seat)


def test_every_answer_of_open_seats_and_challenges_matches_the_contract(checked, work):
    """Issue 30: a game with an open seat and a challenge, listed, joined, its challenge
    listed, one declined and then joined, the game's mail settings read and changed."""
    client = checked
    people = [client.post("/v1/players", json={"name": name, "email": f"{name}@p.test"}).json
              for name in ("ada", "bert", "cleo", "dan")]
    auths = [{"Authorization": f"Bearer {p['token']['token']}"} for p in people]
    created = client.post("/v1/games", headers=auths[0], json={"game": "pile", "players": [
        {"name": "Ada", "player": people[0]["id"]}, {"open": True},
        {"challenge": people[2]["id"]}]}).json
    client.get("/v1/games?open=true&game=pile&option=hand:3&limit=5")
    assert client.post(f"/v1/games/{created['id']}/seats/1/join", headers=auths[1]).status_code == 200
    assert client.get("/v1/players/me/challenges", headers=auths[2]).json["challenges"]
    client.post(f"/v1/players/me/challenges/{created['id']}/decline", headers=auths[2])
    client.get("/v1/games?open=true")
    taken = client.post(f"/v1/games/{created['id']}/seats/2/join", headers=auths[3])
    assert taken.json["status"] == "active"
    again = client.post("/v1/games", headers=auths[0], json={"game": "pile", "players": [
        {"name": "Ada", "player": people[0]["id"]}, {"challenge": people[1]["id"]}]}).json
    accepted = client.post(f"/v1/players/me/challenges/{again['id']}/accept", headers=auths[1])
    assert accepted.json["status"] == "active"
    mail = f"/v1/games/{created['id']}/seats/1/mail"
    client.put(mail, json={"messages": "own_mail"}, headers=auths[1])
    assert client.get(mail, headers=auths[1]).json["messages"] == "own_mail"
    work()
