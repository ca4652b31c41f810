"""What a game tells its players across games (issue 13): "game started", "your turn"
and "game over", written to each bound player's own stream in Redis (read by
`GET /v1/players/me/events`) and handed to the webhooks of the players and the game
(service/webhooks.py).

announce() is called after each change of a game (its creation, every resolved turn,
a pause or resume) and looks at the game as it is now against what was last announced
(`game:{id}:announced`: version, status, seats to act), so calling it twice, or for a
turn already superseded, tells nothing twice. A seat is told "your turn" when it comes
to act, or acts again after its own move. The game is read from where its state lives
(service/store/: STATE_REDIS_URL's Redis Cluster, or REDIS_URL's Redis); the mark,
the players' streams and the webhooks' jobs are on REDIS_URL's Redis, written in one
MULTI/EXEC under WATCH of the mark, and the game is read after the WATCH: an announcer
whose look another one's write overtook runs again, so the marks are written in the
order the game was read, and the last one written saw the game at least as new as any
other (a change made after an announcer's read is announced by the change's own call).

Keys: `player:<id>:events` (a Redis stream, the newest STREAM_LENGTH entries; an
entry's id is the SSE event id, so a client resumes with Last-Event-ID)."""
from __future__ import annotations

import json
import time

from service import seating, webhooks
from service.feed_events import OVER, STARTED, YOUR_TURN
from service.store import WAITING, GameRecord, Snapshot, Store, key

STREAM_LENGTH = 1000            # entries kept per player (about the last few weeks of play)
REVOKED = "token-revoked"       # internal: wakes the player's open streams to look at their token


def player_stream(player_id: str) -> str:
    return f"player:{player_id}:events"


def mark_key(game_id: str) -> str:
    return key(game_id, "announced")


def listened(conn, record: GameRecord) -> bool:
    """Whether anyone listens to the game: a seat bound to a player, or a webhook of the
    game's (one SCARD, where announce() costs a transaction of about six round trips;
    issue 10's throughput). A listener added later is caught up (catch_up)."""
    return any(entry.player for entry in record.seats) or bool(webhooks.of_game(conn, record.id))


def announce(conn, game_id: str) -> list[dict]:
    """Tell what the game's current state owes since the last announcement: the events,
    each {type, game, game_type, version, status, to_act, seat (your-turn), result
    (game-over)}, [] when nothing is new. Each is written to the streams of the players
    it concerns and queued for the webhooks it concerns."""
    store, mark = Store(conn), mark_key(game_id)

    def tell(pipe):
        raw_mark = pipe.get(mark)
        record, snap, _turn = store.game_and_snapshot(game_id)     # after the WATCH
        if record is None or snap is None or not listened(pipe, record) or snap.status == WAITING:
            return []   # nobody listens (catch_up() marks it when one comes), or not dealt yet
        before = json.loads(raw_mark) if raw_mark else None
        now = {"version": snap.version, "status": snap.status, "to_act": snap.to_act}
        if before == now:
            return []
        movers = {entry["seat"] for entry in store.log(game_id, before["version"])
                  if entry["version"] <= snap.version} if before else set()
        events = changes(record, snap, before, movers)
        pipe.multi()
        pipe.set(mark, json.dumps(now))
        tell_players(conn, pipe, record, events)
        return events
    return conn.transaction(tell, mark, value_from_callable=True)


def changes(record: GameRecord, snap: Snapshot, before: dict | None, movers: set[int]) -> list[dict]:
    base = {"game": record.id, "game_type": record.game, "version": snap.version,
            "status": snap.status, "to_act": snap.to_act, "at": time.time()}
    dealt_now = before is None or before["status"] == WAITING    # a mark of before the deal
    events = [{"type": STARTED, **base}] if dealt_now else []
    if snap.status == "active":
        was_active = before is not None and before["status"] == "active"
        events += [{"type": YOUR_TURN, **base, "seat": seat} for seat in snap.to_act
                   if not was_active or seat not in before["to_act"] or seat in movers]
    if snap.status == "finished" and (before is None or before["status"] != "finished"):
        events.append({"type": OVER, **base, "result": snap.result})
    return events


def tell_players(conn, pipe, record: GameRecord, events: list[dict],
                 only: int | None = None) -> None:
    """The one seam of a player event (issue 29): each event of the game into the
    stream of each player it concerns and, the same event, to the webhooks it concerns,
    queued in `pipe` (a transaction: all or nothing). A player is concerned by an event
    with a `seat` when it holds that seat, by the others when it holds any seat of the
    game, and gets the event with its own seat; the game's webhooks get every event
    (`only`: the player of that seat alone, not the game's webhooks). A seat reserved
    for a challenged player (service/challenges.py) is that player's here. `conn` reads
    which webhooks there are. Every event a player is told goes through here. The
    player of a resigned seat watches (service/seating.py): no event of the seat's own
    ("your turn" of the bot's) reaches it."""
    told = []
    for event in events:
        for seat, entry in enumerate(record.seats):
            player = entry.player or entry.challenged
            if player and event.get("seat", seat) == seat and only in (None, seat) and \
                    not (seating.resigned(record, seat) and "seat" in event):
                told.append((f"player:{player}", {**event, "seat": seat}))
                add(pipe, player, told[-1][1])
        if only is None:
            told.append((f"game:{record.id}", event))
    webhooks.owe(conn, pipe, told)


def add(conn, player_id: str, event: dict) -> None:
    """The event into the player's stream, and its open streams woken: published on the
    channel of the stream's own name, which their process's one subscription hears
    (service/changes.py), so a stream holds no connection while it waits."""
    stream = player_stream(player_id)
    conn.xadd(stream, {"event": json.dumps(event)}, maxlen=STREAM_LENGTH, approximate=True)
    conn.publish(stream, "")


def catch_up(conn, game_id: str) -> Snapshot:
    """Mark the game announced as it is now, unless it has a mark (a game nobody
    listened to has none): a new listener is told what comes next, not the past."""
    snap = Store(conn).snapshot(game_id)
    conn.set(mark_key(game_id), json.dumps(
        {"version": snap.version, "status": snap.status, "to_act": snap.to_act}), nx=True)
    return snap


def welcome(conn, record: GameRecord, seat: int) -> None:
    """A seat just bound to a player (an accepted invitation): the player is told of the
    game as it is, "game started" and, if the seat is to act, "your turn", on its stream
    and its webhooks alike."""
    snap = catch_up(conn, record.id)
    pipe = conn.pipeline()
    tell_players(conn, pipe, record, changes(record, snap, None, set()), only=seat)
    pipe.execute()


def revoked(conn, player_id: str, token_id: str) -> None:
    """Wake the player's open streams: the one of this token ends (service/api/events.py)."""
    pipe = conn.pipeline()
    add(pipe, player_id, {"type": REVOKED, "token": token_id})
    pipe.execute()
