"""One pub/sub connection per process for every request that waits on a game or a player.

A turn submitted with `?wait`, a long poll (`?after_version=N&wait=S`) and an event
stream each wait for the game's channel (`game:{id}:resolved`, published by every
commit, rejection, pause and resume); a player's event stream waits for the player's
(`player:{id}:events`, published with each entry of the player's stream). redis-py's own way, a `PubSub` per waiter,
costs a new connection per wait (its `reset()` disconnects: measured, a TCP connect,
CLIENT SETINFO twice, SUBSCRIBE, UNSUBSCRIBE per submitted turn) and one connection
per open stream. Here one thread per process holds a single pattern subscription to
every game's and player's channel and wakes the waiters of the channel a message names.

Nothing published after a waiter subscribed is missed: the subscription is made
before the waiter looks, the hub is subscribed before `subscribe` returns, and after
a lost connection the hub wakes every waiter when it is subscribed again, so each
looks again at what may have changed meanwhile.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from collections import defaultdict, deque
from contextlib import contextmanager

import redis

log = logging.getLogger(__name__)
# every game's channel (each commit, rejection, pause, resume) and every player's
# (service/feed.py: each entry written to the player's stream)
PATTERNS = ("game:*:resolved", "player:*:events")
READY_WITHIN = 5.0          # seconds a first waiter waits for the hub's subscription
RETRY_MOST = 5.0            # seconds between attempts at most while Redis is away
LISTEN_SLICE = 1.0          # seconds a read of the subscription waits (get_message's own
                            # timeout, not the connection's command timeout)
PING_EVERY = 10.0           # quiet seconds before the hub asks Redis whether it is there


HEARD_KEPT = 16             # a waiter's last messages kept for it to read (Waiter.heard)


class Waiter:
    """What a request waits on: set by the hub at each message on its channel, whose
    last HEARD_KEPT messages it keeps (`heard`: a turn's resolution carries the turn,
    which its submitter then needs not read, service/store/channel.py)."""

    def __init__(self):
        self.changed = threading.Event()
        self.on_change = None       # also called at each message (service/api/hall.py)
        self.heard: deque = deque(maxlen=HEARD_KEPT)

    def get_message(self, timeout: float) -> bool | None:
        """True once the channel has had a message since the last call, None after
        `timeout` seconds without one (PubSub.get_message's contract, for its callers)."""
        if self.changed.wait(timeout):
            self.changed.clear()
            return True
        return None


class Hub:
    def __init__(self, conn: redis.Redis):
        self.conn = conn
        self.lock = threading.Lock()
        self.waiters: dict[str, set[Waiter]] = defaultdict(set)
        self.generation: dict[str, int] = defaultdict(int)     # messages seen per channel
        self.memos: dict[str, dict] = {}
        self.subscribed = threading.Event()
        threading.Thread(target=self.listen, name="pbem-changes", daemon=True).start()

    @contextmanager
    def waiting(self, channel: str):
        waiter, name = Waiter(), channel
        with self.lock:
            self.waiters[name].add(waiter)
        try:
            if not self.subscribed.wait(READY_WITHIN):
                raise redis.ConnectionError("no subscription to the games' channels")
            waiter.changed.clear()      # it looks now, after the subscription is made
            yield waiter
        finally:
            with self.lock:
                self.waiters[name].discard(waiter)
                if not self.waiters[name]:
                    del self.waiters[name]
                    self.memos.pop(name, None)
                    self.generation.pop(name, None)

    def memo(self, channel: str, what, compute):
        """compute(), or what it answered a waiter of `channel` since the channel's
        last message: a thousand streams woken by one commit read the game once per
        process, not a thousand times. Kept only while subscribed and waited on."""
        with self.lock:
            generation = self.generation[channel]
            known = self.memos.get(channel, {}).get(what)
            if known is not None and known[0] == generation:
                return known[1]
        value = compute()
        with self.lock:
            if self.subscribed.is_set() and channel in self.waiters and \
                    self.generation[channel] == generation:
                self.memos.setdefault(channel, {})[what] = (generation, value)
        return value

    def idle(self) -> bool:
        """No waiter, and this hub is no longer the process's (a new one starts at the
        next wait)."""
        with self.lock, _hubs_lock:
            if self.waiters:
                return False
            for ident, running in list(_hubs.items()):
                if running is self:
                    del _hubs[ident]
            return True

    def wake(self, channel: bytes | str | None = None, data: bytes | None = None) -> None:
        """Wake the channel's waiters (every waiter: None), each told `data`, the message."""
        if isinstance(channel, bytes):
            channel = channel.decode()
        with self.lock:
            for name in [channel] if channel else list(self.generation):
                self.generation[name] += 1
                self.memos.pop(name, None)
            found = [w for ws in ([self.waiters.get(channel, ())] if channel else
                                  self.waiters.values()) for w in ws]
        for waiter in found:
            if data is not None:
                waiter.heard.append(data)
            waiter.changed.set()
            if (told := waiter.on_change) is not None:
                told()

    def listen(self) -> None:
        """The hub's thread: one subscription to the PATTERNS, for ever; each
        confirmation of it wakes every waiter. A quiet subscription is not a lost one:
        it is read LISTEN_SLICE seconds at a time, below the client's socket_timeout
        (5 s, service/app.py), whose TimeoutError on a blocking read (PubSub.listen)
        once dropped the connection every 5 s and woke every waiter, so an idle stream's
        15 s keep-alive never came (issue 25). After PING_EVERY quiet seconds it pings;
        no word at all (a message or the pong) for twice that is a lost connection (a
        hung server answers nothing)."""
        pause = 0.1
        while True:
            pubsub = self.conn.pubsub()
            try:
                pubsub.psubscribe(*PATTERNS)
                heard = pinged = time.monotonic()
                while True:
                    message = pubsub.get_message(timeout=LISTEN_SLICE)
                    now = time.monotonic()
                    if message is not None:
                        heard = now
                        pause = self.heard(message, pause)
                    elif now - heard >= 2 * PING_EVERY:
                        raise redis.ConnectionError(f"no word from Redis in {now - heard:.0f} s")
                    elif now - max(heard, pinged) >= PING_EVERY and self.subscribed.is_set():
                        pubsub.ping()
                        pinged = now
            except redis.RedisError as err:
                self.subscribed.clear()
                self.wake()
                if self.idle():
                    return              # nobody waits: the next waiter starts a new hub
                log.warning("games' channels lost (%s); subscribing again in %.1f s", err, pause)
                time.sleep(pause)
                pause = min(RETRY_MOST, pause * 2)
            finally:
                pubsub.close()

    def heard(self, message: dict, pause: float) -> float:
        """A message of the subscription handled; the pause before a next attempt."""
        if message["type"] == "pmessage":
            self.wake(message["channel"], message["data"])
        elif message["type"] == "psubscribe":
            self.subscribed.set()
            self.wake()
            return 0.1
        return pause


_hubs: dict[tuple, Hub] = {}
_hubs_lock = threading.Lock()
SERVER = ("host", "port", "path", "username")     # what names a server (channels span its databases)


def hub(conn: redis.Redis) -> Hub:
    """This process's hub for the server `conn` talks to (made at first use, so a
    process forked after the app was built starts its own)."""
    kwargs = conn.connection_pool.connection_kwargs
    ident = (os.getpid(), *(kwargs.get(name) for name in SERVER))
    with _hubs_lock:
        if ident not in _hubs:
            _hubs[ident] = Hub(conn)
        return _hubs[ident]
