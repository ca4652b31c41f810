"""Push (issue 13): a game's log as Server-Sent Events.

`GET /v1/games/{id}/events` sends every log entry from the resume point on, as the
caller may see it (the same redaction as `GET /log`), then each new one as its commit
publishes on the game's channel: `id:` is the entry's version, so a client that
reconnects with `Last-Event-ID` misses nothing and repeats nothing. A `game` event
follows each batch whose version, status or seats to act changed; `end` closes the
stream of a finished game. Each message said at the table after the stream opened
that the caller reads (service/messages.py) comes as `event: message`, without an `id:`
(a message is no version; `GET /v1/games/{id}/messages` pages through them); a client
that reconnects sends the last message's id as `messages_after` to miss none. A stream lasts at most STREAM_SECONDS (the client
reconnects), and a comment HEARTBEAT seconds after its last bytes keeps proxies from
closing it.

Each open stream holds one HTTP connection; the process's streams share one pub/sub
subscription and, between two changes of a game, one read of it and one rendering
of each batch per audience (the spectators, or one seat) (service/changes.py). What a
stream sends is its feed (GameFeed, PlayerFeed: `news()`); who sends it depends on the
server: a greenlet of `pbem streams` (gevent) or a thread of `pbem dev` runs
`on_this_thread`, and under `pbem serve` (gthread) the process's hall holds every
stream without a thread (service/api/hall.py). Each server bounds its streams
(service/api/waiting.py; README, "Push").
"""
from __future__ import annotations

import json
import time
from contextlib import ExitStack

from flask import Blueprint, Response, current_app, request, stream_with_context

from service import changes, feed, limits, messages, play, players, talk_keys
from service.api import bearer, hall, seat_of, store
from service.api.accounts import me
from service.api.sse import (HEARTBEAT, KEEP_ALIVE, RETRY, STREAM_SECONDS, client_socket,
                             departed, sse, watch_departure)
from service.api.waiting import rooms

bp = Blueprint("events", __name__)
READ_AT_ONCE = 100          # entries of a player's stream read in one XREAD


@bp.get("/v1/games/<game_id>/events")
def game_events(game_id: str):
    game = play.load_game(store(), game_id)
    seat = seat_of(game.record)
    since = request.headers.get("Last-Event-ID", type=int)
    if since is None:
        since = request.args.get("since", 0, type=int)
    return held(GameFeed(store(), game, seat, since, request.args.get("messages_after")),
                lambda: store().changes(game_id))


def held(stream, subscribe) -> Response:
    """The stream's answer: a place in the room of streams (else 429 or 503,
    service/api/waiting.py), the subscription to its channel, then its bytes; under
    `pbem serve` handed to the process's hall (service/api/hall.py) once its first bytes
    are out, elsewhere (`pbem streams`, `pbem dev`) sent on this request's own greenlet
    or thread. Whichever way it ends (done, its hour over, the client gone), the place
    and the subscription are given back."""
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    if request.method == "HEAD":            # the headers alone: nothing to hold open
        return Response(mimetype="text/event-stream", headers=headers)
    client, room = limits.client(), rooms().streams
    with ExitStack() as opening:
        room.take(client)
        opening.callback(room.give_back, client)
        channel = opening.enter_context(subscribe())
        resources = opening.pop_all()
    sock = client_socket(request.environ)
    watch_departure(sock)
    if hall.takes(request.environ, channel):
        body = hall.HandOff(stream, channel, sock, resources, current_app._get_current_object(),
                            request.environ)
    else:
        body = stream_with_context(on_this_thread(stream, channel, sock, resources))
    answer = Response(body, mimetype="text/event-stream", headers=headers)
    if not isinstance(body, hall.HandOff):
        answer.call_on_close(resources.close)   # a body never read gives its place back too
    return answer


def on_this_thread(stream, channel, sock, resources: ExitStack):
    """The stream's bytes as a generator run by the request's greenlet or thread: its
    news at each change of its channel, a keep-alive comment once HEARTBEAT seconds
    passed without a byte sent (however often the channel woke it for nothing), until
    the stream ends, its hour is over or the client is gone."""
    with resources:
        deadline = time.monotonic() + STREAM_SECONDS
        yield RETRY
        sent = time.monotonic()
        while True:
            text, done = stream.news()
            if text:
                yield text
                sent = time.monotonic()
            if done:
                return
            woken = None
            while not woken:
                now = time.monotonic()
                if now >= deadline or departed(sock):
                    return
                if now - sent >= HEARTBEAT:
                    yield KEEP_ALIVE
                    sent = now
                woken = channel.get_message(timeout=max(0.0, min(sent + HEARTBEAT, deadline) - now))


