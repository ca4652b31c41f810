"""`pbem bench streams`: many open event streams on `pbem streams` (gevent workers) while
turns are played (issue 13: 1,000 streams while turn latency stays under `pbem bench
api`'s target). Prints the memory per open stream, the fan-out latency (a move's commit
to its arrival on every open stream) and the CPU time the streams process spent per
event delivered (a figure the machine's load does not move), and the submit->applied
latency of turns with the streams open, beside the same latency measured in the same
run before any stream was opened; then the ceiling, p99 under TARGET_P99, and whether
it was met with every stream asked for open, and before any was (a machine that misses
it without streams says so)."""
from __future__ import annotations

import os
import re
import resource
import selectors
import socket
import subprocess
import sys
import threading
import time

from service.bench.api import Player
from service.bench.figures import ms, percentile, pick_game
from service.bench.running import free_port, running_service, stop, wait_until_healthy
from service.connection import redis_url

EVENT_ID = re.compile(rb"id: (\d+)\nevent: move\n")
TARGET_P99 = 0.050          # seconds: the `pbem bench api` target


class Listeners:
    """`count` raw SSE connections read by one thread: for each version, when it
    arrived on each connection."""

    def __init__(self, port: int, path: str, count: int):
        self.selector, self.arrivals, self.buffers = selectors.DefaultSelector(), {}, {}
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        for _ in range(count):
            conn = socket.create_connection(("127.0.0.1", port))
            conn.sendall(request.encode())
            conn.setblocking(False)
            self.buffers[conn] = b""
            self.selector.register(conn, selectors.EVENT_READ)
        self.running = True
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self) -> None:
        while self.running:
            for ready, _ in self.selector.select(timeout=0.2):
                conn, now = ready.fileobj, time.time()
                data = conn.recv(65536)
                buffer = self.buffers[conn] + data
                for found in EVENT_ID.finditer(buffer):
                    self.arrivals.setdefault(int(found[1]), []).append(now)
                self.buffers[conn] = buffer[buffer.rfind(b"\n\n") + 2:] if b"\n\n" in buffer \
                    else buffer

    def wait_for(self, version: int, count: int, seconds: float = 10.0) -> list[float]:
        deadline = time.monotonic() + seconds
        while len(self.arrivals.get(version, [])) < count and time.monotonic() < deadline:
            time.sleep(0.005)
        return self.arrivals.get(version, [])

    def close(self) -> None:
        self.running = False
        self.thread.join(2)
        for conn in list(self.buffers):
            conn.close()


def with_children(pid: int) -> list[int]:
    """A process and its children (gunicorn's master and workers)."""
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [pid, *map(int, children.split())]


def rss_bytes(pid: int) -> int:
    """Resident memory of a process and its children."""
    total = 0
    for each in with_children(pid):
        with open(f"/proc/{each}/status") as status:
            total += next(int(line.split()[1]) * 1024 for line in status
                          if line.startswith("VmRSS:"))
    return total


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process and its children so far."""
    total = 0
    for each in with_children(pid):
        with open(f"/proc/{each}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])              # utime, stime (ticks)
    return total / os.sysconf("SC_CLK_TCK")


# The fresh processes' first turns pay for imports, connections and first-use caches
# (p99 of 560-680 ms seen in 30 turns on an idle machine): played, not measured.
WARM_UP = 5


def turn_latencies(player: Player, turns: int) -> list[float]:
    return [player.turn() for _ in range(turns)]


def streams(game: str | None, connections: int, turns: int) -> None:
    chosen = pick_game(game)
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))     # our sockets and the server's
    env = {**os.environ, "REDIS_URL": redis_url()}
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "service.cli", "streams", "--port",
                               str(port), "--connections", str(connections + 100)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        wait_until_healthy(f"http://127.0.0.1:{port}")
        with running_service() as base:      # told before the service stops (slow under load)
            report(chosen.id, connections, **measured(base, port, server.pid, chosen, connections,
                                                      turns))
    finally:
        stop([server])          # SIGKILL to its group if SIGTERM is not enough


def measured(base: str, port: int, server: int, chosen, connections: int, turns: int) -> dict:
    """Turns played before and with `connections` streams open on their game, on the
    streams process `server`: the figures report() prints."""
    player = Player(base, chosen, 0)
    turn_latencies(player, WARM_UP)                          # not measured: see WARM_UP
    before = turn_latencies(player, turns)                   # no stream open
    idle, cpu_idle = rss_bytes(server), cpu_seconds(server)
    listeners = Listeners(port, f"/v1/games/{player.id}/events", connections)
    version = player.get(f"/v1/games/{player.id}")["version"]
    listeners.wait_for(version, connections, seconds=60)
    opened = len(listeners.arrivals.get(version, []))
    per_stream = (rss_bytes(server) - idle) / max(opened, 1)
    cpu_per_open = (cpu_seconds(server) - cpu_idle) / max(opened, 1)
    fan_out, during = [], []
    game_id, cpu_before = player.id, cpu_seconds(server)
    for _ in range(turns):
        during.append(player.turn())
        if player.id != game_id:                        # the game ended: no stream on it
            break
        turn = player.get(f"/v1/games/{game_id}/log?since={version}")
        for entry in turn["entries"]:
            arrived = listeners.wait_for(entry["version"], opened)
            fan_out += [at - entry["at"] for at in arrived]
            version = entry["version"]
    cpu = cpu_seconds(server) - cpu_before
    listeners.close()
    return {"opened": opened, "per_stream": per_stream, "cpu_per_open": cpu_per_open,
            "fan_out": fan_out, "cpu": cpu,
            "during": during, "before": before}


def report(game_id: str, connections: int, opened: int, per_stream: float, cpu_per_open: float,
           fan_out: list[float], cpu: float, during: list[float], before: list[float]) -> None:
    print(f"bench streams ({game_id}; `pbem streams`: 1 gevent worker; gunicorn 2x16 threads "
          f"and 2 rq workers for turns; Redis {redis_url()})")
    print(f"  open streams: {opened} of {connections} asked for, within 60 s")
    print(f"  memory per open stream: {per_stream / 1024:.1f} KiB (streams process RSS; the "
          f"connections not yet served count too)")
    print(f"  streams process CPU per stream opened: {cpu_per_open * 1000:.1f} ms")
    print(f"  fan-out, commit -> arrival on every stream ({len(fan_out)} deliveries): "
          f"p50 {ms(percentile(fan_out, 50))}  p99 {ms(percentile(fan_out, 99))}")
    print(f"  streams process CPU per event delivered: {cpu / max(len(fan_out), 1) * 1e6:.0f} µs "
          f"({cpu:.2f} s in all)")
    print(f"  submit->applied over {len(during)} turns with the streams open: "
          f"p50 {ms(percentile(during, 50))}  p99 {ms(percentile(during, 99))}")
    print(f"  the same before any stream was open (this run, after {WARM_UP} unmeasured warm-up turns): "
          f"p50 {ms(percentile(before, 50))}  p99 {ms(percentile(before, 99))}")
    held = opened == connections
    print(f"  ceiling: submit->applied p99 < {ms(TARGET_P99)} (`pbem bench api`'s target) with "
          f"{connections} streams open: "
          + ("met" if held and percentile(during, 99) < TARGET_P99 else "NOT met")
          + ("" if held else f" ({opened} streams held)")
          + f"; before any stream: {'met' if percentile(before, 99) < TARGET_P99 else 'NOT met'}")
