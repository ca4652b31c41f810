"""How many answers the intake sends (issue 4, "Bad mail is answered ... rate-limited"):
per hour, to one stranger ("stray"), to all strangers together ("strays"), to one seat
about mail that others may have sent ("others": unreadable, or from an address not the
seat's), and how many commands a seat's mail may run ("seat"). These protect third
parties and the service. A seat's own mail is always answered (issue 20, finding 1):
a move played at once, other answers up to "answers" per hour at once, the rest folded
into one digest within the hour (all a loop with a careless auto-responder then costs).
Moves are never limited."""
from __future__ import annotations

import time

ANSWERS_PER_HOUR = {"stray": 3, "strays": 20, "seat": 60, "others": 5, "answers": 30}


def allowed(conn, kind: str, who: str) -> bool:
    """Count one answer of this kind to who; True while within the hour's limit."""
    counter = f"mail:answers:{kind}:{who}:{int(time.time() // 3600)}"
    count = conn.incr(counter)
    conn.expire(counter, 3600)
    return count <= ANSWERS_PER_HOUR[kind]
