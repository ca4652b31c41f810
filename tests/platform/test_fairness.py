"""Issue 11, finding 2: provably fair randomness. The server draws the seed (a seed a
client sends is mixed with server randomness unless the server is configured for
development), publishes its SHA-256 commitment at once and the seed when the game
ends; anyone can then check the commitment and replay setup + log."""
from __future__ import annotations

import hashlib
import json
import random

import pytest

from service import cli, play
from service.games.registry import game_type
from service.queues import TURNS
from service.store import Store, key, packed_finished, unpacked
from tests.api.helpers import a_game, submit
from tests.conftest import BurstWorker
from tests.games.harness import canonical

BRASS = game_type("brass-lancashire")
OPTIONS = {"length": "introductory"}


def dealt(seed: int, seats: int = 2) -> list[list[str]]:
    """The hands `setup(seed)` deals outside the server."""
    state = BRASS.engine.setup(BRASS.resolve_options(OPTIONS), seats, seed)
    return [sorted(hand) for hand in state.hands]


def play_out(client, redis_conn, game) -> dict:
    """Each seat to act plays its first legal move over HTTP, resolved by an rq worker,
    until the game ends; returns the spectator's last GET."""
    while (body := client.get(f"/v1/games/{game.id}").json)["status"] != "finished":
        seat = body["to_act"][0]
        moves = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(seat)).json
        assert submit(client, game, seat, [moves["moves"][0]], moves["version"]).status_code == 202
        BurstWorker([TURNS], connection=redis_conn).work(burst=True)
    return body


def hand(client, game, seat: int) -> list[str]:
    body = client.get(f"/v1/games/{game.id}", headers=game.auth(seat)).json
    return body["view"]["private"]["hand"]


def test_a_client_seed_in_production_foretells_no_card(client, redis_conn, monkeypatch, capsys):
    monkeypatch.setenv("PBEM_DEVELOPMENT", "0")
    game = a_game(client, seed=2024, game="brass-lancashire", options=OPTIONS)
    start = client.get(f"/v1/games/{game.id}").json
    fair = start["fairness"]
    assert fair["seed"] is None and fair["salt"] is None and fair["seed_chosen_by_client"] is False
    assert len(fair["commitment"]) == 64
    hands = [hand(client, game, seat) for seat in (0, 1)]
    assert hands != dealt(2024) and hands[0] != dealt(2024)[0]

    final = play_out(client, redis_conn, game)
    assert final["status"] == "finished"
    fair = final["fairness"]
    # what any player can do with the published seed and salt:
    published = f"{fair['seed']}:{fair['salt']}".encode()
    assert hashlib.sha256(published).hexdigest() == fair["commitment"]
    seed = int(fair["seed"])
    assert dealt(seed) == hands, "the published seed deals the hands the players held"
    state = BRASS.engine.setup(BRASS.resolve_options(final["options"]), 2, seed)
    for entry in client.get(f"/v1/games/{game.id}/log").json["entries"]:
        state, _ = BRASS.engine.apply(state, entry["seat"], entry["move"])
    assert BRASS.engine.view(state, None) == final["view"]
    # a finished game keeps no state (issue 18): the one it reads is replayed the same way
    replayed = play.load_game(Store(redis_conn), game.id).state
    assert canonical(BRASS.engine.dump(state)) == canonical(BRASS.engine.dump(replayed))

    with pytest.raises(SystemExit) as exited:
        cli.main(["admin", "verify", game.id])
    report = json.loads(capsys.readouterr().out)
    assert exited.value.code == 0 and report["commitment_kept"] and report["equal_to_stored"]


def test_admin_verify_refuses_a_seed_that_breaks_its_commitment(client, redis_conn, capsys):
    game = a_game(client, seed=3)
    play_out(client, redis_conn, game)
    final = unpacked(redis_conn.get(key(game.id, "final")))     # a finished game's one key
    final["meta"]["fairness"]["salt"] = "0" * 32
    redis_conn.set(key(game.id, "final"), packed_finished(final))
    with pytest.raises(SystemExit) as exited:
        cli.main(["admin", "verify", game.id])
    assert exited.value.code == 1
    assert json.loads(capsys.readouterr().out)["commitment_kept"] is False


def test_a_development_server_uses_the_seed_as_given_and_says_so(client, monkeypatch):
    monkeypatch.setenv("PBEM_DEVELOPMENT", "1")
    game = a_game(client, seed=2024, game="brass-lancashire", options=OPTIONS)
    assert [hand(client, game, seat) for seat in (0, 1)] == dealt(2024)
    for token in (None, game.tokens[1]):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        body = client.get(f"/v1/games/{game.id}", headers=headers).json
        fair = body["fairness"]
        assert fair["seed_chosen_by_client"] is True and fair["seed"] is None


def test_without_a_client_seed_the_server_draws_one(client):
    bodies = [client.post("/v1/games", json={"game": "brass-lancashire", "options": OPTIONS,
                                             "players": [{"name": "a"}, {"name": "b"}]}).json
              for _ in range(2)]
    hands = [client.get(f"/v1/games/{b['id']}", headers={
        "Authorization": f"Bearer {b['seats'][0]['token']}"}).json["view"]["private"]["hand"]
        for b in bodies]
    assert hands[0] != hands[1]
    fair = client.get(f"/v1/games/{bodies[0]['id']}").json["fairness"]
    assert fair["seed_chosen_by_client"] is False and fair["commitment"]


def test_a_finished_games_log_is_whole_for_anyone_to_replay(redis_conn):
    """Once the seed is public it tells every card anyway: a finished game's log shows
    what was redacted while it ran (an end-game card taken face down), so a spectator
    can replay it."""
    store = Store(redis_conn)
    record, _tokens, _admin = play.create_game(
        store, "ultimate-railroads", [{"name": "a"}, {"name": "b"}], None, 15)
    chooser, game = random.Random(15), play.load_game(store, record.id)
    while game.snapshot.status == "active":
        seat = game.snapshot.to_act[0]
        move = chooser.choice(game.type.engine.legal_moves(game.state, seat))
        turn, _ = play.submit_turn(store, lambda *job: None, record.id, seat,
                                   game.snapshot.version, [move], game=game)
        assert play.resolve_turn(store, record.id, turn["id"])["status"] == "applied"
        game = play.load_game(store, record.id)
    shown = play.redacted_log(store, game, None, 0)
    assert [e["move"] for e in shown] == [e["move"] for e in store.log(record.id)]
    assert any(e["move"]["action"] == "end_card" and e["move"]["card"] != "none" for e in shown)
