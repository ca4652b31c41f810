"""What a seat taken over owes its old holder's talk and mail settings when the game
state lives on a Redis Cluster (STATE_REDIS_URL): its old holder's mail settings, mutes
and whispers are dropped (service/handover.py), but they live on REDIS_URL's Redis,
which no transaction of the cluster spans. So the clean-up is owed before the hand-over
commits and done after it, once, wherever it is done:

  handover:owed   hash on REDIS_URL's Redis: "<game>:<seat>:<epoch>" -> when it was owed

`owe` records it (in the hand-over's transaction function, before its MULTI; again on a
retry, the same field); `settle` does it in one MULTI with dropping the record, under
WATCH of it, so that of the API's follow-up (service/replacement.py) and the sweep only
one does it, and never again after the new holder set his own; `sweep` (the mail
worker's, workers/clock.py) settles what a process that died between the commit and its
follow-up left owed. A record whose epoch the seat holds is settled; one of an epoch the
seat has passed is dropped (the later hand-over owes its own, which covers it); one of an
epoch the seat never reached (a hand-over refused, or its process died before the
commit) is dropped after GRACE seconds. Settled late, the whispers hidden from the new
holder are those up to the clean-up: some sent to him are hidden, none of hers shown."""
from __future__ import annotations

import time

from service import messages, seating
from service.mail import settings
from service.store import Store

OWED = "handover:owed"
GRACE = 60          # seconds a hand-over's transaction may take; an epoch never reached is dropped after


def field(game_id: str, seat: int, epoch: int) -> str:
    return f"{game_id}:{seat}:{epoch}"


def owe(conn, game_id: str, seat: int, epoch: int) -> None:
    """The seat is to change hands to `epoch`: its old holder's talk and settings are owed."""
    conn.hset(OWED, field(game_id, seat, epoch), time.time())


def settle(conn, game_id: str, seat: int, epoch: int) -> bool:
    """Drop the old holder's mail settings, mutes and whispers, if still owed; whether
    this call did it."""
    owed = field(game_id, seat, epoch)

    def clean(pipe) -> bool:
        if pipe.hget(OWED, owed) is None:
            return False
        newest = messages.newest_id(pipe, game_id)
        pipe.multi()
        pipe.delete(settings.settings_key(game_id, seat))
        messages.handed_on(pipe, game_id, seat, newest)
        pipe.hdel(OWED, owed)
        return True
    return conn.transaction(clean, OWED, messages.messages_key(game_id), value_from_callable=True)


def sweep(conn, now: float | None = None) -> int:
    """Settle or drop every owed clean-up as the module says; how many were settled."""
    now, store, settled = time.time() if now is None else now, Store(conn), 0
    for raw, when in conn.hgetall(OWED).items():
        game_id, seat, epoch = raw.decode().rsplit(":", 2)
        record = store.game(game_id)
        held = seating.epoch(record, int(seat)) if record and int(seat) < len(record.seats) else None
        if held == int(epoch):
            settled += settle(conn, game_id, int(seat), int(epoch))
        elif held is None or held > int(epoch) or now - float(when) > GRACE:
            conn.hdel(OWED, raw)
    return settled
