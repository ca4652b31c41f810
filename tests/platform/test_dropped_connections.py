"""A commit interrupted between WATCH and EXEC (issue 10, finding 4): a connection the
real Redis drops (CLIENT KILL from another connection) is retried and the legal turn is
applied, never rejected as "stale version: expected 0, the game is at 0"; a pause that
lands in that gap rejects the turn for what it is. The same for the commit's script
(issue 32, Turns.commit_as_read), interrupted between the worker's read and the script:
a pause then, or a reply lost after the script ran. The WATCH transaction is where the
script sends a commit whose game changed since the read; its tests take that path
(`watched`)."""
from __future__ import annotations

import socket
import time

import pytest
import redis
from redis.client import Pipeline

from service import play
from service.store import Store
from tests.conftest import TEST_REDIS_URL
from tests.platform.test_resolution import new_game, queued


class HookedPipeline(Pipeline):
    """A transaction that runs `hook(pipe)` once, after WATCH and the reads, just
    before MULTI/EXEC is sent."""
    hooks: list = []

    def execute(self, raise_on_error=True):
        if self.watching and self.hooks:
            self.hooks.pop()(self)
        return super().execute(raise_on_error)


class HookedRedis(redis.Redis):
    """A client whose transactions are HookedPipelines, and whose scripts run the hooks
    (`script_hooks`) once, just before the script is sent."""
    script_hooks: list = []

    def pipeline(self, transaction=True, shard_hint=None):
        return HookedPipeline(self.connection_pool, self.response_callbacks, transaction,
                              shard_hint)

    def evalsha(self, sha, numkeys, *keys_and_args):
        if self.script_hooks:
            self.script_hooks.pop()(self)
        return super().evalsha(sha, numkeys, *keys_and_args)


@pytest.fixture
def watched(monkeypatch):
    """The commit's WATCH transaction: the script finds the game changed since the read."""
    monkeypatch.setattr(Store, "commit_as_read", lambda *_args: None)


def resolve_with_hook(redis_conn, hook, script: bool = False) -> tuple[Store, dict, str]:
    """Resolve a legal turn (a pass at version 0) through a client whose commit runs
    `hook(client, game_id)` between WATCH and EXEC (`script`: just before the commit's
    script is sent); (store, the turn after, game id)."""
    store = Store(redis_conn)
    game_id = new_game(store)
    turn_id = queued(store, game_id, [{"action": "pass"}])
    hooks = HookedRedis.script_hooks if script else HookedPipeline.hooks
    hooks[:] = [lambda client: hook(client, game_id)]
    try:
        play.resolve_turn(Store(HookedRedis.from_url(TEST_REDIS_URL)), game_id, turn_id)
        assert not hooks, "the hook never ran"
    finally:
        hooks[:] = []
    return store, store.turn(game_id, turn_id), game_id


def test_a_connection_killed_between_watch_and_exec_is_retried_not_called_stale(redis_conn,
                                                                                 watched):
    killed = []

    def kill_my_connection(pipe, _game_id):
        client_id = pipe.immediate_execute_command("CLIENT", "ID")
        killed.append(redis_conn.client_kill_filter(_id=client_id))
    store, turn, game_id = resolve_with_hook(redis_conn, kill_my_connection)
    assert killed == [1]                       # the real server dropped the watched connection
    assert turn["status"] == "applied", turn
    assert store.snapshot(game_id).version == 1 and len(store.log(game_id)) == 1


def test_a_pause_landing_between_watch_and_exec_rejects_the_turn_as_paused(redis_conn, watched):
    def pause(_pipe, game_id):
        Store(redis_conn).set_status(game_id, "paused")
    store, turn, game_id = resolve_with_hook(redis_conn, pause)
    assert (turn["status"], turn["reason"]) == ("rejected", "the game is paused"), turn
    assert store.snapshot(game_id).version == 0 and store.log(game_id) == []


def test_an_exec_that_landed_before_its_reply_was_lost_is_not_applied_twice(redis_conn,
                                                                             watched):
    """The retry's other side, a guard rather than a finding: EXEC ran, then the
    connection closed before its reply was read. The second look finds the turn applied
    and writes nothing again (a retry that skipped the look would log the move twice)."""
    def drop_after_exec(pipe, game_id):
        reply_lost(redis_conn, pipe.connection, game_id)
    store, turn, game_id = resolve_with_hook(redis_conn, drop_after_exec)
    assert turn["status"] == "applied", turn
    assert store.snapshot(game_id).version == 1 and len(store.log(game_id)) == 1


def test_issue32_a_pause_landing_before_the_commits_script_rejects_the_turn_as_paused(
        redis_conn):
    def pause(_client, game_id):
        Store(redis_conn).set_status(game_id, "paused")
    store, turn, game_id = resolve_with_hook(redis_conn, pause, script=True)
    assert (turn["status"], turn["reason"]) == ("rejected", "the game is paused"), turn
    assert store.snapshot(game_id).version == 0 and store.log(game_id) == []


def test_issue32_a_script_that_ran_before_its_reply_was_lost_is_not_applied_twice(redis_conn):
    """The script ran, then the connection closed before its reply was read: sent again
    by redis-py (its retry), or the job failing on the connection error and run again
    (rq's retry), it finds the turn applied and writes nothing again."""
    def drop_after_script(client, game_id):
        connection = client.connection_pool.get_connection()
        client.connection_pool.release(connection)      # the one the script will take
        reply_lost(redis_conn, connection, game_id)
    try:
        resolve_with_hook(redis_conn, drop_after_script, script=True)
    except redis.ConnectionError:
        pass
    game_id = Store(redis_conn).game_ids()[0]
    turn_id = Store(redis_conn).log(game_id)[0]["turn"]
    assert play.resolve_turn(Store(redis_conn), game_id, turn_id)["status"] == "applied"
    store = Store(redis_conn)
    assert store.snapshot(game_id).version == 1 and len(store.log(game_id)) == 1


def reply_lost(redis_conn, connection, game_id: str) -> None:
    """The next command `connection` sends lands (the game moves to version 1), and the
    connection closes before its reply is read."""
    send = connection.send_packed_command

    def send_then_drop(command, check_health=True):
        connection.send_packed_command = send                 # once
        send(command, check_health)
        wait_until(lambda: Store(redis_conn).snapshot(game_id).version == 1)
        connection._sock.shutdown(socket.SHUT_RDWR)          # its reply is never read
    connection.send_packed_command = send_then_drop


def wait_until(condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the EXEC never landed"
        time.sleep(0.01)
