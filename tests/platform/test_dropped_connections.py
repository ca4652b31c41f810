"""A commit interrupted between WATCH and EXEC (issue 10, finding 4): a connection the
real Redis drops (CLIENT KILL from another connection) is retried and the legal turn is
applied, never rejected as "stale version: expected 0, the game is at 0"; a pause that
lands in that gap rejects the turn for what it is."""
from __future__ import annotations

import socket
import time

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
    def pipeline(self, transaction=True, shard_hint=None):
        return HookedPipeline(self.connection_pool, self.response_callbacks, transaction,
                              shard_hint)


def resolve_with_hook(redis_conn, hook) -> tuple[Store, dict, str]:
    """Resolve a legal turn (a pass at version 0) through a client whose commit runs
    `hook(pipe, game_id)` between WATCH and EXEC; (store, the turn after, game id)."""
    store = Store(redis_conn)
    game_id = new_game(store)
    turn_id = queued(store, game_id, [{"action": "pass"}])
    HookedPipeline.hooks[:] = [lambda pipe: hook(pipe, game_id)]
    try:
        play.resolve_turn(Store(HookedRedis.from_url(TEST_REDIS_URL)), game_id, turn_id)
        assert not HookedPipeline.hooks, "the hook never ran between WATCH and EXEC"
    finally:
        HookedPipeline.hooks[:] = []
    return store, store.turn(game_id, turn_id), game_id


def test_a_connection_killed_between_watch_and_exec_is_retried_not_called_stale(redis_conn):
    killed = []

    def kill_my_connection(pipe, _game_id):
        client_id = pipe.immediate_execute_command("CLIENT", "ID")
        killed.append(redis_conn.client_kill_filter(_id=client_id))
    store, turn, game_id = resolve_with_hook(redis_conn, kill_my_connection)
    assert killed == [1]                       # the real server dropped the watched connection
    assert turn["status"] == "applied", turn
    assert store.snapshot(game_id).version == 1 and len(store.log(game_id)) == 1


def test_a_pause_landing_between_watch_and_exec_rejects_the_turn_as_paused(redis_conn):
    def pause(_pipe, game_id):
        Store(redis_conn).set_status(game_id, "paused")
    store, turn, game_id = resolve_with_hook(redis_conn, pause)
    assert (turn["status"], turn["reason"]) == ("rejected", "the game is paused"), turn
    assert store.snapshot(game_id).version == 0 and store.log(game_id) == []


def test_an_exec_that_landed_before_its_reply_was_lost_is_not_applied_twice(redis_conn):
    """The retry's other side, a guard rather than a finding: EXEC ran, then the
    connection closed before its reply was read. The second look finds the turn applied
    and writes nothing again (a retry that skipped the look would log the move twice)."""
    def drop_after_exec(pipe, game_id):
        connection, send = pipe.connection, pipe.connection.send_packed_command

        def send_then_drop(command, check_health=True):
            connection.send_packed_command = send                 # once
            send(command, check_health)
            wait_until(lambda: Store(redis_conn).snapshot(game_id).version == 1)
            connection._sock.shutdown(socket.SHUT_RDWR)          # its reply is never read
        connection.send_packed_command = send_then_drop
    store, turn, game_id = resolve_with_hook(redis_conn, drop_after_exec)
    assert turn["status"] == "applied", turn
    assert store.snapshot(game_id).version == 1 and len(store.log(game_id)) == 1


def wait_until(condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the EXEC never landed"
        time.sleep(0.01)
