"""Issue 10: a version's legal moves are enumerated once per process and seat; the
answer cache never hands one seat's moves to another and moves on with the version
and the status."""
from __future__ import annotations

import gc
import json

from service.api import games
from service.games.registry import game_type
from tests.api.helpers import a_game, submit


def counted(monkeypatch) -> list[int]:
    """Count the engine's enumerations (the real engine still answers)."""
    engine = game_type("pile").engine
    calls, real = [], engine.legal_moves
    monkeypatch.setattr(engine, "legal_moves", lambda *a: calls.append(1) or real(*a))
    return calls


def test_a_second_get_at_the_same_version_costs_no_enumeration(client, monkeypatch, work):
    calls = counted(monkeypatch)
    game = a_game(client)
    url = f"/v1/games/{game.id}/legal-moves"
    first = client.get(url, headers=game.auth(0)).json
    assert client.get(url, headers=game.auth(0)).json == first and len(calls) == 1
    tree = client.get(url + "?format=tree", headers=game.auth(0)).json
    spent = len(calls)                      # another query, another answer (and its effects)
    assert spent > 1 and client.get(url + "?format=tree", headers=game.auth(0)).json == tree
    assert len(calls) == spent
    submit(client, game, 0, [{"action": "pass"}], 0)
    work()
    assert client.get(url, headers=game.auth(0)).json["version"] == 1
    assert len(calls) == spent + 1


def test_seats_never_share_an_answer(client):
    game = a_game(client)
    url = f"/v1/games/{game.id}/legal-moves"
    to_act = client.get(url, headers=game.auth(0)).json
    other = client.get(url, headers=game.auth(1)).json
    assert to_act["moves"] and other == {"version": 0, "game": "pile", "moves": [], "notation": []}
    assert client.get(url).status_code == 401                # a spectator gets no answer


def test_a_paused_game_answers_no_moves_at_the_same_version(client):
    game = a_game(client)
    url = f"/v1/games/{game.id}/legal-moves"
    assert client.get(url, headers=game.auth(0)).json["moves"]
    client.post(f"/v1/games/{game.id}/status", json={"status": "paused"},
                headers={"Authorization": f"Bearer {game.admin}"})
    assert client.get(url, headers=game.auth(0)).json["moves"] == []


def test_the_cache_keeps_at_most_max_answers():
    answers = games.Answers()
    for i in range(games.MAX_ANSWERS + 5):
        answers.keep(i, {"i": i})
    assert len(answers) == games.MAX_ANSWERS and answers.get(0) is None
    assert answers.get(games.MAX_ANSWERS + 4) == {"i": games.MAX_ANSWERS + 4}


def test_an_answer_is_kept_encoded_out_of_the_collectors_sight(client):
    """A kept answer is its body, one object the garbage collector does not track (a
    Brass answer as dicts: some 400 objects each full collection walked)."""
    game = a_game(client)
    url = f"/v1/games/{game.id}/legal-moves"
    shown = client.get(url, headers=game.auth(0))
    kept = [body for key, body in games.ANSWERS.items() if key[0] == game.id]
    assert kept == [shown.get_data()] and not gc.is_tracked(kept[0])
    assert json.loads(kept[0])["moves"] and shown.mimetype == "application/json"
