"""Resolution and storage: compare-and-set commits, at-least-once jobs, sweeping,
rebuilding a snapshot from setup + log, and games pinned to their engine version."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from redis.client import Pipeline

from service import play, problems
from service.games.registry import game_type
from service.queues import enqueuer
from service.store import Store, key, unpacked
from tests.api.helpers import a_game, submit
from workers import resolve


@pytest.fixture
def store(redis_conn):
    return Store(redis_conn)


def new_game(store, players=2, seed=5, email=False):
    seats = [{"name": f"p{i}", **({"email": f"p{i}@example.org"} if email else {})}
             for i in range(players)]
    record, tokens, _ = play.create_game(store, "pile", seats, None, seed)
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


def test_a_turn_stale_at_resolution_has_the_fields_of_a_stale_submit(store):
    """Issue 13: one shape for a stale version: `current_version` and the field at fault,
    as the 409 at submit names them."""
    game_id = new_game(store)
    first = queued(store, game_id, [{"action": "pass"}])
    second = queued(store, game_id, [{"action": "pass"}])
    resolve.resolve_turn(game_id, second)
    resolve.resolve_turn(game_id, first)
    stale = store.turn(game_id, first)
    assert (stale["current_version"], stale["field"]) == (1, "expected_version")
    with pytest.raises(problems.StaleVersion) as at_submit:
        queued(store, game_id, [{"action": "pass"}], version=0, seat=1)
    shared = ("field", "expected_version", "current_version")
    assert [at_submit.value.extra[k] for k in shared] == [stale[k] for k in shared]


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
    assert store.pending_turns(older_than=1e12) == [], "owed until notified"


def test_a_turn_stays_owed_until_its_notifications_succeed(store, redis_conn, work,
                                                           monkeypatch):
    """A notification job that fails for good is owed again by the sweeper."""
    from workers import notify
    game_id = new_game(store, email=True)
    turn_id = queued(store, game_id, [{"action": "pass"}])

    def mail_down(*_args):
        raise ConnectionError("SMTP relay unreachable")
    monkeypatch.setattr(notify, "on_turn_resolved", mail_down)
    resolve.resolve_turn(game_id, turn_id)
    work()
    assert [t for _, t, _ in store.pending_turns(older_than=1e12)] == [turn_id]
    monkeypatch.undo()
    from service.queues import MAIL, queue
    queue(redis_conn, MAIL).empty()              # the failed job's retries, scheduled
    redis_conn.delete(*redis_conn.keys("rq:job:on_turn_resolved-*"))
    assert resolve.sweep(redis_conn, older_than=0.0) == 1
    work()
    assert store.pending_turns(older_than=1e12) == []


def test_enqueue_again_does_not_duplicate_a_waiting_job(redis_conn):
    """A turn's job owed again (a repeated submission) is not pushed while it waits."""
    from service.queues import TURNS, queue
    enqueue = enqueuer(redis_conn)
    enqueue("g", "t")
    enqueue("g", "t", True)
    assert queue(redis_conn, TURNS).count == 1
    redis_conn.lpop(queue(redis_conn, TURNS).key)
    enqueue("g", "t", True)
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
    assert sorted(seat for group in final["result"]["ranking"] for seat in group) == [0, 1, 2]
    rebuilt, stored = play.rebuild(store, game.id), store.snapshot(game.id)
    assert stored.state is None             # a finished game's (issue 18): replayed on read
    assert replace(rebuilt, state=None).to_json() == stored.to_json()
    read = play.load_game(store, game.id)
    assert rebuilt.state == read.type.engine.dump(read.state)


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
    meta = unpacked(redis_conn.get(key(game_id, "meta")))
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
    mine = [k.decode() for k in redis_conn.keys("*")             # rq's own job keys aside
            if game.id.encode() in k and not k.startswith(b"rq:")]
    assert len(mine) >= 4
    assert all(k.startswith(f"game:{{{game.id}}}:") for k in mine), mine


