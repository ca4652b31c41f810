"""Leaving a game but for resigning (issue 30, "Leaving"), against real processes
(`pbem serve`, `pbem worker` on the test Redis, mail through the worker's sink and the
inbound hook): a seat handed to a replacement by invitation (the old holder's credentials
die, the new one plays, the log and the events say who took whose seat), and the vote to
end a game (recorded as abandoned: the game, its history, the game-over mail, and
`pbem admin verify` still equal; a refusal and a move each cancel a proposal). None of the
four rulebooks says how a game ends early or how a player is replaced (searched for
abbrechen, vorzeitig, Ersatz, ersetzen): both are the platform's, outside the rules."""
from __future__ import annotations

import json
import subprocess
import sys

import redis
import requests

from service.mail import consent
from tests.conftest import TEST_REDIS_URL
from tests.e2e.client import Table
from tests.e2e.conftest import ENV, ROOT
from tests.e2e.test_seat_handover import (SERVER_ENV, bearer, mails_to, play, reply,  # noqa: F401
                                          sign_up, wait_for)
from tests.e2e.webhook_game import stream_of


def a_table_of_players(base: str, names: list[str]) -> tuple[str, list[dict], list[dict]]:
    """A pile game created by the first player, every other seat taken by its player's
    invitation: (game id, players, their auths), each address confirmed."""
    conn = redis.Redis.from_url(TEST_REDIS_URL)
    accounts = [sign_up(base, name) for name in names]
    for player, _auth in accounts:
        conn.sadd(consent.CONFIRMED, consent.normal(player["email"]))
    first, first_auth = accounts[0]
    created = requests.post(f"{base}/v1/games", headers=first_auth, json={
        "game": "pile", "seed": 11, "players": [{"name": names[0].title(), "player": first["id"]}]
        + [{"name": name.title()} for name in names[1:]]})
    assert created.status_code == 201, created.text
    game = created.json()
    for seat, (_player, auth) in enumerate(accounts[1:], start=1):
        taken = requests.post(f"{base}/v1/players/me/seats", headers=auth, json={
            "game": game["id"], "token": game["seats"][seat]["invitation"]["code"]})
        assert taken.status_code == 200, taken.text
    return game["id"], [p for p, _ in accounts], [a for _, a in accounts]


def test_a_replacement_takes_the_seat_and_every_old_credential_dies(service):
    base = service.base
    game_id, (ada, _bea, _cy), (ada_auth, bea_auth, cy_auth) = \
        a_table_of_players(base, ["ada", "bea", "cy"])
    bob, bob_auth = sign_up(base, "bob")
    url = f"{base}/v1/games/{game_id}"
    play(base, game_id, ada_auth, 0)

    refused = requests.post(f"{url}/seats/0/replacement", headers=bea_auth)   # not her seat
    assert refused.status_code == 403, refused.text
    invited = requests.post(f"{url}/seats/0/replacement", headers=ada_auth)
    assert invited.status_code == 201, invited.text
    code = invited.json()["invitation"]["code"]
    taken = requests.post(f"{base}/v1/players/me/seats", headers=bob_auth,
                          json={"game": game_id, "token": code})
    assert taken.status_code == 200, taken.text
    assert taken.json()["taken_over"]["text"] == "bob took over Ada's seat"

    assert requests.get(url, headers=ada_auth).json()["seat"] is None      # a spectator now
    assert requests.get(f"{url}/legal-moves", headers=ada_auth).status_code == 403
    late = requests.post(f"{url}/turns", headers=ada_auth,
                         json={"expected_version": 1, "moves": [{"action": "pass"}]})
    assert late.status_code == 403
    assert game_id not in [g["id"] for g in requests.get(
        f"{base}/v1/players/me/games", headers=ada_auth).json()["games"]]
    assert requests.post(f"{base}/v1/players/me/seats", headers=cy_auth,
                         json={"game": game_id, "token": code}).status_code == 403  # taken once

    play(base, game_id, bea_auth, 1)
    play(base, game_id, cy_auth, 2)
    played = play(base, game_id, bob_auth, 3)                # the replacement plays seat 0
    assert played["version"] == 4
    log = requests.get(f"{url}/log").json()
    assert [(c["seat"], c["version"], c["text"]) for c in log["seat_changes"]] == \
        [(0, 1, "bob took over Ada's seat")]
    assert [e["seat"] for e in log["entries"]] == [0, 1, 2, 0]
    told = [e for e in stream_of(bob["id"]) if e["type"] == "seat-taken-over"]
    assert told and told[0]["taken_over"]["text"] == "bob took over Ada's seat"
    assert not [e for e in stream_of(ada["id"]) if e["type"] == "seat-taken-over"]
    mailed = wait_for(lambda: [m for m in mails_to("cy@player.test")
                               if "took over" in m.get_body(("plain",)).get_content()])
    assert "bob took over Ada's seat" in mailed[0].get_body(("plain",)).get_content()


