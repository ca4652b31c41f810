"""How many answers the intake sends (issue 4, "Bad mail is answered ... rate-limited"):
per hour, to one stranger ("stray"), to all strangers together ("strays"), to one seat for its commands ("seat"), and to one
seat for its errors ("error": unreadable or refused moves, rejected turns, mail from an
address not the seat's). Moves themselves are never limited."""
from __future__ import annotations

import time

ANSWERS_PER_HOUR = {"stray": 3, "strays": 20, "seat": 60, "error": 5}


def allowed(conn, kind: str, who: str) -> bool:
    """Count one answer of this kind to who; True while within the hour's limit."""
    counter = f"mail:answers:{kind}:{who}:{int(time.time() // 3600)}"
    count = conn.incr(counter)
    conn.expire(counter, 3600)
    return count <= ANSWERS_PER_HOUR[kind]
