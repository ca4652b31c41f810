"""Who may be mailed at all (issue 11, finding 4: no open mail relay).

An address that said stop (a reply `stop` or `unsubscribe`, or its mail program's
List-Unsubscribe, which sends `stop`) is on the suppression list `mail:suppressed`,
which belongs to no game and outlives them all: nothing is mailed to it again.

A new address is asked first (`mail:confirmed` holds those that answered): its first
mail only asks whether it wants game mail, with nothing in it that a game's creator
wrote, and at most once a day; until it answers, the mail it is owed is not sent, and
the games that invited it are noted (`mail:confirm:pending:<address>`). A reply from
the address to that mail, or the signed link in it (`POST /v1/mail/confirmations`, from
a page that a link scanner's GET does not confirm), confirms it, and those games'
invitations go out then."""
from __future__ import annotations

import hashlib
import hmac

from service.mail.runtime import queue

SUPPRESSED = "mail:suppressed"
CONFIRMED = "mail:confirmed"
ASK_EVERY = 24 * 3600
PENDING_DAYS = 30


def normal(address: str | None) -> str:
    return (address or "").strip().lower()


def pending_key(address: str) -> str:
    return f"mail:confirm:pending:{normal(address)}"


def suppressed(conn, address: str) -> bool:
    return bool(conn.sismember(SUPPRESSED, normal(address)))


def suppress(conn, address: str) -> None:
    """The address said stop: never mailed again, by any game."""
    pipe = conn.pipeline()
    pipe.sadd(SUPPRESSED, normal(address))
    pipe.srem(CONFIRMED, normal(address))
    pipe.delete(pending_key(address))
    pipe.execute()


def confirmed(conn, address: str) -> bool:
    return bool(conn.sismember(CONFIRMED, normal(address)))


def confirm(conn, address: str) -> list[str]:
    """The address answered: the games whose invitations waited for it (none when it
    was confirmed before)."""
    if not conn.sadd(CONFIRMED, normal(address)):
        return []
    pipe = conn.pipeline()
    pipe.smembers(pending_key(address))
    pipe.delete(pending_key(address))
    waiting, _ = pipe.execute()
    return sorted(game_id.decode() for game_id in waiting)


def confirm_and_invite(conn, address: str) -> None:
    """Confirm the address; the invitations that waited for it go out."""
    for game_id in confirm(conn, address):
        queue(conn).enqueue("workers.notify.on_game_created", game_id)


def link_code(secret: str, address: str) -> str:
    """The signature of the address in the confirmation link (HMAC-SHA256, 128 bits)."""
    return hmac.new(secret.encode(), f"confirm:{normal(address)}".encode(),
                    hashlib.sha256).hexdigest()[:32]


def wait_for(conn, address: str, game_id: str) -> bool:
    """Note that the game waits for the address; True when it is to be asked now (not
    asked within the last day)."""
    pipe = conn.pipeline()
    pipe.sadd(pending_key(address), game_id)
    pipe.expire(pending_key(address), PENDING_DAYS * 24 * 3600)
    pipe.execute()
    return may_ask(conn, address)


def may_ask(conn, address: str) -> bool:
    """True when the address is to be asked now: not asked within the last day (by a
    game's invitation or a player's sign-up alike)."""
    return bool(conn.set(f"mail:confirm:asked:{normal(address)}", "1", nx=True, ex=ASK_EVERY))
