"""`pbem bench streams`: many open event streams on `pbem streams` (gevent workers) while
turns are played. Prints the memory per open stream, the fan-out latency (a move's
commit to its arrival on every open stream) and the submit->applied latency of turns
with the streams open, beside the same latency measured in the same run before any
stream was opened (the ceiling the streams must not push it past)."""
from __future__ import annotations

import os
import re
import resource
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time

from service.bench import free_port, ms, percentile, pick_game, running_service, \
    wait_until_healthy, Player
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


def rss_bytes(pid: int) -> int:
    """Resident memory of a process and its children (gunicorn's master and workers)."""
    total = 0
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    for each in [pid, *map(int, children.split())]:
        with open(f"/proc/{each}/status") as status:
            total += next(int(line.split()[1]) * 1024 for line in status
                          if line.startswith("VmRSS:"))
    return total


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
        with running_service() as base:
            player = Player(base, chosen, 0)
            before = turn_latencies(player, turns)                   # no stream open
            idle = rss_bytes(server.pid)
            listeners = Listeners(port, f"/v1/games/{player.id}/events", connections)
            version = player.get(f"/v1/games/{player.id}")["version"]
            listeners.wait_for(version, connections, seconds=60)
            opened = len(listeners.arrivals.get(version, []))
            per_stream = (rss_bytes(server.pid) - idle) / max(opened, 1)
            fan_out, during = [], []
            game_id = player.id
            for _ in range(turns):
                during.append(player.turn())
                if player.id != game_id:                        # the game ended: no stream on it
                    break
                turn = player.get(f"/v1/games/{game_id}/log?since={version}")
                for entry in turn["entries"]:
                    arrived = listeners.wait_for(entry["version"], opened)
                    fan_out += [at - entry["at"] for at in arrived]
                    version = entry["version"]
            listeners.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(15)
    print(f"bench streams ({chosen.id}; `pbem streams`: 1 gevent worker; gunicorn 2x16 threads "
          f"and 2 rq workers for turns; Redis {redis_url()})")
    print(f"  open streams: {opened} of {connections} asked for")
    print(f"  memory per open stream: {per_stream / 1024:.1f} KiB (streams process RSS)")
    print(f"  fan-out, commit -> arrival on every stream ({len(fan_out)} deliveries): "
          f"p50 {ms(percentile(fan_out, 50))}  p99 {ms(percentile(fan_out, 99))}")
    print(f"  submit->applied over {len(during)} turns with the streams open: "
          f"p50 {ms(percentile(during, 50))}  p99 {ms(percentile(during, 99))}")
    print(f"  the same before any stream was open (this run): "
          f"p50 {ms(percentile(before, 50))}  p99 {ms(percentile(before, 99))}")
    print(f"  target p99 {ms(TARGET_P99)}: "
          f"{'met' if percentile(during, 99) < TARGET_P99 else 'NOT met'}")
