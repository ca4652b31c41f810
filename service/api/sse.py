"""Server-Sent Events on the wire: the bytes every stream shares, its timing, and how a
stream notices that its client left (issue 25)."""
from __future__ import annotations

import json
import select
import socket

HEARTBEAT = 15.0            # seconds without a byte sent before a keep-alive comment
STREAM_SECONDS = 3600.0     # a stream's longest life; the client reconnects with Last-Event-ID
RETRY_MS = 3000
RETRY = f"retry: {RETRY_MS}\n\n".encode()
KEEP_ALIVE = b": keep-alive\n\n"
# A client whose host vanished (no FIN, no RST) never acknowledges the next keep-alive:
# the kernel gives the connection up UNACKED_MS after it (TCP_USER_TIMEOUT, Linux), so a
# stream notices within HEARTBEAT + UNACKED_MS = 25 s < 30 s.
UNACKED_MS = 10_000


def sse(event: str, data: dict, event_id: int | str | None = None) -> str:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


def client_socket(environ: dict) -> socket.socket | None:
    """The request's connection as the server names it in the WSGI environ: gunicorn's
    gthread workers, its gevent workers, Werkzeug's server (`pbem dev`)."""
    for name in ("gunicorn.socket", "gunicorn.sock", "werkzeug.socket"):
        if isinstance(environ.get(name), socket.socket):
            return environ[name]
    return None


def watch_departure(sock: socket.socket | None) -> None:
    """A TCP connection is given up by the kernel once sent bytes stay unacknowledged
    UNACKED_MS (a vanished client): the stream's next look or write then fails."""
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6) and \
            hasattr(socket, "TCP_USER_TIMEOUT"):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, UNACKED_MS)


def departed(sock: socket.socket | None) -> bool:
    """Whether the client closed its end of the connection, or the connection failed:
    readable with nothing to read (a FIN), or an error. A client sends nothing on a
    stream, so a readable socket with bytes is only a client that pipelined; it stays."""
    if sock is None:
        return False
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        return bool(readable) and not sock.recv(1, socket.MSG_PEEK)
    except OSError:
        return True
