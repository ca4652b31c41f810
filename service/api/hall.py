"""The hall: the event streams of a `pbem serve` process, held without a thread each
(issue 25: 16 board pages opened straight on `pbem serve` held its 16 threads).

A stream's request is answered on one of gunicorn's gthread threads like any other: the
view checks it (401, 404, the room of streams) and subscribes to its channel; gunicorn
sends the headers and the first bytes (`retry:`); then `HandOff` moves the connection to
the hall and the thread goes back to the pool. The hall is one thread per process
running an asyncio loop: asyncio's transports write each stream's bytes (buffered, never
blocking), read every socket (a client that closes its end or resets is noticed at
once), and time the keep-alives; a stream's news (Redis reads, shared per game change:
service/changes.py) is looked up on a small pool of threads beside it.

The connection is moved without gunicorn's knowledge (gunicorn has no way to give a
socket up): the hall takes a duplicate of its descriptor, and gunicorn's own descriptor
number is pointed at an unconnected socket (dup2), so what gunicorn does next (the end
of a chunked body, its graceful close, which would send a FIN) lands there, fails as on
a connection the client dropped, and is ignored by gunicorn. The loop, transports and
timers are asyncio's (the standard library), not our own. Alternatives weighed, not
measured: gunicorn's gevent worker for the whole API would run the engines' CPU-bound
work (a Brass legal-moves answer, up to seconds) on one loop with every other request
of the process; passing the descriptor to a `pbem streams` process (SCM_RIGHTS) needs a
custom worker on both sides of gunicorn; a redirect to `pbem streams` fails where only
`pbem serve` is reachable. nginx in front (deploy/) still sends streams to `pbem streams`.
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

from service import changes
from service.api.sse import HEARTBEAT, KEEP_ALIVE, RETRY, STREAM_SECONDS

log = logging.getLogger(__name__)
NEWS_THREADS = 2            # look up streams' news (reads shared per game change)
WRITE_BUFFER = 256 * 1024   # bytes a stream may have unsent before it counts as stuck
STUCK_SECONDS = 30.0        # a client that reads nothing for this long is let go


def serving() -> bool:
    """Whether this process's streams go to the hall: `pbem serve` says so
    (PBEM_STREAM_HALL=1), and the game state is on one Redis (on a Redis Cluster a
    game's stream reads its own node's subscription, on its own thread)."""
    return os.environ.get("PBEM_STREAM_HALL") == "1" and not os.environ.get("STATE_REDIS_URL")


def takes(environ: dict, channel) -> bool:
    """Whether this request's stream goes to the hall: served by gunicorn's gthread
    worker over HTTP/1.x, waiting on the hub."""
    return (serving() and "gunicorn.socket" in environ
            and environ.get("SERVER_PROTOCOL") in ("HTTP/1.0", "HTTP/1.1")
            and isinstance(channel, changes.Waiter))


class HandOff:
    """A stream's body under `pbem serve`: its first bytes, sent by gunicorn's thread;
    asked for more, it moves the connection to the hall and ends. Closed before that
    (the client left, an error), it gives the stream's place and subscription back."""

    def __init__(self, stream, channel, sock: socket.socket, resources: ExitStack, app,
                 environ: dict):
        self.stream, self.channel, self.sock, self.resources, self.app = \
            stream, channel, sock, resources, app
        # gunicorn frames the body in chunks over HTTP/1.1 (no Content-Length is set),
        # as it is over HTTP/1.0 not at all: the hall goes on the same way
        self.chunked = environ["SERVER_PROTOCOL"] == "HTTP/1.1"
        self.started = self.handed = False

    def __iter__(self):
        return self

    def __next__(self) -> bytes:
        if not self.started:
            self.started = True
            return RETRY
        if not self.handed:
            self.handed = True
            hall().adopt(Held(self), take_over(self.sock))
        raise StopIteration

    def close(self) -> None:
        if not self.handed:
            self.resources.close()


