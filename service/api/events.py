"""Push (issue 13): a game's log as Server-Sent Events.

`GET /v1/games/{id}/events` sends every log entry from the resume point on, as the
caller may see it (the same redaction as `GET /log`), then each new one as its commit
publishes on the game's channel: `id:` is the entry's version, so a client that
reconnects with `Last-Event-ID` misses nothing and repeats nothing. A `game` event
follows each batch whose version, status or seats to act changed; `end` closes the
stream of a finished game. A stream lasts at most STREAM_SECONDS (the client
reconnects), and a comment every HEARTBEAT seconds keeps proxies from closing it.

Each open stream holds one HTTP connection; the process's streams share one pub/sub
subscription and, between two changes of a game, one read of it and one rendering
of each batch per audience (the spectators, or one seat) (service/changes.py).
Under gunicorn's gthread workers a stream would pin a thread, so `pbem streams` serves
these routes under gevent workers (README, "Push").
"""
from __future__ import annotations

import json
import time

from flask import Blueprint, Response, current_app, request, stream_with_context

from service import changes, feed, play, players
from service.api import bearer, seat_of, store
from service.api.accounts import me

bp = Blueprint("events", __name__)
HEARTBEAT = 15.0
STREAM_SECONDS = 3600.0
RETRY_MS = 3000
RETRY = f"retry: {RETRY_MS}\n\n".encode()
KEEP_ALIVE = b": keep-alive\n\n"


@bp.get("/v1/games/<game_id>/events")
def game_events(game_id: str):
    game = play.load_game(store(), game_id)
    seat = seat_of(game.record)
    since = request.headers.get("Last-Event-ID", type=int)
    if since is None:
        since = request.args.get("since", 0, type=int)
    return Response(stream_with_context(stream(game, seat, since)),
                    mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def stream(game, seat: int | None, since: int):
    """The SSE bytes: entries after `since`, then each batch as it is committed. The
    streams of one audience (the spectators, or one seat) at one point of the game share
    one rendering of each batch (`batch`), so a change costs each stream a write of the
    same bytes, not its own reads and JSON encoding."""
    deadline, shown, game_id, games = time.monotonic() + STREAM_SECONDS, None, game.record.id, store()
    yield RETRY
    with games.changes(game_id) as channel:
        while True:
            text, since, shown, done = games.shared(
                game_id, ("sse", seat, since, shown),
                lambda since=since, shown=shown: batch(games, game, seat, since, shown))
            if text:
                yield text
            if done:
                return
            left = deadline - time.monotonic()
            if left <= 0:
                return
            if channel.get_message(timeout=min(HEARTBEAT, left)) is None:
                yield KEEP_ALIVE


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
    return Response(stream_with_context(player_stream(conn, player, bearer(), since)),
                    mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def player_stream(conn, player: str, token: str, since: str | None):
    """The SSE lines of the player's stream after entry `since`; ends when the token is
    revoked (a revocation wakes the stream at once) or after STREAM_SECONDS. Between
    entries the stream waits on the process's one subscription (feed.add publishes
    each entry), holding no Redis connection."""
    deadline, quiet_since = time.monotonic() + STREAM_SECONDS, time.monotonic()
    stream = feed.player_stream(player)
    yield RETRY
    with changes.hub(conn).waiting(stream) as waiter:
        if since is None or trimmed_since(conn, stream, since):
            newest = conn.xrevrange(stream, count=1)
            since = newest[0][0].decode() if newest else "0-0"
            yield sse("inbox", {"games": players.inbox(conn, player, only_to_act=True)}, since)
        while (left := deadline - time.monotonic()) > 0:
            found = conn.xread({stream: since}, count=100)
            for entry_id, fields in (found[0][1] if found else []):
                since = entry_id.decode()
                event = json.loads(fields[b"event"])
                if event["type"] == feed.REVOKED:
                    if players.token_player(conn, token) != player:
                        return
                    continue
                yield sse(event["type"], event, since)
                quiet_since = time.monotonic()
            if not found:
                waiter.get_message(timeout=max(0.0, min(left, quiet_since + HEARTBEAT - time.monotonic())))
            if time.monotonic() - quiet_since >= HEARTBEAT:
                yield KEEP_ALIVE
                quiet_since = time.monotonic()


def trimmed_since(conn, stream: str, since: str) -> bool:
    """Whether entries after `since` may have been trimmed from the stream (it keeps the
    newest feed.STREAM_LENGTH): then the client is sent the inbox again, not a gap."""
    oldest = conn.xrange(stream, count=1)
    return bool(oldest) and entry_order(since) < entry_order(oldest[0][0].decode())


def entry_order(entry_id: str) -> tuple[int, int]:
    millis, _, sequence = entry_id.partition("-")
    return int(millis), int(sequence or 0)


def sse(event: str, data: dict, event_id: int | str | None = None) -> str:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"
