"""When the game store cannot answer now (issue 25, point 5): which Redis errors mean
"not now" rather than "wrong", how long a command may wait for its answer, and what
keeps the state store from serving every slot (`/v1/ready`).

An outage answers 503 with Retry-After, never 500: Redis unreachable, hung (SIGSTOP:
a command's answer is waited for COMMAND_TIMEOUT at most, and a timeout is not tried
again), loading its data set (BusyLoadingError is a ConnectionError), a replica that
refuses writes after a failover, out of memory, and on a Redis Cluster a cluster down
or a master without its slots (ClusterDownError, MasterDownError), a slot migrating
(TryAgainError), redirections that never end (MOVED/ASK past redis-py's 16 hops,
ClusterError "TTL exhausted"; MOVED/ASK inside a transaction), a slot no node serves
(SlotNotCoveredError) and a layout that cannot be read (RedisClusterException)."""
from __future__ import annotations

import redis
from redis.backoff import ExponentialWithJitterBackoff
from redis.cluster import REDIS_CLUSTER_HASH_SLOTS
from redis.exceptions import (AskError, ClusterError, CrossSlotTransactionError,
                              InvalidPipelineStack, OutOfMemoryError, ReadOnlyError,
                              RedisClusterException, TryAgainError)
from redis.retry import Retry

# Seconds a Redis command waits for its answer, and a connection for its handshake. On
# a hung Redis an operation waits out at most three commands (a rate limit counted,
# whose failure service/limits.py passes over, a token looked up, the operation's own read:
# measured 1.0-1.6 s behind a real `pbem serve`, tests/e2e/test_hung_redis.py), within
# the 2 s issue 25 asks. Redis answers every command the service sends in well under a
# millisecond; no blocking command is used but the pub/sub's, which waits without this
# timeout (service/changes.py).
COMMAND_TIMEOUT = 0.5
CONNECT_TIMEOUT = 0.5
RETRIES = 3             # a dropped or refused connection, tried again 50-500 ms apart
# redis-py's cluster client tries a command again after a timeout too (its
# ERRORS_ALLOW_RETRY, not configurable), re-reading the layout after each failure: once.
CLUSTER_RETRIES = 1

STORE_UNAVAILABLE = (redis.ConnectionError, redis.TimeoutError, ReadOnlyError,
                     OutOfMemoryError, ClusterError, TryAgainError, AskError,
                     RedisClusterException)
# RedisClusterException's subclasses that are the caller's mistake, never an outage
NOT_AN_OUTAGE = (CrossSlotTransactionError, InvalidPipelineStack)


def unavailable(err: BaseException) -> bool:
    """Whether `err` means the store cannot answer now (503), not a bug (500)."""
    return isinstance(err, STORE_UNAVAILABLE) and not isinstance(err, NOT_AN_OUTAGE)


def retry(retries: int = RETRIES) -> Retry:
    """The retry policy of the service's clients: a connection dropped (CLIENT KILL, a
    restart's first second) or refused is tried again at once, up to `retries` times
    50-500 ms apart; a timeout is not (a hung server would cost (retries + 1) x
    COMMAND_TIMEOUT; redis-py's default retries waited 3 x 5 s)."""
    return Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.5), retries,
                 supported_errors=(redis.ConnectionError,))


def unserved(state: redis.Redis | redis.RedisCluster) -> list[str]:
    """What keeps the state store from serving every slot now, empty when it serves
    them all: a plain Redis that does not answer PING; on a Redis Cluster, each master
    of the client's layout is asked CLUSTER INFO, and any that does not answer, a
    cluster_state other than ok, or fewer than all 16,384 slots assigned and ok (a
    master suspected or found failing counts against its slots) is named. Raises the
    Redis error of a plain Redis (the caller names it)."""
    if not isinstance(state, redis.RedisCluster):
        state.ping()
        return []
    found = []
    for node in state.get_primaries():
        try:
            info = state.cluster_info(target_nodes=node)
        except (redis.RedisError, RedisClusterException) as err:
            found.append(f"the state cluster's master {node.name} does not answer "
                         f"({type(err).__name__})")
            continue
        ok, assigned = int(info["cluster_slots_ok"]), int(info["cluster_slots_assigned"])
        if info["cluster_state"] != "ok" or ok < REDIS_CLUSTER_HASH_SLOTS or \
                assigned < REDIS_CLUSTER_HASH_SLOTS:
            found.append(f"the state cluster serves {ok} of {REDIS_CLUSTER_HASH_SLOTS} "
                         f"slots (cluster_state {info['cluster_state']}, as {node.name} "
                         f"sees it)")
    return found
