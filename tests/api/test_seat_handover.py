"""A seat is held by its player alone (issue 25, point 1). A game created by a player or
with an API key shows its creator no seat held by someone else and a single-use
invitation for every other seat, and is dealt only when the last is taken; a quick
game's seat token handed over stops working at every door (API, page session, signed
link) the moment it is taken."""
from __future__ import annotations

import json
import re

import pytest

from service import fairness, seat_links, seating
from service.games.registry import game_type
from service.mail.config import page_key
from service.store import Store
from tests.api.helpers import a_game
from tests.api.test_errors import assert_problem
from tests.api.test_players import sign_up


@pytest.fixture(autouse=True)
def mail_sink(monkeypatch, tmp_path):
    monkeypatch.setenv("MAIL_SINK_DIR", str(tmp_path / "mail"))


def invited_game(client, auth: dict, players: list[dict], seed: int = 7) -> dict:
    answer = client.post("/v1/games", json={"game": "pile", "players": players, "seed": seed},
                         headers=auth)
    assert answer.status_code == 201, answer.json
    return answer.json


def take(client, game_id: str, code: str, **headers):
    return client.post(f"/v1/games/{game_id}/invitations/accept", json={"code": code},
                       headers=headers)


def test_a_players_game_shows_its_creator_its_own_seat_and_invitations_only(client):
    ada, auth = sign_up(client)
    game = invited_game(client, auth, [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"},
                                       {"bot": True}])
    assert game["status"] == "waiting-for-players"
    own, bert, bot = game["seats"]
    assert own == {"seat": 0, "name": "Ada", "held_by": "player"}
    assert bot == {"seat": 2, "name": "Bot 3", "held_by": "bot", "bot": True}
    assert set(bert) == {"seat", "name", "invitation"}
    assert bert["invitation"]["code"].startswith(seating.INVITATION_PREFIX)
    assert bert["invitation"]["url"].endswith(
        f"/games/{game['id']}/invitation/{bert['invitation']['code']}")