def test_a_seat_token_handed_to_a_replacement_without_an_account_dies(service):
    table = Table(service.base, "pile", 2, seed=3)
    invited = requests.post(f"{table.url}/seats/1/replacement", headers=table.auth(1))
    assert invited.status_code == 201, invited.text
    taken = requests.post(f"{table.url}/invitations/accept",
                          json={"code": invited.json()["invitation"]["code"], "name": "Dan"})
    assert taken.status_code == 200 and taken.json()["taken_over"]["by"] == "Dan", taken.text
    assert requests.get(table.url, headers=table.auth(1)).status_code == 401
    table.tokens[1] = taken.json()["token"]
    assert table.submit(0, [{"action": "pass"}], 0).status_code == 200
    assert table.submit(1, [{"action": "pass"}], 1).status_code == 200


def verify(game_id: str) -> dict:
    """`pbem admin verify ID`: the snapshot rebuilt from setup and log against the stored one."""
    done = subprocess.run([sys.executable, "-m", "service.cli", "admin", "verify", game_id],
                          env=ENV, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def test_every_remaining_seat_agrees_and_the_game_is_recorded_as_abandoned(service):
    """Ada proposes by the API, Bea agrees by the API, Cy by a mail reply `end agree`."""
    base = service.base
    game_id, (ada, _bea, cy), (ada_auth, bea_auth, cy_auth) = \
        a_table_of_players(base, ["ada", "bea", "cy"])
    url = f"{base}/v1/games/{game_id}"
    play(base, game_id, ada_auth, 0)
    proposed = requests.post(f"{url}/end-votes", headers=ada_auth, json={"vote": "end"})
    assert proposed.status_code == 200, proposed.text
    assert proposed.json()["outcome"] == "end-proposed"
    assert proposed.json()["end_vote"]["waiting_for"] == [1, 2]
    twice = requests.post(f"{url}/end-votes", headers=ada_auth, json={"vote": "end"})
    assert twice.status_code == 409
    agreed = requests.post(f"{url}/end-votes", headers=bea_auth, json={"vote": "end"})
    assert agreed.json()["outcome"] == "end-agreed" and agreed.json()["status"] == "active"
    assert requests.get(f"{url}/end-votes").json()["end_vote"]["waiting_for"] == [2]

    asked = wait_for(lambda: [m for m in mails_to(cy["email"])
                              if "end agree" in m.get_body(("plain",)).get_content()])
    reply(base, cy["email"], str(asked[0]["Reply-To"]), "end agree")
    over = wait_for(lambda: (shown := requests.get(url, headers=cy_auth).json())["status"]
                    == "finished" and shown)
    assert over["result"] == {"abandoned": True, "version": 1, "agreed": [0, 1, 2]}
    assert over["view"]["public"] and over["version"] == 1               # the final view
    history = requests.get(f"{base}/v1/players/{ada['id']}/games?status=finished").json()
    assert [(g["id"], g["abandoned"], g["rank"], g["score"]) for g in history["games"]] == \
        [(game_id, True, None, None)]
    assert history["summary"] == [{"game": "pile", "played": 1, "won": 0, "average_rank": None,
                                   "abandoned": 1}]
    game_over = wait_for(lambda: [m for m in mails_to(ada["email"])
                                  if "abandoned" in m.get_body(("plain",)).get_content()
                                  and "Game over" in m.get_body(("plain",)).get_content()])
    assert "Ada, Bea, Cy agreed" in game_over[0].get_body(("plain",)).get_content()
    report = verify(game_id)
    assert report["equal_to_stored"] and report["commitment_kept"]
    late = requests.post(f"{url}/end-votes", headers=bea_auth, json={"vote": "end"})
    assert late.status_code == 409 and late.json()["status_now"] == "finished"


def test_a_refusal_and_a_move_each_cancel_a_proposal(service):
    table = Table(service.base, "pile", 3, seed=5)
    votes = f"{table.url}/end-votes"
    assert requests.post(votes, headers=table.auth(0), json={"vote": "end"}).status_code == 200
    refused = requests.post(votes, headers=table.auth(1), json={"vote": "refuse"})
    assert refused.status_code == 200, refused.text
    assert (refused.json()["outcome"], refused.json()["end_vote"]) == ("end-refused", None)
    assert requests.get(votes).json()["end_vote"] is None
    again = requests.post(votes, headers=table.auth(2), json={"vote": "end"})
    assert again.json()["outcome"] == "end-proposed"             # a new proposal, not an agreement
    assert table.submit(0, [{"action": "pass"}], 0).status_code == 200   # a move cancels it
    assert requests.get(votes).json()["end_vote"] is None
    nothing = requests.post(votes, headers=table.auth(1), json={"vote": "refuse"})
    assert nothing.status_code == 409
    assert table.state()["status"] == "active" and table.state()["result"] is None