def take_over(sock: socket.socket) -> socket.socket:
    """The connection, on a descriptor of the hall's own; gunicorn's descriptor number
    then names an unconnected socket (see the module's note)."""
    ours = sock.dup()
    with socket.socket(sock.family, socket.SOCK_STREAM) as nowhere:
        os.dup2(nowhere.fileno(), sock.fileno())
    return ours


class Held(asyncio.Protocol):
    """One stream in the hall: its news at each change of its channel, a keep-alive
    comment HEARTBEAT seconds after its last byte, its end after STREAM_SECONDS, when its
    feed ends, when the client closes or resets the connection (the kernel gives up a
    vanished client: sse.watch_departure) or reads nothing for STUCK_SECONDS with
    WRITE_BUFFER bytes waiting. Then its place and subscription are given back."""

    def __init__(self, handed: HandOff):
        self.handed, self.loop = handed, None
        self.transport = self.beat = self.stuck = self.ending = None
        self.busy = self.again = False

    def connection_made(self, transport) -> None:
        self.transport, self.loop = transport, asyncio.get_running_loop()
        transport.set_write_buffer_limits(high=WRITE_BUFFER)
        self.ending = self.loop.call_later(STREAM_SECONDS, self.end)
        self.beat = self.loop.call_later(HEARTBEAT, self.send, KEEP_ALIVE)
        self.handed.channel.on_change = lambda: self.loop.call_soon_threadsafe(self.woken)
        self.woken()                    # what changed while the connection was moved

    def woken(self) -> None:
        if self.transport.is_closing():
            return
        if self.busy:
            self.again = True
            return
        self.busy = True
        self.loop.run_in_executor(hall().news, self.look).add_done_callback(self.looked)

    def look(self) -> tuple[bytes, bool]:
        with self.handed.app.app_context():
            return self.handed.stream.news()

    def looked(self, done) -> None:
        self.busy = False
        if self.transport.is_closing():
            return
        try:
            text, over = done.result()
        except Exception:               # Redis away: the client reconnects with Last-Event-ID
            log.exception("a held stream's news failed; the stream is ended")
            self.end()
            return
        if text:
            self.send(text)
        if over:
            self.end()
        elif self.again:
            self.again = False
            self.woken()

    def send(self, data: bytes) -> None:
        if self.transport.is_closing():
            return
        self.transport.write(b"%x\r\n%s\r\n" % (len(data), data) if self.handed.chunked else data)
        self.beat.cancel()
        self.beat = self.loop.call_later(HEARTBEAT, self.send, KEEP_ALIVE)

    def end(self) -> None:
        if not self.transport.is_closing():
            if self.handed.chunked:
                self.transport.write(b"0\r\n\r\n")
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        """A client sends nothing on a stream; what it sends is ignored."""

    def eof_received(self) -> bool:
        return False                    # the client closed its end: the stream ends

    def pause_writing(self) -> None:
        self.stuck = self.loop.call_later(STUCK_SECONDS, self.transport.abort)

    def resume_writing(self) -> None:
        self.stuck.cancel()

    def connection_lost(self, exc) -> None:
        for timer in (self.beat, self.stuck, self.ending):
            if timer is not None:
                timer.cancel()
        self.handed.channel.on_change = None
        self.handed.resources.close()


class Hall:
    """The loop and its thread, and the pool that looks up news."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.news = ThreadPoolExecutor(NEWS_THREADS, thread_name_prefix="pbem-hall-news")
        threading.Thread(target=self.loop.run_forever, name="pbem-hall", daemon=True).start()

    def adopt(self, held: Held, sock: socket.socket) -> None:
        def adopted(done) -> None:
            if done.exception() is not None:
                log.warning("a stream could not be held: %s", done.exception())
                sock.close()
                held.handed.resources.close()
        asyncio.run_coroutine_threadsafe(
            self.loop.connect_accepted_socket(lambda: held, sock), self.loop
        ).add_done_callback(adopted)


_halls: dict[int, Hall] = {}
_halls_lock = threading.Lock()


def hall() -> Hall:
    """This process's hall, started at its first stream."""
    with _halls_lock:
        if os.getpid() not in _halls:
            _halls[os.getpid()] = Hall()
        return _halls[os.getpid()]
