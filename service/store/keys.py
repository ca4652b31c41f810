"""Every Redis key of the service, through one key function.

A game's keys share the hash tag `{<id>}` so they live in one Redis Cluster slot
and one MULTI/EXEC can update them together:

  game:{id}:meta           zlib of JSON: game type, engine version, options, seed, its commitment, seats
  game:{id}:snapshot       zlib of JSON: version, status, to_act, result, engine state
  game:{id}:log            zlib of the applied moves in columns (log_columns), the events
                           of the last LOG_TAIL only; rewritten whole by each commit
  game:{id}:final          a finished game's meta, snapshot (without its state) and log
                           (without events) in one key, LZMA of their JSON (write_state),
                           in place of those three
  game:{id}:turn:{turn}    JSON: a submitted turn and its outcome, kept IDEMPOTENCY_TTL
  game:{id}:idem:{seat}:{key}  JSON: the turn a seat's Idempotency-Key names, its body
                           digest, kept as long as that turn
  game:{id}:resolved       pub/sub channel: the id of each turn as it is resolved, and
                           the new status at a pause or resume
  turns:pending:{shard-N}  zset "game/turn" -> owed since, or last looked at by the
                           sweeper: turns whose jobs are owed, N = shard(game)
  games:{shard-N}          set: the ids of the games of shard N
  LIMITS:*                 the rate limits' counts per client (service/limits.py)
"""
from __future__ import annotations

import zlib

# The keys all games share are split in SHARDS, each under a hash tag of its own, so on
# a Redis Cluster they spread over the masters instead of making one hot key (issue 18).
SHARDS = 16
LEGACY_PENDING, LEGACY_INDEX = "turns:pending", "games"     # one key each, before the shards
# A turn record and its Idempotency-Key live this long (issue 18: the log keeps what was
# applied, so a record is needed only while a client may still repeat its submission).
IDEMPOTENCY_TTL = 24 * 3600

def key(game_id: str, *parts: str) -> str:
    return ":".join(("game", "{" + game_id + "}") + parts)


def shard_key(name: str, number: int) -> str:
    return f"{name}:{{shard-{number}}}"


def sharded(name: str, game_id: str) -> str:
    """The key of `name` (a structure all games share) in the game's shard."""
    return shard_key(name, zlib.crc32(game_id.encode()) % SHARDS)


def pending_key(game_id: str) -> str:
    return sharded(LEGACY_PENDING, game_id)


def index_key(game_id: str) -> str:
    return sharded(LEGACY_INDEX, game_id)


def every_shard(name: str) -> list[str]:
    """The keys of `name` ("turns:pending", "games") in every shard, and the one key of
    before the shards (read until it is empty)."""
    return [shard_key(name, n) for n in range(SHARDS)] + [name]
