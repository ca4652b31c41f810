"""rq job resolve_turn, and the sweeper that re-owes jobs lost with a worker.

At-least-once: a job may run twice (a retry, a sweep after a worker was killed).
A second run finds the turn resolved and only makes sure what follows is owed.
"""
from __future__ import annotations

import logging
import time

from service.connection import redis_from_env
from service.play import resolve_turn as resolve
from service.store import Store
from workers.queues import enqueuer, job_connection, notify

log = logging.getLogger(__name__)
SWEEP_AFTER = 30.0          # seconds a turn may wait for its job before it is re-owed
GIVE_UP_AFTER = 24 * 3600   # seconds after which a turn's notifications are no longer owed


def resolve_turn(game_id: str, turn_id: str) -> str:
    store = Store(job_connection())
    turn = resolve(store, game_id, turn_id)
    if turn is None:
        store.done_with(game_id, turn_id)
        return "missing"
    follow_up(store, game_id, turn_id)
    return turn["status"]


def follow_up(store: Store, game_id: str, turn_id: str) -> None:
    """What a resolved turn owes: its notifications. It stays pending until they
    have been made (`notified`), so a notification job lost or failed for good is
    owed again by the sweeper."""
    notify(store.redis, "on_turn_resolved", game_id, turn_id,
           on_success="workers.resolve.notified")


def notified(job, connection, _result, *_args, **_kwargs) -> None:
    """rq's on_success callback of a turn's notification job: nothing more is owed."""
    Store(connection).done_with(*job.args)


def sweep(conn=None, older_than: float = SWEEP_AFTER) -> int:
    """Re-owe the jobs of turns pending longer than `older_than` seconds."""
    store = Store(conn or redis_from_env())
    enqueue = enqueuer(store.redis)
    now = time.time()
    owed = store.pending_turns(now - older_than)
    for game_id, turn_id, since in owed:
        turn = store.turn(game_id, turn_id)
        if turn is None:
            if since < now - SWEEP_AFTER:       # owed, then never stored: nothing to do
                store.done_with(game_id, turn_id)
        elif turn["status"] == "queued":
            enqueue(game_id, turn_id)
        elif since < now - GIVE_UP_AFTER:
            log.error("notifications of turn %s of game %s given up after %d s",
                      turn_id, game_id, GIVE_UP_AFTER)
            store.done_with(game_id, turn_id)
        else:
            follow_up(store, game_id, turn_id)
    if owed:
        log.info("sweep re-owed %d turns", len(owed))
    return len(owed)
