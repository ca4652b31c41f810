"""How much mail goes out, counted in fixed windows in Redis.

Answers of the intake (issue 4, "Bad mail is answered ... rate-limited"), per hour: to
one stranger ("stray"), to all strangers together ("strays"), to one seat for its
commands ("seat"), and to one seat about mail that others may have sent ("others":
unreadable, or from an address not the seat's). These protect third parties and the
service. A seat's own mail is always answered (issue 20, finding 1): a move played at
once, other answers up to "answers" per hour at once, the rest folded into one digest
within the hour (all a loop with a careless auto-responder then costs). Moves
themselves are never limited.

Table talk (issue 30), per minute: the messages one seat says ("messages", by API, page
or mail alike: service/messages.py).

Invitations (issue 11, finding 4), per day: those one API key sends ("creator") and those
one address receives ("recipient"); `take` counts a new game's all at once or none.
Challenges (issue 30), per day: the seats one player challenges ("challenger") and the
challenges one player receives ("challenged"), counted the same way.

Kept here rather than with the HTTP limits (service/limits.py): those count a request
against one client, while one game's creation takes several counts at once
(its key and each address), all or nothing, and the workers count without a request."""
from __future__ import annotations

import time
from collections import Counter

MINUTE, HOUR, DAY = 60, 3600, 24 * 3600
ANSWERS_PER_HOUR = {"stray": 3, "strays": 20, "seat": 60, "others": 5, "answers": 30}
INVITATIONS_PER_DAY = {"creator": 100, "recipient": 5}
MESSAGES_PER_MINUTE = {"messages": 10}
CHALLENGES_PER_DAY = {"challenger": 50, "challenged": 20}     # seats challenged (issue 30)

TAKE = """
local n = #KEYS
for i = 1, n do
  if tonumber(redis.call('GET', KEYS[i]) or '0') + tonumber(ARGV[i]) > tonumber(ARGV[n + i]) then
    return i
  end
end
for i = 1, n do
  redis.call('INCRBY', KEYS[i], ARGV[i])
  redis.call('EXPIRE', KEYS[i], ARGV[2 * n + i])
end
return 0
"""


def limit(kind: str) -> tuple[int, int]:
    """(how many, per how many seconds)."""
    if kind in INVITATIONS_PER_DAY:
        return INVITATIONS_PER_DAY[kind], DAY
    if kind in CHALLENGES_PER_DAY:
        return CHALLENGES_PER_DAY[kind], DAY
    if kind in MESSAGES_PER_MINUTE:
        return MESSAGES_PER_MINUTE[kind], MINUTE
    return ANSWERS_PER_HOUR[kind], HOUR


def counter(kind: str, who: str, now: float) -> str:
    return f"mail:limit:{kind}:{who}:{int(now // limit(kind)[1])}"


def take(conn, wanted: list[tuple[str, str]]) -> tuple[str, str, int] | None:
    """Count each (kind, who) once, all together, if every one stays within its limit;
    else count nothing and return the first over its limit with the seconds until its
    window ends."""
    now, counts = time.time(), Counter(wanted)
    keys = [counter(kind, who, now) for kind, who in counts]
    over = conn.eval(TAKE, len(keys), *keys, *counts.values(),
                     *(limit(kind)[0] for kind, _ in counts), *(limit(kind)[1] for kind, _ in counts))
    if not over:
        return None
    kind, who = list(counts)[over - 1]
    window = limit(kind)[1]
    return kind, who, int(window - now % window) + 1


def allowed(conn, kind: str, who: str) -> bool:
    """Count one of this kind to who; True while within the limit."""
    return take(conn, [(kind, who)]) is None


def take_or_refuse(conn, sender: tuple[str, str | None], receivers: tuple[str, list],
                   refused, says) -> None:
    """Count one (kind, who) of the sender per receiver and one of each receiver (`receivers`:
    its kind and its (field, who) pairs), all or none, as `take` does; past a limit raise
    `refused` (a 429 problem) naming the field of the first over its limit (the sender's
    is Authorization) and what `says(kind, allowed)` says of it, with Retry-After."""
    (sender_kind, who), (receiver_kind, named) = sender, receivers
    if not named:
        return
    wanted = [(sender_kind, who, "Authorization")] * len(named) + \
        [(receiver_kind, receiver, field) for field, receiver in named]
    over = take(conn, [(kind, one) for kind, one, _ in wanted])
    if over is None:
        return
    kind, who, retry_after = over
    field = next(f for k, w, f in wanted if (k, w) == (kind, who))
    message = says(kind, limit(kind)[0])
    raise refused(f"{field}: {message}; try again in {retry_after} s",
                  headers={"Retry-After": str(retry_after)},
                  errors=[{"field": field, "message": message}])
