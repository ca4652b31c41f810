"""`pbem bench api`'s price of durability (issue 25): the submit->applied latencies and
turns/s of the same play on two redis-servers of the bench's own, both with the
append-only file, one fsyncing every second (`everysec`: a Redis process kill may lose a
turn answered 202) and one fsyncing each write before it answers it (`always`, what
deploy/ runs: nothing is lost), each measured twice (A B B A), on this machine's disk."""
from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from contextlib import contextmanager

import redis

from service.bench.api import submit_to_applied
from service.bench.figures import ms, percentile, pick_game
from service.bench.running import free_port, running_service
from service.connection import redis_url
from service.durability import durability

FSYNC = ("everysec", "always")          # without the durability choice, with it
# each measured twice, A B B A: a drift of the machine's other load falls on both alike
ORDER = (*FSYNC, *reversed(FSYNC))


@contextmanager
def aof_redis(fsync: str):
    """A redis-server with AOF and `fsync`, in a folder of its own; its URL."""
    folder, port = tempfile.mkdtemp(prefix="pbem-bench-aof-"), free_port()
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                               "--dir", folder, "--save", "", "--appendonly", "yes",
                               "--appendfsync", fsync],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                redis.Redis.from_url(url).ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.05)
        yield url
    finally:
        server.kill()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)


def measured(chosen, turns: int, clients: int, seconds: float, workers: int) -> dict:
    """fsync -> (latencies of one client, latencies of `clients`, turns applied, seconds):
    two runs each, of half the turns and seconds, in the order ORDER."""
    found = {fsync: ([], [], 0, 0.0) for fsync in FSYNC}
    for fsync in ORDER:
        with aof_redis(fsync) as url, running_service(workers, REDIS_URL=url) as base:
            run = submit_to_applied(base, chosen, max(1, turns // 2), clients, seconds / 2)
        found[fsync] = tuple(total + part for total, part in zip(
            found[fsync], (run.alone, run.together, run.applied, run.elapsed)))
    return found


def cost(game: str | None, turns: int, clients: int, seconds: float, workers: int = 2) -> None:
    """Printed after `pbem bench api`'s figures: what REDIS_URL's Redis would lose, then
    the play measured under each fsync setting."""
    print(f"  REDIS_URL's {durability(redis.Redis.from_url(redis_url()))}")
    print_cost(measured(pick_game(game), turns, clients, seconds, workers), clients)


def print_cost(found: dict, clients: int) -> None:
    print("  what durability costs (issue 25; AOF fsync of each write before it is answered, "
          "`appendfsync always` as deploy/ runs it, against `everysec`, each on a Redis of "
          "the bench's own):")
    for fsync in FSYNC:
        alone, together, applied, elapsed = found[fsync]
        print(f"    appendfsync {fsync:8}: submit->applied 1 client p50 "
              f"{ms(percentile(alone, 50))} p99 {ms(percentile(alone, 99))} | {clients} "
              f"clients p50 {ms(percentile(together, 50))} p99 {ms(percentile(together, 99))} "
              f"| turns applied/s {applied / elapsed:.1f}")
    (_, fast, fast_n, fast_s), (_, safe, safe_n, safe_s) = (found[f] for f in FSYNC)
    print(f"    cost of always, {clients} clients: p50 "
          f"{ms(percentile(safe, 50) - percentile(fast, 50))}, p99 "
          f"{ms(percentile(safe, 99) - percentile(fast, 99))}, turns/s "
          f"{(safe_n / safe_s) / (fast_n / fast_s) - 1:+.1%}")