def test_a_game_waiting_for_its_players_shows_no_deal_and_takes_no_turn(client, redis_conn):
    ada, auth = sign_up(client)
    game = invited_game(client, auth, [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"}])
    url = f"/v1/games/{game['id']}"
    shown = client.get(url, headers=auth).json
    assert (shown["status"], shown["seat"], shown["view"], shown["fairness"]) == \
        ("waiting-for-players", 0, {"public": {}, "private": {}}, None)
    turn = client.post(f"{url}/turns", json={"expected_version": 0, "moves": [{"action": "pass"}]},
                       headers=auth)
    assert_problem(turn, 409, ("/v1/games/{game_id}/turns", "post"))
    assert turn.json["status_now"] == "waiting-for-players" and "invitation" in turn.json["detail"]
    preview = client.post(f"{url}/preview", json={"expected_version": 0,
                                                  "moves": [{"action": "pass"}]}, headers=auth)
    assert preview.status_code == 409
    for form in ("flat", "tree"):
        legal = client.get(f"{url}/legal-moves?format={form}", headers=auth)
        assert legal.status_code == 200 and not legal.json.get("moves") and not legal.json.get("tree")
    admin = {"Authorization": f"Bearer {game['admin_token']}"}
    paused = client.post(f"{url}/status", json={"status": "active"}, headers=admin)
    assert paused.status_code == 409 and paused.json["status_now"] == "waiting-for-players"
    assert client.get(url).json["status"] == "waiting-for-players"
    assert not redis_conn.keys("*turn:*")


def test_the_cards_are_dealt_and_the_seed_committed_when_the_last_seat_is_taken(client):
    ada, auth = sign_up(client)
    _bert, bert_auth = sign_up(client, "Bert", "bert@player.test")
    game = invited_game(client, auth, [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"},
                                       {"name": "Cy"}], seed=11)
    url = f"/v1/games/{game['id']}"
    first = client.post("/v1/players/me/seats", json={
        "game": game["id"], "token": game["seats"][1]["invitation"]["code"]}, headers=bert_auth)
    assert first.status_code == 200, first.json
    assert (first.json["seat"], first.json["status"]) == (1, "waiting-for-players")
    assert "token" not in first.json                    # Bert's own token acts for it
    assert client.get(url).json["fairness"] is None     # nothing dealt, nothing committed
    last = take(client, game["id"], game["seats"][2]["invitation"]["code"])
    assert last.status_code == 200 and last.json["status"] == "active"
    cy = {"Authorization": f"Bearer {last.json['token']}"}
    dealt = client.get(url, headers=cy).json
    assert dealt["status"] == "active" and dealt["seat"] == 2 and dealt["to_act"] == [0]
    commitment = dealt["fairness"]["commitment"]
    assert re.fullmatch(r"[0-9a-f]{64}", commitment)
    # the seed asked for (a development server uses it as given) was kept for the deal
    assert dealt["fairness"]["seed_chosen_by_client"] is True
    setup = game_type("pile").engine.setup(dealt["options"], 3, 11)
    assert dealt["view"]["private"]["hand"] == setup["hands"][2]
    assert client.get(url, headers=bert_auth).json["view"]["private"]["hand"] == setup["hands"][1]
    assert client.post(f"{url}/turns", json={"expected_version": 0, "moves": [{"action": "pass"}]},
                       headers=auth).status_code == 202


def test_a_seed_is_drawn_only_at_the_deal(client, redis_conn, monkeypatch):
    """Created on a production server (PBEM_DEVELOPMENT unset): nothing of the deal is
    stored before the last seat is taken, so re-creating a game tells its creator nothing."""
    monkeypatch.delenv(fairness.DEVELOPMENT)
    ada, auth = sign_up(client)
    game = invited_game(client, auth, [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"}])
    record = Store(redis_conn).game(game["id"])
    assert (record.seed, record.fairness) == (0, {}) and Store(redis_conn).snapshot(game["id"]).state is None
    assert take(client, game["id"], game["seats"][1]["invitation"]["code"]).status_code == 200
    record = Store(redis_conn).game(game["id"])
    assert fairness.keeps_commitment(record.seed, record.fairness)
    assert record.fairness["seed_chosen_by_client"] is False


def test_an_invitation_is_taken_once(client):
    ada, auth = sign_up(client)
    _bert, bert_auth = sign_up(client, "Bert", "bert@player.test")
    game = invited_game(client, auth, [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"},
                                       {"name": "Cy"}])
    code = game["seats"][1]["invitation"]["code"]
    assert take(client, game["id"], code).status_code == 200
    again = take(client, game["id"], code)
    assert_problem(again, 403, ("/v1/games/{game_id}/invitations/accept", "post"))
    assert again.json["errors"][0]["field"] == "token"
    assert client.post("/v1/players/me/seats", json={"game": game["id"], "token": code},
                       headers=bert_auth).status_code == 403
    assert client.get(f"/v1/games/{game['id']}").json["status"] == "waiting-for-players"


def test_an_api_key_game_shows_no_credential_of_a_seat_held_by_a_player_or_an_address(
        client, api_key):
    ada, _ = sign_up(client)
    game = invited_game(client, api_key(), [{"name": "Ada", "player": ada["id"]},
                                            {"name": "Bo", "email": "bo@player.test"}])
    assert [s.get("held_by") for s in game["seats"]] == ["player", "email"]
    assert game["status"] == "active" and not any("token" in s for s in game["seats"])


def test_the_creators_copy_of_a_handed_over_seat_is_refused_at_every_door(client, app, redis_conn,
                                                                         work):
    """A quick game: the creator keeps seat 1's token, a page session signed in with it
    and the seat's signed link; Bert takes the seat with the token (issue 25's finding:
    the creator's copy read Bert's hand and moved for him)."""
    game = a_game(client, players=3)
    _bert, bert_auth = sign_up(client, "Bert", "bert@player.test")
    url, old = f"/v1/games/{game.id}", game.auth(1)
    assert client.post(f"{url}/turns", json={"expected_version": 0, "moves": [
        {"action": "pass"}]}, headers=game.auth(0)).status_code == 202
    work()
    turn = client.post(f"{url}/turns", json={"expected_version": 1, "moves": [{"action": "pass"}]},
                       headers=old).json["id"]
    work()
    creator = app.test_client()                         # signed in to seat 1 with its token
    csrf = re.search(r'name="csrf" value="([^"]+)"', creator.get(f"/games/{game.id}").text).group(1)
    assert creator.post(f"/games/{game.id}/sign-in", data={"token": game.tokens[1],
                                                           "csrf": csrf}).status_code == 303
    assert creator.get(f"/games/{game.id}/seat").status_code == 200
    link = seat_links.seat_link_path(page_key(redis_conn), Store(redis_conn).game(game.id), 1)

    taken = client.post("/v1/players/me/seats", json={"game": game.id, "token": game.tokens[1]},
                        headers=bert_auth)
    assert taken.status_code == 200 and taken.json["seat"] == 1

    doors = [("get", url, {}), ("get", f"{url}?after_version=9&wait=1", {}),
             ("get", f"{url}/legal-moves", {}), ("get", f"{url}/legal-moves?format=tree", {}),
             ("get", f"{url}/log", {}), ("get", f"{url}/events", {}),
             ("get", f"{url}/turns/{turn}", {}), ("get", f"{url}/seats/1/mail", {}),
             ("put", f"{url}/seats/1/mail", {"json": {"muted": True}}),
             ("post", f"{url}/turns", {"json": {"expected_version": 2, "moves": [{"action": "pass"}]}}),
             ("post", f"{url}/preview", {"json": {"expected_version": 2, "moves": [{"action": "pass"}]}}),
             ("post", f"{url}/status", {"json": {"status": "paused"}})]
    for method, path, extra in doors:
        answer = getattr(client, method)(path, headers=old, **extra)
        assert answer.status_code == 401, (method, path, answer.status_code)
        assert answer.content_type == "application/problem+json"
    assert creator.get(url).status_code == 401                      # the page session on the API
    assert creator.get(f"/games/{game.id}/seat").status_code == 401  # and on the page,
    assert creator.get(url).json["seat"] is None                    # which forgot the seat
    assert app.test_client().get(link).status_code == 401          # the link signed before
    assert client.get(url, headers=bert_auth).json["seat"] == 1     # the seat is Bert's
    bert_link = seat_links.seat_link_path(page_key(redis_conn), Store(redis_conn).game(game.id), 1)
    assert app.test_client().get(bert_link).status_code == 303


def test_an_invitation_page_takes_the_seat_in_a_browser(client, app, redis_conn):
    ada, auth = sign_up(client)
    game = invited_game(client, auth, [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"}])
    path = game["seats"][1]["invitation"]["url"].split("localhost", 1)[1]
    browser = app.test_client()
    page = browser.get(path)
    assert page.status_code == 200 and "Take the seat" in page.text and ">Bert<" in page.text
    assert Store(redis_conn).snapshot(game["id"]).status == "waiting-for-players"   # a GET takes nothing
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
    taken = browser.post(path, data={"csrf": csrf})
    assert taken.status_code == 200
    token = re.search(r'id="seat-token">([^<]+)<', taken.text).group(1)
    assert client.get(f"/v1/games/{game['id']}", headers={
        "Authorization": f"Bearer {token}"}).json["seat"] == 1
    assert browser.get(f"/games/{game['id']}/seat").status_code == 200
    assert browser.post(path, data={"csrf": csrf}).status_code == 403      # once only
    assert browser.get(path).status_code == 403


def test_the_players_hear_of_the_game_when_it_is_dealt(client, redis_conn):
    """Nothing is announced while the game waits (no `game-started` of a game without a
    board); the deal tells its players it started and whose turn it is."""
    from service.feed import player_stream
    ada, auth = sign_up(client)
    game = invited_game(client, auth, [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"}])
    assert redis_conn.xrange(player_stream(ada["id"])) == []
    assert take(client, game["id"], game["seats"][1]["invitation"]["code"]).status_code == 200
    told = [json.loads(fields[b"event"]) for _, fields in redis_conn.xrange(player_stream(ada["id"]))]
    assert [(e["type"], e["status"]) for e in told] == [("game-started", "active"), ("your-turn", "active")]
