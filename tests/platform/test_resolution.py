"""Resolution and storage: compare-and-set commits, at-least-once jobs, sweeping,
rebuilding a snapshot from setup + log, and games pinned to their engine version."""
from __future__ import annotations

import json

import pytest

from service import play, problems
from service.games.registry import game_type
from service.store import Store, key
from tests.api.helpers import a_game, submit
from workers import resolve
from workers.queues import enqueuer


@pytest.fixture
def store(redis_conn):
    return Store(redis_conn)


def new_game(store, players=2, seed=5):
    record, tokens, _ = play.create_game(store, "pile", [{"name": f"p{i}"} for i in range(players)],
                                         None, seed)
    return record.id


def queued(store, game_id, moves, version=0, seat=0):
    turn, _ = play.submit_turn(store, lambda *_: None, game_id, seat, version, moves)
    return turn["id"]


def test_resolve_turn_twice_applies_once(store):
    game_id = new_game(store)
    turn_id = queued(store, game_id, [{"action": "pass"}])
    assert resolve.resolve_turn(game_id, turn_id) == "applied"
    assert resolve.resolve_turn(game_id, turn_id) == "applied"
    assert store.snapshot(game_id).version == 1 and len(store.log(game_id)) == 1


def test_two_turns_for_one_version_one_applies_the_other_is_rejected_stale(store):
    game_id = new_game(store)
    first = queued(store, game_id, [{"action": "pass"}])
    second = queued(store, game_id, [{"action": "pass"}])
    assert resolve.resolve_turn(game_id, second) == "applied"
    assert resolve.resolve_turn(game_id, first) == "rejected"
    assert store.turn(game_id, first)["rule"] == "expected_version"
    assert store.snapshot(game_id).version == 1 and len(store.log(game_id)) == 1


def test_commit_refuses_when_the_snapshot_moved_between_read_and_write(store):
    """The re-check at commit: a snapshot read at version 0 cannot be committed over 1."""
    game_id = new_game(store)
    first = queued(store, game_id, [{"action": "pass"}])
    second = queued(store, game_id, [{"action": "pass"}])
    stale = store.snapshot(game_id)
    resolve.resolve_turn(game_id, first)
    from service.store import VersionMoved
    with pytest.raises(VersionMoved):
        store.commit(game_id, second, stale, stale, [{"version": 1}], {"status": "applied"})
    assert len(store.log(game_id)) == 1 and store.turn(game_id, second)["status"] == "queued"


def test_sweep_reowes_a_turn_whose_job_was_lost(store, redis_conn, work):
    game_id = new_game(store)
    turn_id = queued(store, game_id, [{"action": "pass"}])      # no job was enqueued
    assert store.turn(game_id, turn_id)["status"] == "queued"
    assert resolve.sweep(redis_conn, older_than=0.0) == 1
    work()
    assert store.turn(game_id, turn_id)["status"] == "applied"
    assert store.pending_turns(older_than=1e12) == []


def test_enqueue_does_not_duplicate_a_waiting_job(redis_conn):
    from workers.queues import TURNS, queue
    enqueue = enqueuer(redis_conn)
    enqueue("g", "t")
    enqueue("g", "t")
    assert queue(redis_conn, TURNS).count == 1


def play_out(client, work, game):
    while True:
        state = client.get(f"/v1/games/{game.id}").json
        if state["status"] == "finished":
            return state
        seat = state["to_act"][0]
        move = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(seat)).json
        submit(client, game, seat, [move["moves"][0]], move["version"])
        work()


def test_rebuilt_snapshot_equals_the_stored_one(client, work, store):
    game = a_game(client, players=3, seed=11)
    final = play_out(client, work, game)
    assert final["result"]["ranking"]
    rebuilt = play.rebuild(store, game.id)
    assert rebuilt.to_json() == store.snapshot(game.id).to_json()


def test_admin_rebuild_command_reports_equal(client, work, capsys):
    from service import cli
    game = a_game(client, seed=2)
    play_out(client, work, game)
    with pytest.raises(SystemExit) as exited:
        cli.main(["admin", "rebuild", game.id])
    assert exited.value.code == 0
    assert json.loads(capsys.readouterr().out)["equal_to_stored"] is True


def test_game_is_pinned_to_the_engine_version_it_started_with(store, redis_conn):
    game_id = new_game(store)
    meta = json.loads(redis_conn.get(key(game_id, "meta")))
    meta["engine_version"] = "0-older"
    redis_conn.set(key(game_id, "meta"), json.dumps(meta))
    with pytest.raises(problems.EnginePinned) as refused:
        play.load_game(store, game_id)
    assert "0-older" in refused.value.detail and game_type("pile").engine_version in \
        refused.value.detail


def test_keys_of_a_game_share_one_hash_tag(client, work, redis_conn):
    game = a_game(client)
    submit(client, game, 0, [{"action": "pass"}], 0, **{"Idempotency-Key": "x"})
    work()
    game_keys = [k.decode() for k in redis_conn.keys("game:*")]
    assert len(game_keys) >= 4
    assert all(k.startswith(f"game:{{{game.id}}}:") for k in game_keys)


def test_an_engine_crash_rejects_the_turn_and_changes_nothing(store, monkeypatch):
    """A deterministic engine bug would fail every retry: the turn is rejected at once."""
    game_id = new_game(store)
    turn_id = queued(store, game_id, [{"action": "pass"}])
    engine = game_type("pile").engine

    def crash(*_):
        raise KeyError("bug")
    monkeypatch.setattr(engine, "apply", crash)
    assert resolve.resolve_turn(game_id, turn_id) == "rejected"
    assert store.turn(game_id, turn_id)["rule"] == "engine error"
    assert store.snapshot(game_id).version == 0 and store.log(game_id) == []
