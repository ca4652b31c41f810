"""Push (issue 13): a game's log as Server-Sent Events.

`GET /v1/games/{id}/events` sends every log entry from the resume point on, as the
caller may see it (the same redaction as `GET /log`), then each new one as its commit
publishes on the game's channel: `id:` is the entry's version, so a client that
reconnects with `Last-Event-ID` misses nothing and repeats nothing. A `game` event
follows each batch whose version, status or seats to act changed; `end` closes the
stream of a finished game. A stream lasts at most STREAM_SECONDS (the client
reconnects), and a comment every HEARTBEAT seconds keeps proxies from closing it.

Each open stream holds one connection and one pub/sub subscription; under gunicorn's
gthread workers that is a thread each, so `pbem streams` serves these routes under
gevent workers (README, "Push").
"""
from __future__ import annotations

import json
import time

from flask import Blueprint, Response, request, stream_with_context

from service import play
from service.api import seat_of, store

bp = Blueprint("events", __name__)
HEARTBEAT = 15.0
STREAM_SECONDS = 3600.0
RETRY_MS = 3000


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
    """The SSE lines: entries after `since`, then each batch as it is committed."""
    deadline, shown = time.monotonic() + STREAM_SECONDS, None
    yield f"retry: {RETRY_MS}\n\n"
    with store().changes(game.record.id) as channel:
        while True:
            for entry in play.redacted_log(store(), game, seat, since):
                yield sse("move", entry, entry["version"])
                since = entry["version"]
            snap = store().snapshot(game.record.id)
            now = {"version": snap.version, "status": snap.status, "to_act": snap.to_act}
            if now != shown:
                yield sse("game", now)
                shown = now
            if snap.status == "finished" and since >= snap.version:
                yield sse("end", {**now, "result": snap.result})
                return
            left = deadline - time.monotonic()
            if left <= 0:
                return
            if channel.get_message(timeout=min(HEARTBEAT, left)) is None:
                yield ": keep-alive\n\n"


def sse(event: str, data: dict, event_id: int | None = None) -> str:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"
