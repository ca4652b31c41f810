"""Confirmations held back (issue 14, "Fewer mails"): a move played by mail that
leaves the seat with nothing to do is not confirmed by a mail of its own at once. The
confirmation waits in `game:{id}:mail:held:<seat>` and goes inside the next mail the
seat gets (outbox.dispatch takes it), or alone once the window has passed with no
other mail (workers/notify.py, a job rq's scheduler runs)."""
from __future__ import annotations

import json

from service.games.speech import _
from service.store import key
from workers.mail import notices

KEEP = 30 * 24 * 3600

TAKE = """
local items = redis.call('LRANGE', KEYS[1], 0, -1)
redis.call('DEL', KEYS[1])
return items
"""


def held_key(game_id: str, seat) -> str:
    return key(game_id, "mail", "held", str(seat))


def keep(conn, game_id: str, seat: int, item: dict) -> None:
    conn.rpush(held_key(game_id, seat), json.dumps(item))
    conn.expire(held_key(game_id, seat), KEEP)


def take(conn, game_id: str, seat) -> list[dict]:
    """Every held confirmation of the seat, removed in one step."""
    return [json.loads(raw) for raw in conn.eval(TAKE, 1, held_key(game_id, seat))]


def give_back(conn, game_id: str, seat, items: list[dict]) -> None:
    """Confirmations taken for a mail that was not sent after all, held again first."""
    for item in reversed(items):
        conn.lpush(held_key(game_id, seat), json.dumps(item))
    if items:
        conn.expire(held_key(game_id, seat), KEEP)


def sections(items: list[dict]) -> list[tuple[str, str]]:
    """The "Applied" section confirming the held moves (each left its seat nothing to
    do, and says so: issue 27), then the lines of their mails that were ignored (issue
    20, finding 2)."""
    lines = []
    for item in items:
        lines.append(_("Played at version {version}, which ended your turn:").format(version=item["version"]))
        lines += [f"  {move}" for move in item["moves"]]
    ignored = [line for item in items for line in item.get("ignored", [])]
    return [(_("Applied"), "\n".join(lines))] + ([notices.ignored(ignored)] if ignored else [])