def test_a_pause_during_resolution_wins_and_the_turn_is_rejected(store, monkeypatch):
    """The compare-and-set covers the status too: a pause that lands between the
    worker's read and its commit is not overwritten."""
    game_id = new_game(store)
    turn_id = queued(store, game_id, [{"action": "pass"}])
    engine = game_type("pile").engine
    apply = engine.apply

    def apply_while_paused(state, seat, move):
        store.set_status(game_id, "paused")
        return apply(state, seat, move)
    monkeypatch.setattr(engine, "apply", apply_while_paused)
    assert resolve.resolve_turn(game_id, turn_id) == "rejected"
    snap = store.snapshot(game_id)
    assert snap.status == "paused" and snap.version == 0 and store.log(game_id) == []


def test_a_turn_is_owed_before_it_is_stored(store, monkeypatch):
    """A crash between the two writes leaves an owed entry without a turn (dropped
    later), never a queued turn that nobody owes."""
    game_id = new_game(store)

    def crash(*_args, **_kwargs):
        raise ConnectionError("Redis went away")
    for write in ("set", "transaction"):       # the turn's write, with a key or without
        monkeypatch.setattr(store.redis, write, crash)
    real_execute = Pipeline.execute

    def cut(pipe, *args, **kwargs):             # without a key, owed and stored in one
        del pipe.command_stack[1:]              # pipeline: the connection drops after
        real_execute(pipe, *args, **kwargs)     # its first command
        crash()
    monkeypatch.setattr(Pipeline, "execute", cut)
    with pytest.raises(ConnectionError):
        queued(store, game_id, [{"action": "pass"}])
    monkeypatch.undo()
    ((owed_game, owed_turn, _since),) = store.pending_turns(older_than=1e12)
    assert owed_game == game_id and store.turn(game_id, owed_turn) is None
    assert resolve.sweep(store.redis, older_than=0.0) == 1
    assert store.pending_turns(older_than=1e12), "a fresh entry is kept: its turn may follow"


def test_a_turn_of_a_game_pinned_to_another_engine_version_is_rejected(store, redis_conn):
    game_id = new_game(store)
    turn_id = queued(store, game_id, [{"action": "pass"}])
    meta = unpacked(redis_conn.get(key(game_id, "meta")))
    meta["engine_version"] = "0-older"
    redis_conn.set(key(game_id, "meta"), json.dumps(meta))
    assert resolve.resolve_turn(game_id, turn_id) == "rejected"
    assert store.turn(game_id, turn_id)["rule"] == "engine version"
    assert resolve.resolve_turn(game_id, turn_id) == "rejected", "not retried: resolved"


def test_idempotency_keys_are_each_seats_own(client, work):
    game = a_game(client)
    first = submit(client, game, 0, [{"action": "pass"}], 0, **{"Idempotency-Key": "k"})
    work()
    other = submit(client, game, 1, [{"action": "pass"}], 1, **{"Idempotency-Key": "k"})
    assert other.status_code == 202 and other.json["id"] != first.json["id"]


def test_a_finished_game_cannot_be_paused(store):
    game_id = new_game(store)
    for seat, version in ((0, 0), (1, 1)):
        resolve.resolve_turn(game_id, queued(store, game_id, [{"action": "pass"}], version, seat))
    assert store.snapshot(game_id).status == "finished"
    from service.store import GameFinished
    with pytest.raises(GameFinished):
        store.set_status(game_id, "paused")
    assert store.snapshot(game_id).status == "finished"


def test_rebuild_write_refuses_when_the_log_moved(store):
    from service.store import VersionMoved
    game_id = new_game(store)
    rebuilt = play.rebuild(store, game_id)
    resolve.resolve_turn(game_id, queued(store, game_id, [{"action": "pass"}]))
    with pytest.raises(VersionMoved):
        store.replace_snapshot(game_id, rebuilt)
    assert store.snapshot(game_id).version == 1
