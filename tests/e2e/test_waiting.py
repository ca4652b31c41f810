"""Issue 25, "waiting never starves answering", against real processes: `pbem serve`
(gunicorn gthread, 2 workers x 32 threads), `pbem streams` (gevent), `pbem dev` and
`pbem worker`.
100 anonymous long polls and 50 abandoned event streams straight at `pbem serve` leave
`/v1/health` and a turn answering within 1 s; an idle game's stream sends its keep-alive
within 16 s; a stream whose client left is let go (its place counted at /metrics) within
30 s; 100 streams straight at `pbem serve` are served at once, without a thread each."""
from __future__ import annotations

import os
import re
import signal
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import psutil
import pytest
import requests

from service.api.sse import HEARTBEAT
from service.bench.running import free_port, wait_until_healthy
from tests.e2e.client import Table
from tests.e2e.conftest import spawn
from tests.e2e.processes import wait_for
from tests.e2e.test_push import streams  # noqa: F401  (the `pbem streams` fixture)

HELD = re.compile(r'^pbem_held_requests\{kind="(\w+)"\} (\S+)$', re.M)


def raw_get(base: str, path: str) -> socket.socket:
    """A GET sent on a socket of the test's own, nothing read."""
    where = urlsplit(base)
    sock = socket.create_connection((where.hostname, where.port), timeout=30)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {where.netloc}\r\n\r\n".encode())
    return sock


def read_until(sock: socket.socket, mark: bytes, seconds: float) -> bytes:
    """What the socket sent until `mark` (or its end, or `seconds`)."""
    got, deadline = b"", time.monotonic() + seconds
    while mark not in got and (left := deadline - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            piece = sock.recv(65536)
        except TimeoutError:
            break
        if not piece:
            break
        got += piece
    return got


def held(base: str) -> float:
    """The requests the server holds open now, as its /metrics counts them."""
    text = requests.get(f"{base}/metrics", timeout=5).text
    return sum(float(count) for _kind, count in HELD.findall(text))


def answers_within(seconds: float, call) -> requests.Response:
    started = time.monotonic()
    answer = call()
    assert time.monotonic() - started < seconds, f"answered in {time.monotonic() - started:.2f} s"
    return answer


def test_long_polls_and_abandoned_streams_leave_health_and_turns_answering(service):
    table = Table(service.base, "pile", 2, seed=31)
    polls = [raw_get(service.base, f"/v1/games/{table.id}?after_version=0&wait=30")
             for _ in range(100)]
    abandoned = [raw_get(service.base, f"/v1/games/{table.id}/events") for _ in range(50)]
    try:
        for stream in abandoned:
            assert read_until(stream, b"retry:", 10).startswith(b"HTTP/1.1 200")
        for stream in abandoned[:25]:
            stream.close()                      # the client left; the other 25 stop reading
        refused = [read_until(poll, b"\r\n\r\n", 5) for poll in polls]
        refusals = [head for head in refused if head.startswith((b"HTTP/1.1 429", b"HTTP/1.1 503"))]
        # 2 processes x 16 waits, 4 a client: 4 held by each process that took some, the
        # others refused at once
        assert 4 <= len(polls) - len(refusals) <= 8, refused
        assert all(b"Retry-After: 5" in head and b"application/problem+json" in head
                   for head in refusals)
        for _ in range(10):
            assert answers_within(1.0, lambda: requests.get(f"{service.base}/v1/health",
                                                            timeout=5)).status_code == 200
        legal = table.legal(0)
        turn = answers_within(1.0, lambda: table.submit(0, [legal["moves"][0]], legal["version"],
                                                        wait=0))
        assert turn.status_code == 202, turn.text
        assert answers_within(1.0, lambda: requests.get(table.url, timeout=5)).status_code == 200
    finally:
        for each in polls + abandoned:
            each.close()


@pytest.fixture(scope="module")
def dev(service, tmp_path_factory):
    """`pbem dev` (Werkzeug's server, a thread per request) on the test Redis, its
    metrics in a folder of its own (it empties its folder at start)."""
    port = free_port()
    server = spawn("dev", "--port", str(port), PBEM_VAR=str(tmp_path_factory.mktemp("dev")))
    try:
        wait_until_healthy(f"http://127.0.0.1:{port}")
        yield f"http://127.0.0.1:{port}"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)


@pytest.fixture
def servers(service, streams, dev):
    """The base URLs of `pbem serve` (streams held by its hall), `pbem streams` (gevent)
    and `pbem dev` (a thread per stream), by name."""
    return {"serve": service.base, "streams": streams, "dev": dev}


def on_each_at_once(check, servers: dict[str, str]) -> None:
    """check(base) on every server at the same time, each on a thread of its own: what
    these checks wait for is the servers' clocks (keep-alives, streams let go), so three
    servers take the time of one (issue 33); a failure names its server."""
    with ThreadPoolExecutor(len(servers)) as pool:
        running = {name: pool.submit(check, base) for name, base in servers.items()}
    for name, done in running.items():
        if failed := done.exception():
            raise AssertionError(f"pbem {name}: {failed!r}") from failed


def test_a_stream_whose_client_left_is_let_go_within_30_s(service, servers):
    on_each_at_once(lambda server: let_go_within_30_s(service, server), servers)


def let_go_within_30_s(service, server: str) -> None:
    table = Table(service.base, "pile", 2, seed=33)
    assert wait_for(lambda: held(server) == 0, 30), "an earlier test's stream is still held"
    opened = [raw_get(server, f"/v1/games/{table.id}/events") for _ in range(5)]
    for stream in opened:
        assert b"retry:" in read_until(stream, b"retry:", 10)
    assert wait_for(lambda: held(server) == 5, 5)
    left = time.monotonic()
    for stream in opened:
        stream.close()
    assert wait_for(lambda: held(server) == 0, 30), held(server)
    print(f"let go after {time.monotonic() - left:.1f} s")


def test_an_idle_game_stream_sends_its_keep_alive_within_16_s(service, servers):
    on_each_at_once(lambda server: keep_alive_within_16_s(service, server), servers)


def keep_alive_within_16_s(service, server: str) -> None:
    table = Table(service.base, "pile", 2, seed=32)
    stream = raw_get(server, f"/v1/games/{table.id}/events")
    try:
        assert b"event: game" in read_until(stream, b"event: game", 10)
        opened = time.monotonic()
        assert b": keep-alive" in read_until(stream, b": keep-alive", 16.0)
        assert HEARTBEAT - 1 < time.monotonic() - opened < 16.0
        assert b": keep-alive" in read_until(stream, b": keep-alive", 16.0)    # and again
    finally:
        stream.close()


def test_streams_straight_at_pbem_serve_hold_no_thread_each(service):
    """100 streams on 2 processes of 32 threads: all open at once, each hears the next
    move, and the processes' threads stay below one per stream."""
    table = Table(service.base, "pile", 2, seed=34)
    opened = [raw_get(service.base, f"/v1/games/{table.id}/events") for _ in range(100)]
    try:
        for stream in opened:
            assert read_until(stream, b"event: game", 10).startswith(b"HTTP/1.1 200")
        assert answers_within(1.0, lambda: requests.get(f"{service.base}/v1/health",
                                                        timeout=5)).status_code == 200
        legal = table.legal(0)
        assert table.submit(0, [legal["moves"][0]], legal["version"]).json()["status"] == "applied"
        for stream in opened:
            assert b"id: 1\nevent: move" in read_until(stream, b"event: move", 5)
        threads = sum(worker.num_threads() for worker in psutil.Process(service.server.pid).children())
        assert threads < 100, threads
    finally:
        for stream in opened:
            stream.close()
