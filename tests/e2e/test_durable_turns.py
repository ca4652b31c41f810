"""Issue 25, "an acknowledged turn survives a Redis process kill": the real processes of
tests/e2e/test_chaos.py (`pbem serve`, two `pbem worker`, 50 client threads with
duplicates and stale versions) on a redis-server run with deploy/redis.conf's append-only
settings, SIGKILLed KILLS times under the load and restarted on its files at once. Every
turn answered 200/202 is there after the restarts, resolved, and each applied one is in
its game's log once (test_chaos.settled)."""
from __future__ import annotations

import random
import time

from tests.e2e.test_chaos import Load, cluster, settled  # noqa: F401 (cluster: the fixture)

KILLS = 20


def test_no_acknowledged_turn_is_lost_to_twenty_redis_sigkills_under_load(cluster):
    settings = cluster.conn().config_get("append*")
    assert (settings["appendonly"], settings["appendfsync"]) == ("yes", "always"), settings
    load, rng = Load(cluster.base), random.Random(25)
    acked_before_kill = []          # turns acknowledged in the second before each kill
    load.start()
    for _ in range(KILLS):
        time.sleep(rng.uniform(0.5, 1.0))      # the load finds its feet again
        window_start = len(load.acked)
        time.sleep(1.0)
        acked_before_kill.append(len(load.acked) - window_start)
        cluster.redis.kill()
        cluster.redis.start()                      # the same port and folder: its AOF reloads
    time.sleep(2)
    load.pause()
    settled(cluster, load, f"{KILLS} Redis SIGKILLs under load")
    quiet = [i for i, count in enumerate(acked_before_kill) if count == 0]
    assert not quiet, f"kills {quiet} came with no turn acknowledged in the second before"
    print(f"turns acknowledged in the second before each kill: {acked_before_kill}")
