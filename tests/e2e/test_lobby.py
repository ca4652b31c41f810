"""Open seats (issue 30, "Open seats and challenges") on real processes: `pbem serve`
(gunicorn, 2 workers x 32 threads) and `pbem worker` on the test Redis. A game created
with open seats is found at `GET /v1/games?open=true` (by game type and options, a page
at a time, showing a stranger nothing hidden), joined by three player accounts and
dealt only when the last joins; two accounts racing for the last seat: exactly one
gets it, the other 409, and the game is dealt once. A challenge declined by API opens
its seat to anyone."""
from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor

import requests

from service.feed import player_stream
from tests.e2e.test_seat_handover import sign_up, wait_for

BRASS = {"length": "introductory"}


def open_game(base: str, auth: dict, game: str = "brass-lancashire", seats: int = 3,
              options: dict | None = None) -> dict:
    created = requests.post(f"{base}/v1/games", headers=auth, timeout=10, json={
        "game": game, "players": [{"open": True}] * seats, "options": options or {}})
    assert created.status_code == 201, created.text
    assert created.json()["status"] == "waiting-for-players"
    assert all(s["open"] and "token" not in s and "invitation" not in s
               for s in created.json()["seats"])
    return created.json()


def listed(base: str, **query) -> list[dict]:
    """Every listed game the query finds, page after page (2 a page)."""
    found, cursor = [], None
    while True:
        page = requests.get(f"{base}/v1/games", timeout=10, params={
            "open": "true", "limit": 2, **query, **({"cursor": cursor} if cursor else {})})
        assert page.status_code == 200, page.text
        found += page.json()["games"]
        if (cursor := page.json()["next"]) is None:
            return found


def events(conn, player_id: str) -> list[dict]:
    return [json.loads(fields[b"event"]) for _, fields in conn.xrange(player_stream(player_id))]


def test_an_open_game_is_found_joined_by_three_accounts_and_dealt_only_then(service, redis_conn_e2e):
    base = service.base
    host, host_auth = sign_up(base, "host")
    brass = open_game(base, host_auth, options=BRASS)
    full = open_game(base, host_auth, options={"length": "full"})
    other = open_game(base, host_auth, game="pile", seats=2)
    assert [g["id"] for g in listed(base)] == [brass["id"], full["id"], other["id"]]  # oldest first
    assert [g["id"] for g in listed(base, game="brass-lancashire")] == [brass["id"], full["id"]]
    found = listed(base, game="brass-lancashire", option="length:introductory")
    assert [g["id"] for g in found] == [brass["id"]] and found[0]["open_seats"] == [0, 1, 2]
    assert [g["id"] for g in listed(base, option="length:full")] == [full["id"]]
    everything = json.dumps(listed(base))
    assert "token" not in everything and "@" not in everything and host["id"] not in everything

    page = requests.get(f"{base}/games/{brass['id']}", timeout=10).text
    assert "Open seat 1 (open), Open seat 2 (open), Open seat 3 (open)" in page
    joiners = [sign_up(base, name) for name in ("ada", "bert", "cleo")]
    url = f"{base}/v1/games/{brass['id']}"
    for seat, (player, auth) in enumerate(joiners):
        game = requests.get(url, timeout=10).json()
        assert game["status"] == "waiting-for-players" and game["fairness"] is None
        assert game["view"] == {"public": {}, "private": {}}
        joined = requests.post(f"{url}/seats/{seat}/join", headers=auth, timeout=10)
        assert joined.status_code == 200, joined.text
        assert joined.json()["name"] == player["name"]
        last = seat == len(joiners) - 1
        assert joined.json()["status"] == ("active" if last else "waiting-for-players")
        if not last:
            refused = requests.post(f"{url}/turns", headers=auth, timeout=10,
                                    json={"expected_version": 0, "moves": [{"action": "pass"}]})
            assert refused.status_code == 409 and refused.json()["status_now"] == "waiting-for-players"
    game = requests.get(url, timeout=10).json()
    assert game["status"] == "active" and game["players"] == ["ada", "bert", "cleo"]
    assert game["fairness"]["commitment"]
    assert brass["id"] not in [g["id"] for g in listed(base)]        # no seat open: unlisted
    for seat, (player, auth) in enumerate(joiners):
        assert wait_for(lambda player=player: [e for e in events(redis_conn_e2e, player["id"])
                                 if e["type"] == "game-started" and e["game"] == brass["id"]])
        mine = requests.get(url, headers=auth, timeout=10).json()
        assert mine["seat"] == seat and mine["view"]["private"]         # its own hand, dealt
    late = sign_up(base, "dan")[1]
    again = requests.post(f"{url}/seats/0/join", headers=late, timeout=10)
    assert again.status_code == 409 and again.json()["type"].endswith("/seat-not-open")


