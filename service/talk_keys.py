"""Where a game's talk and each seat's mail settings live on REDIS_URL's Redis (the keys
service/messages.py and service/mail/settings.py describe), named once here so that
service/handed_on.py, which both call first, drops a seat's old holder's without
importing either."""
from __future__ import annotations

from service.store import key

KEPT_DAYS = 180             # a game's messages, mutes and marks live this long after its last message


def settings_key(game_id: str, seat: int) -> str:
    return key(game_id, "mail", "seat", str(seat))


def messages_key(game_id: str) -> str:
    return key(game_id, "messages")


def mutes_key(game_id: str, seat: int) -> str:
    return key(game_id, "mutes", str(seat))


def held_key(game_id: str, seat: int) -> str:
    return key(game_id, "messages", "held", str(seat))


def newest_id(conn, game_id: str) -> str:
    """The id of the game's newest message ("0-0" for none): where a stream starts."""
    newest = conn.xrevrange(messages_key(game_id), count=1)
    return newest[0][0].decode() if newest else "0-0"
