"""Issue 25, "an acknowledged turn survives a Redis process kill": the real processes of
tests/e2e/test_chaos.py (`pbem serve`, two `pbem worker`, 50 client threads with
duplicates and stale versions) on a redis-server run with deploy/redis.conf's append-only
settings, SIGKILLed KILLS times under the load and restarted on its files at once. Every
turn answered 200/202 is there after the restarts, resolved, and each applied one is in
its game's log once (test_chaos.settled)."""
from __future__ import annotations

import random
import time

import pytest

from tests.e2e.processes import wait_for
from tests.e2e.test_chaos import Cluster, Load, settled
from service.bench import wait_until_healthy

KILLS = 20


@pytest.fixture
def service(tmp_path):
    running = Cluster(tmp_path)
    try:
        wait_until_healthy(running.base)
        assert wait_for(lambda: running.ready() == 200, 60), "never ready"
        yield running
    finally:
        running.stop()


def test_no_acknowledged_turn_is_lost_to_twenty_redis_sigkills_under_load(service):
    settings = service.conn().config_get("append*")
    assert (settings["appendonly"], settings["appendfsync"]) == ("yes", "always"), settings
    load, rng = Load(service.base), random.Random(25)
    acked_before_kill = []          # turns acknowledged in the second before each kill
    load.start()
    for _ in range(KILLS):
        time.sleep(rng.uniform(0.5, 1.0))      # the load finds its feet again
        window_start = len(load.acked)
        time.sleep(1.0)
        acked_before_kill.append(len(load.acked) - window_start)
        service.redis.kill()
        service.redis.start()                      # the same port and folder: its AOF reloads
    time.sleep(2)
    load.pause()
    settled(service, load, f"{KILLS} Redis SIGKILLs under load")
    quiet = [i for i, count in enumerate(acked_before_kill) if count == 0]
    assert not quiet, f"kills {quiet} came with no turn acknowledged in the second before"
    print(f"turns acknowledged in the second before each kill: {acked_before_kill}")
