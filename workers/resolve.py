"""rq job resolve_turn, and the sweeper that re-owes jobs lost with a worker.

At-least-once: a job may run twice (a retry, a sweep after a worker was killed).
A second run finds the turn resolved and only makes sure what follows is owed.
The sweeper decides by where a turn's jobs really are (service/queues.py,
`owed_in_place`), never by what their hashes say (issue 10, finding 3).
"""
from __future__ import annotations

import logging
import time

from service import bot_seats, feed, takeback
from service.connection import redis_from_env
from service.play import load_game, resolve_turn as resolve
from service.queues import (MAIL, RESOLVE_JOB, RETRY_JOB, TURNS, enqueuer, job_connection, notify,
                            owed_in_place)
from service.store import Store
from workers import bots
from workers.notify import owes_notices

log = logging.getLogger(__name__)
SWEEP_AFTER = 10.0          # seconds an owed turn is left alone before the sweeper looks (again)
SWEEP_BATCH = 1000          # owed turns looked at per pass at most, the longest unseen first
GIVE_UP_AFTER = 24 * 3600   # seconds after which a turn's notifications are no longer owed


def resolve_turn(game_id: str, turn_id: str) -> str:
    """The job: resolve the turn. It ran the turns whose jobs waited behind it too (a
    drain of the queue's head, up to 64), which spared rq's bookkeeping of their jobs
    (about 50 Redis commands each); the turn worker runs a turn's job without that
    bookkeeping now (workers/pool.py, Worker.execute_job), and taking a job off the
    head costs the Redis commands a worker's own dequeue costs: the drain lost (issue 32;
    a backlog of 300 turns on 2 workers, A/B twice at load 4: 85 and 247 turns/s with the
    drain, 246 and 83 without, within the noise)."""
    store = Store(job_connection())
    turn = resolve(store, game_id, turn_id)
    if turn is None:
        store.done_with(game_id, turn_id)
        return "missing"
    follow_up(store, game_id, turn_id)
    return turn["status"]


def follow_up(store: Store, game_id: str, turn_id: str, lost: bool = False) -> None:
    """What a resolved turn owes: its notifications, if the game has anything to tell
    (issue 10, finding 7: no job when no seat has an address and no clock runs) and,
    when a bot seat is to act, the bot's move (workers/bots.py). It stays pending until
    they have been made (`notified`), so a notification job lost or failed for good is
    owed again by the sweeper. First the game's announcements to its players' streams
    and webhooks (service/feed.py; never twice): a worker killed after the commit leaves
    the turn owed, and the sweeper's follow-up announces it. Then, when anyone may be
    told (a listener, an address or a clock), a take-back request the turn moved past
    (service/takeback.py, `lapse`: one GET when none waits)."""
    record = store.game(game_id)
    listened = record is not None and feed.listened(store.redis, record)
    if listened:
        feed.announce(store.redis, game_id)
    if listened or record is not None and owes_notices(record):
        takeback.lapse(store.redis, game_id)        # a request the turn moved past is told
    if record is not None and any(seat.bot for seat in record.seats):
        bot_seats.owe(store.redis, load_game(store, game_id))
    if record is None or not owes_notices(record):
        store.done_with(game_id, turn_id)
        return
    notify(store.redis, "on_turn_resolved", game_id, turn_id,
           on_success="workers.resolve.notified", lost=lost)


def notified(job, connection, _result, *_args, **_kwargs) -> None:
    """rq's on_success callback of a turn's notification job: nothing more is owed."""
    Store(connection).done_with(*job.args)


def sweep(conn=None, older_than: float = SWEEP_AFTER) -> int:
    """The bots' moves owed again (workers/bots.py, `sweep`); then look at the turns
    owed and not looked at for `older_than` seconds (at most
    SWEEP_BATCH: the cost is what is late, not everything pending): a queued turn
    whose resolve job is nowhere in place gets a new one, a resolved turn whose
    notification job is nowhere in place too. Returns how many were looked at."""
    store = Store(conn or redis_from_env())
    bots.sweep(store.redis)
    now = time.time()
    owed = store.pending_turns(now - older_than, SWEEP_BATCH)
    if not owed:
        return 0
    wanted = {(game_id, turn_id) for game_id, turn_id, _ in owed}
    resolving = owed_in_place(store.redis, TURNS, (RESOLVE_JOB, RETRY_JOB), wanted)
    notifying = owed_in_place(store.redis, MAIL, ("on_turn_resolved",), wanted)
    requeue = enqueuer(store.redis, lost=True)
    for game_id, turn_id, since in owed:
        store.looked_at(game_id, turn_id, now)
        turn = store.turn(game_id, turn_id)
        if turn is None:
            if since < now - SWEEP_AFTER:       # owed, then never stored: nothing to do
                store.done_with(game_id, turn_id)
        elif turn["status"] == "queued":
            if (game_id, turn_id) not in resolving:
                log.warning("turn %s of game %s: no job in place, enqueued anew", turn_id, game_id)
                requeue(game_id, turn_id)
        elif turn.get("resolved_at", now) < now - GIVE_UP_AFTER:
            log.error("notifications of turn %s of game %s given up after %d s",
                      turn_id, game_id, GIVE_UP_AFTER)
            store.done_with(game_id, turn_id)
        elif (game_id, turn_id) not in notifying:
            follow_up(store, game_id, turn_id, lost=True)
    log.info("sweep looked at %d owed turns", len(owed))
    return len(owed)
