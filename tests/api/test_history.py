"""History and rematch (issue 30, "History"): a player's finished games with results and
ranks (`GET /v1/players/{id}/games?status=finished`), a summary per game type (played,
won, average rank), and the rematch of a finished game: the same players and options, a
new seed, one call, each seat invited again."""
from __future__ import annotations

from service.history import rank
from tests.api.test_players import new_game, sign_up


def played_out(client, work, game_id: str, auths: list[dict]) -> dict:
    """The pile game played out: both seats pass (each with its headers in `auths`)."""
    for seat, auth in enumerate(auths):
        answer = client.post(f"/v1/games/{game_id}/turns", headers=auth,
                             json={"expected_version": seat, "moves": [{"action": "pass"}]})
        assert answer.status_code == 202, answer.json
        work()
    return client.get(f"/v1/games/{game_id}").json


def test_a_rank_counts_the_seats_ranked_before_so_tied_winners_both_rank_first():
    result = {"ranking": [[2, 0], [1], [3]]}
    assert [rank(result, seat) for seat in range(4)] == [1, 3, 1, 4]


def play(client, work, game_id: str, auths: list[dict], moves: list[dict | None]) -> dict:
    """The moves, in turn from seat 0 on (each seat with its headers in `auths`); None:
    the mover's first legal move (its lowest card)."""
    for version, move in enumerate(moves):
        auth = auths[version % 2]
        if move is None:
            move = client.get(f"/v1/games/{game_id}/legal-moves", headers=auth).json["moves"][0]
        answer = client.post(f"/v1/games/{game_id}/turns", headers=auth,
                             json={"expected_version": version, "moves": [move]})
        assert answer.status_code == 202, answer.json
        work()
    return client.get(f"/v1/games/{game_id}").json


def test_finished_games_list_results_ranks_and_a_summary_per_game_type(client, work):
    """Ada wins one game, loses one, resigns one (the bot plays her seat to its end), and
    has one running: three listed, the running one not."""
    ada, ada_auth = sign_up(client)
    bert, bert_auth = sign_up(client, "Bert", "bert@player.test")
    games = [new_game(client, [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"}], **ada_auth)
             for _ in range(4)]
    won, lost, resigned, running = games
    passing = {"action": "pass"}
    assert play(client, work, won.id, [ada_auth, won.auth(1)],
                [None, passing, passing])["result"]["ranking"] == [[0], [1]]
    assert play(client, work, lost.id, [ada_auth, lost.auth(1)],
                [passing, None, passing, passing])["result"]["ranking"] == [[1], [0]]
    assert client.post(f"/v1/games/{resigned.id}/resign", headers=ada_auth).status_code == 200
    work()                                          # the bot's move for Ada
    for _ in range(60):
        state = client.get(f"/v1/games/{resigned.id}").json
        if state["status"] == "finished":
            break
        client.post(f"/v1/games/{resigned.id}/turns", headers=resigned.auth(1),
                    json={"expected_version": state["version"], "moves": [passing]})
        work()
    assert state["status"] == "finished"

    listed = client.get(f"/v1/players/{ada['id']}/games?status=finished")   # anyone may read it
    assert listed.status_code == 200
    body = listed.json
    by_id = {g["id"]: g for g in body["games"]}
    assert set(by_id) == {won.id, lost.id, resigned.id} and running.id not in by_id
    assert [g["id"] for g in body["games"]] == [resigned.id, lost.id, won.id]   # newest first
    assert (by_id[won.id]["rank"], by_id[lost.id]["rank"]) == (1, 2)
    assert [g["resigned"] for g in body["games"]] == [True, False, False]
    for entry in body["games"]:
        result = client.get(f"/v1/games/{entry['id']}").json["result"]
        assert entry["result"] == result and entry["seat"] == 0
        assert entry["score"] == result["scores"][0] and entry["rank"] == rank(result, 0)
    ranks = [g["rank"] for g in body["games"]]
    assert body["summary"] == [{"game": "pile", "played": 3, "won": ranks.count(1),
                                "average_rank": round(sum(ranks) / 3, 3), "abandoned": 0}]
    assert client.get(f"/v1/players/{bert['id']}/games?status=finished").json["games"] == []
    refused = client.get(f"/v1/players/{ada['id']}/games?status=active")
    assert refused.status_code == 400 and refused.json["errors"][0]["field"] == "status"


def test_a_rematch_seats_the_same_players_with_the_same_options_and_a_new_deal(client, work,
                                                                             redis_conn):
    ada, ada_auth = sign_up(client)
    bert, bert_auth = sign_up(client, "Bert", "bert@player.test")
    created = client.post("/v1/games", headers=ada_auth, json={
        "game": "pile", "players": [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"}],
        "options": {"hand": 4}}).json
    code = created["seats"][1]["invitation"]["code"]
    assert client.post(f"/v1/games/{created['id']}/invitations/accept", json={"code": code},
                       headers=bert_auth).status_code == 200
    first = created["id"]
    early = client.post(f"/v1/games/{first}/rematch", headers=ada_auth)
    assert early.status_code == 409 and early.json["status_now"] == "active"
    old = played_out(client, work, first, [ada_auth, bert_auth])
    assert old["status"] == "finished"

    answer = client.post(f"/v1/games/{first}/rematch", headers=bert_auth)     # one call
    assert answer.status_code == 201, answer.json
    rematch = answer.json
    assert rematch["rematch_of"] == first and rematch["status"] == "waiting-for-players"
    assert rematch["options"] == old["options"] and rematch["options"]["hand"] == 4
    assert [s["name"] for s in rematch["seats"]] == ["Ada", "Bert"]
    assert rematch["seats"][1]["held_by"] == "player"                  # the caller, bound
    invitation = rematch["seats"][0]["invitation"]["code"]             # Ada invited again
    stream = redis_conn.xrange(f"player:{ada['id']}:events")
    invited = [e for _, e in stream if b'"rematch"' in e[b"event"]]
    assert len(invited) == 1 and invitation.encode() in invited[0][b"event"]
    taken = client.post(f"/v1/games/{rematch['id']}/invitations/accept",
                        json={"code": invitation}, headers=ada_auth)
    assert taken.status_code == 200 and taken.json["status"] == "active"
    new = played_out(client, work, rematch["id"], [ada_auth, bert_auth])
    assert new["status"] == "finished" and new["players"] == old["players"]
    assert new["fairness"]["seed"] != old["fairness"]["seed"]          # a deal of its own
