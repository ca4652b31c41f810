"""What a seat taken over owes its old holder's talk and mail settings when the game
state lives on a Redis Cluster (STATE_REDIS_URL): its old holder's mail settings, mutes
and whispers are dropped (service/handover.py), but they live on REDIS_URL's Redis,
which no transaction of the cluster spans. So the clean-up is owed before the hand-over
commits and done after it, once, before anything reads or writes them again:

  handover:owed   hash on REDIS_URL's Redis: "<game>:<seat>" -> JSON {"epoch": the epoch
                  the hand-over gives the seat, "note": its seat_changes note's `at`,
                  "when": that Redis's TIME when it was owed}

`owe` records it (in the hand-over's transaction function, before its MULTI; again on a
retry, the same field), after settling what an earlier hand-over of the seat owes.
`settle` is called first by every read and write of the seat's mail settings
(service/mail/settings.py), mutes and whispers (service/messages.py): one HEXISTS when
nothing is owed. Owed, it reads the seat in the game state: when the seat holds the
epoch and its newest seat_changes note is the hand-over's (the hand-over committed) it
drops the old holder's settings, mutes and whispers (up to the newest message) and the
record, in one MULTI under WATCH of the record and the stream, so that only one caller
does it, before the new holder set or was sent anything; when the seat passed the epoch,
or holds it by another hand (the bot's: the hand-over never committed), the record is
dropped (a later hand-over owes its own, which covers it); when the seat has not reached
it (the hand-over is in flight, or was refused, or its process died before the commit)
it is left, and dropped by the sweep after GRACE by that Redis's own clock. The mail
worker's sweep (workers/clock.py) settles what nobody touched since."""
from __future__ import annotations

import json
import logging

from service import seating
from service.store import GameRecord, Store
from service.talk_keys import KEPT_DAYS, held_key, messages_key, mutes_key, newest_id, settings_key

OWED = "handover:owed"
GRACE = 6 * 3600    # seconds before an epoch never reached is given up (a hand-over takes far less)

log = logging.getLogger(__name__)


def field(game_id: str, seat: int) -> str:
    return f"{game_id}:{seat}"


def now(conn) -> float:
    """REDIS_URL's Redis's clock: the one clock every host that owes or sweeps reads."""
    seconds, micros = conn.time()
    return seconds + micros / 1e6


def owe(conn, game_id: str, seat: int, epoch: int, note: dict) -> None:
    """The seat is to change hands to `epoch` with `note` (its seat_changes note): its
    old holder's talk and settings are owed."""
    settle(conn, game_id, seat)
    conn.hset(OWED, field(game_id, seat), json.dumps({"epoch": epoch, "note": note["at"],
                                                      "when": now(conn)}))


def dropped(pipe, game_id: str, seat: int, newest: str) -> None:
    """The seat changes hands (queued on `pipe`, a transaction after its MULTI): its mail
    settings, its mutes and the whispers to and from it up to `newest` (newest_id, read
    under WATCH of the stream) were its old holder's; its new holder has none of them."""
    pipe.delete(settings_key(game_id, seat))
    pipe.set(held_key(game_id, seat), newest, ex=KEPT_DAYS * 86400)
    pipe.delete(mutes_key(game_id, seat))


def parsed(raw: bytes) -> dict | None:
    """An owed record's value, or None (logged) for one malformed: it is dropped."""
    try:
        owed = json.loads(raw)
        return {"epoch": int(owed["epoch"]), "note": float(owed["note"]), "when": float(owed["when"])}
    except (ValueError, TypeError, KeyError):
        log.error("hand-over clean-up: malformed record %r dropped", raw)
        return None


def standing(record: GameRecord | None, seat: int, owed: dict) -> str:
    """"due" (the hand-over committed), "gone" (the seat passed its epoch, or reached it
    by another hand, or the game is over) or "pending" (the epoch not reached yet)."""
    if record is None or seat >= len(record.seats):
        return "gone"
    held = seating.epoch(record, seat)
    if held < owed["epoch"]:
        return "pending"
    notes = [n for n in record.settings.get(seating.SEAT_CHANGES, []) if n["seat"] == seat]
    return "due" if held == owed["epoch"] and notes and notes[-1]["at"] == owed["note"] else "gone"


def settle(conn, game_id: str, seat: int, grace: float | None = None) -> bool:
    """Do what the seat's hand-over owes, as the module says, or drop a record of a
    hand-over that never committed (and, given `grace`, one pending longer); whether
    this call did the clean-up."""
    owed_field = field(game_id, seat)
    if not conn.hexists(OWED, owed_field):
        return False
    store = Store(conn)

    def clean(pipe) -> bool:
        raw = pipe.hget(OWED, owed_field)
        if raw is None:
            return False
        owed = parsed(raw)
        state = "gone" if owed is None else standing(store.game(game_id), seat, owed)
        if state == "pending" and (grace is None or now(conn) - owed["when"] <= grace):
            return False
        newest = newest_id(pipe, game_id)
        pipe.multi()
        if state == "due":
            dropped(pipe, game_id, seat, newest)
        pipe.hdel(OWED, owed_field)
        return state == "due"
    return conn.transaction(clean, OWED, messages_key(game_id), value_from_callable=True)


def sweep(conn, grace: float = GRACE) -> int:
    """Settle every owed clean-up as the module says, giving up those pending longer
    than `grace`; how many were done. A malformed record is logged and dropped, one
    that fails otherwise logged and kept: neither spoils the sweep for the others."""
    settled = 0
    for raw in conn.hkeys(OWED):
        game_id, _, seat = raw.decode(errors="replace").rpartition(":")
        if not game_id or not seat.isdigit():
            log.error("hand-over clean-up: malformed field %r dropped", raw)
            conn.hdel(OWED, raw)
            continue
        try:
            settled += settle(conn, game_id, int(seat), grace)
        except Exception:
            log.exception("hand-over clean-up: %r skipped", raw)
    return settled
