"""A game's state in Redis and the index of owed turns: `Store`, the one interface the
rest of the service uses, put together from what it keeps (and the names every other
module imports from `service.store`):

  keys.py     every Redis key of the service, through one key function; the shards
  packing.py  what a key holds, packed: zlib of the JSON, LZMA2 for a finished game
  records.py  the records: a game's and its seats, a snapshot, a turn, an Idempotency-Key's claim
  state.py    a game's meta, snapshot and log as stored (the log in columns; `final` once finished)
  games.py    games and snapshots: created, read, a seat handed to the bot, paused, rebuilt
  turns.py    turns and owing: queued with their claims, committed or rejected, the owed index
  channel.py  a game's channel: each change announced, waited for without polling
"""
from __future__ import annotations

import redis

from service.connection import state_redis
from service.store.channel import Channel
from service.store.games import Games
from service.store.keys import (
    IDEMPOTENCY_TTL,
    LEGACY_INDEX,
    LEGACY_PENDING,
    SHARDS,
    every_shard,
    index_key,
    key,
    pending_key,
    shard_key,
    sharded,
)
from service.store.packing import dumps, packed, packed_finished, unpacked
from service.store.records import (
    WAITING,
    GameFinished,
    GameRecord,
    SeatRecord,
    Seen,
    Snapshot,
    VersionMoved,
    turn_id,
)
from service.store.state import LOG_TAIL, STATE, log_columns, log_entries
from service.store.turns import TAKEN_BACK, Turns

__all__ = [
    "IDEMPOTENCY_TTL", "LEGACY_INDEX", "LEGACY_PENDING", "LOG_TAIL", "SHARDS", "STATE", "TAKEN_BACK", "WAITING",
    "GameFinished", "GameRecord", "SeatRecord", "Snapshot", "Store", "VersionMoved", "dumps", "every_shard",
    "index_key", "key", "log_columns", "log_entries", "packed", "packed_finished", "pending_key",
    "shard_key", "sharded", "turn_id", "unpacked",
]


class Store(Games, Turns, Channel):
    """A game's state and the index of owed turns. `conn` is REDIS_URL's Redis, which
    holds rq's queues and the mail's bookkeeping (kept as `redis`); the game state goes
    to `state`: STATE_REDIS_URL's Redis Cluster when that is set, else `conn` too."""

    def __init__(self, conn: redis.Redis):
        self.redis = conn
        self.state = state_redis(conn)
        self.records: dict[str, GameRecord] = {}    # meta, read once (game_and_snapshot)
        self.seen: dict[tuple[str, str], Seen] = {}  # a turn's game as read to resolve it
