"""A game's channel: each change announced on it, and waiting on it for a change (no
polling)."""
from __future__ import annotations

import time
from contextlib import contextmanager

import redis

from service import changes
from service.store.keys import key
from service.store.records import Snapshot, turn_loaded, turn_stored


class Channel:
    """A game's changes announced and waited for: a part of `Store`
    (service/store/__init__.py), whose `state` is the game state's Redis; what is
    waited for is read with `turn` (turns.py) and `snapshot` (games.py)."""

    def announce(self, game_id: str, message: str) -> None:
        """Publish on the game's channel, after the EXEC that made the change (a Redis
        Cluster takes no PUBLISH inside MULTI): a waiter subscribes before it looks, so
        it sees the change or this message; one lost with a process killed between the
        two ends its wait at its timeout, as the state then is. On a Redis Cluster the
        channel is sharded (SPUBLISH: only the nodes of the game's slot carry it, where
        PUBLISH goes to every node); on one Redis a plain one (the embedded Redis of
        `pbem dev`, 6.2, has no sharded channels)."""
        if isinstance(self.state, redis.RedisCluster):
            self.state.spublish(key(game_id, "resolved"), message)
        else:
            self.state.publish(key(game_id, "resolved"), message)

    def announce_in(self, pipe, game_id: str, message: str) -> None:
        """On one Redis, the announcement of a change made in a MULTI goes in that MULTI:
        a subscriber gets it once EXEC has applied the change, and it costs no round trip
        of its own (issue 10). A Redis Cluster takes no PUBLISH inside MULTI: there
        announced() publishes after EXEC."""
        if not isinstance(self.state, redis.RedisCluster):
            pipe.publish(key(game_id, "resolved"), message)

    def announced(self, game_id: str, turn_id: str, resolved: dict | None) -> dict | None:
        if resolved and isinstance(self.state, redis.RedisCluster):
            self.announce(game_id, turn_id)
        return resolved

    @contextmanager
    def changes(self, game_id: str):
        """The game's channel, subscribed: each commit, rejection and pause or resume
        publishes on it. Subscribe before looking, so nothing after the look is missed.
        On one Redis, every waiter of this process shares one subscription
        (service/changes.py).
        On a Redis Cluster (SSUBSCRIBE) the channel given is the plain pub/sub of the
        node of the game's slot: redis-py's cluster pub/sub reads sharded messages
        without a timeout, and drops them all when told to ignore subscribe messages."""
        channel_key = key(game_id, "resolved")
        opened = []
        try:
            if isinstance(self.state, redis.RedisCluster):
                channel = self.state.pubsub(ignore_subscribe_messages=True)
                opened.append(channel)
                channel.ssubscribe(channel_key)
                node = channel.node_pubsub_mapping[self.state.get_node_from_key(channel_key).name]
                node.ignore_subscribe_messages = True
                opened.append(node)          # the cluster's close() leaves it open
                yield node
            else:
                with changes.hub(self.state).waiting(channel_key) as shared:
                    yield shared
        finally:
            for each in opened:
                each.close()

    def shared(self, game_id: str, what, compute):
        """compute(), shared by every waiter of the game in this process until the
        game's next change (service/changes.py, Hub.memo; on a Redis Cluster each
        waiter computes its own); call it inside changes()."""
        if isinstance(self.state, redis.RedisCluster):
            return compute()
        return changes.hub(self.state).memo(key(game_id, "resolved"), what, compute)

    def wait_for(self, game_id: str, seconds: float, look, ready, first=None, told=None):
        """look() once ready(look()) holds, or as it is after `seconds`; looked at again
        at each message on the game's channel (no polling). `first`: what stands for
        the first look, called once subscribed (submit_and_wait). `told(messages)`: what
        the channel's messages since the last look tell, standing for a look, or None
        (then it looks)."""
        with self.changes(game_id) as channel:
            deadline = time.monotonic() + seconds
            value = (first or look)()
            while not ready(value) and (left := deadline - time.monotonic()) > 0:
                if message := channel.get_message(timeout=left):
                    value = told and told(heard(channel, message))
                    value = look() if value is None else value
            return value

    def wait_resolved(self, game_id: str, turn_id: str, seconds: float) -> dict:
        """The turn once resolved, or as it is after `seconds`."""
        return self.wait_for(game_id, seconds, lambda: self.turn(game_id, turn_id),
                             lambda turn: turn["status"] != "queued")

    def submit_and_wait(self, game_id: str, submit, seconds: float) -> dict:
        """submit() (a turn, as service.play.submit_turn answers it) made once the game's
        channel is subscribed, then the turn once resolved, or as it is after `seconds`.
        The turn submit() answers is then a look taken after the subscription: a turn it
        queued is known to be queued without reading it back (issue 10: a round trip of
        every submission that waits). Once submit() has answered, the turn is stored: if
        the store fails while it is waited for, it is answered as submit() did (issue 25:
        not a 503, which would tell the client to send it again). The turn resolved is
        read from the channel's message that announced it (turn_message; issue 32: a GET
        of every submission that waits), else looked up."""
        submitted = []

        def first() -> dict:
            submitted.append(submit())
            return submitted[0]
        def told(messages: list[bytes]) -> dict | None:
            return next((turn for message in messages if (turn := resolution(
                message, submitted[0]["id"])) is not None), None)
        try:
            return self.wait_for(game_id, seconds, lambda: self.turn(game_id, submitted[0]["id"]),
                                 lambda turn: turn["status"] != "queued", first=first, told=told)
        except redis.RedisError:
            if submitted:
                return submitted[0]
            raise

    def wait_version(self, game_id: str, after: int, seconds: float) -> Snapshot:
        """The snapshot once its version is past `after`, or as it is after `seconds`."""
        return self.wait_for(game_id, seconds, lambda: self.snapshot(game_id),
                             lambda snap: snap.version > after)


def heard(channel, message) -> list[bytes]:
    """The messages a waiter's channel has had: the hub's waiter keeps its last ones
    (service/changes.py); a Redis Cluster's node pub/sub answers each with its message
    (issue 32: there the turn resolved is read from it too, not GET after)."""
    kept = getattr(channel, "heard", None)
    return list(kept) if kept is not None else [message["data"]]


def turn_message(turn_id: str, resolved: dict) -> str:
    """The channel's message of a turn resolved: its id and the turn as stored."""
    return f"{turn_id} {turn_stored(resolved)}"


def resolution(message: bytes, turn_id: str) -> dict | None:
    """The turn `turn_id` as a channel's message announced it resolved (turn_message),
    else None (another turn's, a pause's, an older message of only the id)."""
    named, _, text = message.partition(b" ")
    return turn_loaded(text, turn_id) if text and named.decode() == turn_id else None