def test_two_accounts_racing_for_the_last_seat_one_gets_it_the_other_409(service):
    """Eight rounds: the last seat of a fresh game asked for by two accounts at the same
    moment (a barrier), on two gunicorn processes."""
    base = service.base
    host_auth = sign_up(base, "racehost")[1]
    for round_ in range(8):
        game = open_game(base, host_auth, game="pile", seats=2)
        url = f"{base}/v1/games/{game['id']}"
        first = sign_up(base, f"first{round_}")[1]
        assert requests.post(f"{url}/seats/0/join", headers=first, timeout=10).status_code == 200
        racers = [sign_up(base, f"racer{round_}x{i}") for i in range(2)]
        start = threading.Barrier(len(racers))

        def race(auth: dict, start=start, url=url) -> requests.Response:
            start.wait()
            return requests.post(f"{url}/seats/1/join", headers=auth, timeout=10)
        with ThreadPoolExecutor(len(racers)) as pool:
            answers = list(pool.map(race, [auth for _, auth in racers]))
        codes = sorted(a.status_code for a in answers)
        assert codes == [200, 409], [a.text for a in answers]
        won = next(a for a in answers if a.status_code == 200).json()
        lost = next(a for a in answers if a.status_code == 409).json()
        assert won["status"] == "active" and lost["type"].endswith("/seat-not-open")
        winner = next(p for (p, _), a in zip(racers, answers) if a.status_code == 200)
        dealt = requests.get(url, timeout=10).json()
        assert dealt["players"][1] == winner["name"] and dealt["version"] == 0


def test_a_declined_challenge_opens_its_seat_to_anyone(service, redis_conn_e2e):
    base = service.base
    ada, ada_auth = sign_up(base, "challenger")
    bert, bert_auth = sign_up(base, "challenged")
    created = requests.post(f"{base}/v1/games", headers=ada_auth, timeout=10, json={
        "game": "pile", "players": [{"name": "Ada", "player": ada["id"]},
                                    {"challenge": bert["id"]}]})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    assert created.json()["seats"][1] == {"seat": 1, "name": "challenged", "challenged": bert["id"]}
    assert game_id not in [g["id"] for g in listed(base)]           # reserved: not listed
    assert "Ada (taken), challenged (challenged)" in requests.get(f"{base}/games/{game_id}",
                                                                  timeout=10).text
    mine = requests.get(f"{base}/v1/players/me/challenges", headers=bert_auth, timeout=10).json()
    assert [(c["id"], c["seat"], c["challenger"]) for c in mine["challenges"]] == [
        (game_id, 1, "challenger")]
    assert [e["type"] for e in events(redis_conn_e2e, bert["id"])] == ["challenge"]

    declined = requests.post(f"{base}/v1/players/me/challenges/{game_id}/decline",
                             headers=bert_auth, timeout=10)
    assert declined.status_code == 200 and declined.json()["open"], declined.text
    assert requests.get(f"{base}/v1/players/me/challenges", headers=bert_auth,
                        timeout=10).json() == {"challenges": []}
    again = requests.post(f"{base}/v1/players/me/challenges/{game_id}/accept",
                          headers=bert_auth, timeout=10)
    assert again.status_code == 404 and again.json()["type"].endswith("/no-challenge")
    told = wait_for(lambda: [e for e in events(redis_conn_e2e, ada["id"])
                             if e["type"] == "challenge-declined"])
    assert told[0]["declined_seat"] == 1 and told[0]["seat"] == 0
    assert [g["open_seats"] for g in listed(base) if g["id"] == game_id] == [[1]]
    cleo_auth = sign_up(base, "stranger")[1]
    joined = requests.post(f"{base}/v1/games/{game_id}/seats/1/join", headers=cleo_auth, timeout=10)
    assert joined.status_code == 200 and joined.json()["status"] == "active", joined.text