class GameFeed:
    """What a game's stream sends: the entries after `since`, then each batch as it is
    committed. The streams of one audience (the spectators, or one seat) at one point of
    the game share one rendering of each batch (`batch`), so a change costs each stream
    a write of the same bytes, not its own reads and JSON encoding."""

    def __init__(self, games, game, seat: int | None, since: int, said: str | None = None):
        self.games, self.game, self.seat, self.since, self.shown = games, game, seat, since, None
        # the messages after `said` (a reconnecting client's last), else from now on
        self.said = said or talk_keys.newest_id(games.redis, game.record.id)

    def news(self) -> tuple[bytes, bool]:
        """The bytes to send now (none if nothing changed), and whether the stream ends."""
        games, game, seat = self.games, self.game, self.seat
        talk, self.said = games.shared(
            game.record.id, ("said", seat, self.said),
            lambda said=self.said: said_after(games.redis, game.record.id, seat, said))
        text, self.since, self.shown, done = games.shared(
            game.record.id, ("sse", seat, self.since, self.shown),
            lambda since=self.since, shown=self.shown: batch(games, game, seat, since, shown))
        return talk + text, done


def said_after(conn, game_id: str, seat: int | None, said: str) -> tuple[bytes, str]:
    """The SSE bytes of the messages after id `said` that the seat reads, and the id of
    the newest message looked at."""
    found = messages.readable(conn, game_id, seat, said)
    return ("".join(sse(messages.MESSAGE, m) for m in found).encode(),
            found[-1]["id"] if found else said)


def batch(games, game, seat: int | None, since: int, shown: tuple | None):
    """What a stream of `seat` that has sent up to `since` and last told the game as
    `shown` sends now, as one write (a thousand streams woken by one commit cost a
    thousand sends, not two thousand): (its bytes, the version it has then sent up to,
    the game as then told, whether the stream ends)."""
    game_id = game.record.id
    text, last = games.shared(game_id, ("moves", seat, since),
                              lambda: moves_after(game, seat, since))
    snap = games.shared(game_id, "snapshot", lambda: games.snapshot(game_id))
    now = {"version": snap.version, "status": snap.status, "to_act": snap.to_act}
    told = (snap.version, snap.status, tuple(snap.to_act))
    if told != shown:
        text += sse("game", now)
    done = snap.status == "finished" and last >= snap.version
    if done:
        text += sse("end", {**now, "result": snap.result})
    return text.encode(), last, told, done


def moves_after(game, seat: int | None, since: int) -> tuple[str, int]:
    """The SSE text of the entries after `since` as the seat may see them, and the
    version of the last one (`since` if none)."""
    entries = play.redacted_log(store(), game, seat, since)
    return ("".join(sse("move", entry, entry["version"]) for entry in entries),
            entries[-1]["version"] if entries else since)


@bp.get("/v1/players/me/events")
def player_events():
    """The player's own stream across all its games (service/feed.py): without
    Last-Event-ID first `inbox` (every game where the player is to act, its id the
    point to resume from), then `game-started`, `your-turn` and `game-over` as they are
    announced, each with its stream entry's id."""
    player, conn = me()["id"], current_app.extensions["redis"]
    since = request.headers.get("Last-Event-ID") or request.args.get("since")
    return held(PlayerFeed(conn, player, bearer(), since),
                lambda: changes.hub(conn).waiting(feed.player_stream(player)))


class PlayerFeed:
    """What a player's stream sends after entry `since`; it ends when the token is
    revoked (a revocation wakes the stream at once). Between entries the stream waits on
    the process's one subscription (feed.add publishes each entry), holding no Redis
    connection."""

    def __init__(self, conn, player: str, token: str, since: str | None):
        self.conn, self.player, self.token, self.since = conn, player, token, since
        self.stream, self.opened = feed.player_stream(player), False

    def news(self) -> tuple[bytes, bool]:
        """The bytes to send now (first the inbox, unless resumed), and whether the
        stream ends (its token revoked)."""
        conn, stream, text = self.conn, self.stream, ""
        if not self.opened:
            self.opened = True
            if self.since is None or trimmed_since(conn, stream, self.since):
                newest = conn.xrevrange(stream, count=1)
                self.since = newest[0][0].decode() if newest else "0-0"
                text = sse("inbox", {"games": players.inbox(conn, self.player, only_to_act=True)},
                           self.since)
        while True:
            found = conn.xread({stream: self.since}, count=READ_AT_ONCE)
            entries = found[0][1] if found else []
            for entry_id, fields in entries:
                self.since = entry_id.decode()
                event = json.loads(fields[b"event"])
                if event["type"] != feed.REVOKED:
                    text += sse(event["type"], event, self.since)
                elif players.token_player(conn, self.token) != self.player:
                    return text.encode(), True
            if len(entries) < READ_AT_ONCE:
                return text.encode(), False


def trimmed_since(conn, stream: str, since: str) -> bool:
    """Whether entries after `since` may have been trimmed from the stream (it keeps the
    newest feed.STREAM_LENGTH): then the client is sent the inbox again, not a gap."""
    oldest = conn.xrange(stream, count=1)
    return bool(oldest) and entry_order(since) < entry_order(oldest[0][0].decode())


def entry_order(entry_id: str) -> tuple[int, int]:
    millis, _, sequence = entry_id.partition("-")
    return int(millis), int(sequence or 0)
