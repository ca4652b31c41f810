"""Who holds a seat (issue 25, point 1): the one place a seat's credential is minted and
checked. Every door that acts for a seat (the API's bearer token, the page session and
its signed links, the mail's reply addresses) asks here.

A seat is held by one of:

- its player account (`SeatRecord.player`): the player's own tokens act for it;
- its e-mail address (a game created with an API key): the reply addresses and page
  links mailed to it;
- a seat token (`SeatRecord.token_hash`, 128 bits of its SHA-256): minted for the
  creator's own seat of a quick game, and for whoever takes a seat without an account;
- the game's bot;
- nobody yet: an open invitation (`SeatRecord.invitation`, the hash of its code), single
  use, for a seat of a game created by a player or with an API key; a seat left open
  (`SeatRecord.open`), which any player account may join (service/lobby.py); a seat
  reserved for a challenged player until it accepts (`SeatRecord.challenged`,
  service/challenges.py).

Each time a seat changes hands (service/handover.py) its `epoch` grows: a token, signed
page link, page session or reply address issued under an earlier epoch is refused from
then on, so a copy the creator kept of a handed-over seat stops working at once.

A seat whose player resigned (service/resignation.py) changes hands too, to the game's
bot, for good: its epoch grows, and every credential of its former holder (the seat's
token, the player's own tokens, a page session, a signed link, a reply address) is a
spectator's from then on (`holder` None, `spectating`): the game stays public to it, the
seat's hidden part (its hand, its legal moves, its whispers) and its acting do not."""
from __future__ import annotations

import hashlib
import hmac
import secrets

from service import problems
from service.store import GameRecord

SEAT_CHANGES = "seat_changes"   # the game's settings' notes of seats taken over (service/handover.py)
INVITATION_PREFIX = "pbi_"      # an invitation code, told apart from a seat token unseen
# A game's meta keeps the first 128 bits of each seat's and the admin's token hash (issue
# 18: five whole SHA-256 in hex were 170 B of a 4-seat game's 580 B meta, and a meta
# over 512 B took a 640 B allocation); no token is found from 128 bits of its hash.
# A game created before keeps its whole hashes, compared as they are.
STORED_HASH_HEX = 32
RESIGNED = "resigned"       # the game's settings' list of the seats whose players resigned


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def stored_hash(token: str) -> str:
    return hash_token(token)[:STORED_HASH_HEX]


def token_matches(stored: str | None, token: str) -> bool:
    """Whether the token is the one whose stored_hash (or whole hash) this is, in
    constant time; no token matches an empty or missing hash."""
    return bool(stored) and len(stored) >= STORED_HASH_HEX and \
        hmac.compare_digest(stored, hash_token(token)[:len(stored)])


def new_token() -> tuple[str, str]:
    """A new seat (or admin) token and what the game's meta keeps of it."""
    token = secrets.token_urlsafe(24)
    return token, stored_hash(token)


def new_invitation() -> tuple[str, str]:
    """A new invitation code and what the seat keeps of it."""
    code = INVITATION_PREFIX + secrets.token_urlsafe(24)
    return code, stored_hash(code)


def holder(record: GameRecord, token: str | None, player: str | None = None) -> int | None:
    """The seat the bearer holds: the seat whose current token this is, else (`player`:
    the account the token belongs to, service/players.py) the seat bound to that player;
    None for no token, a player without a seat here, or the former holder of a seat whose
    player resigned (a spectator each: `resigned_from` names that seat). 401 for any other
    token, among them a seat token that was handed over and accepted since."""
    seat = claimed(record, token, player)
    return None if seat is None or resigned(record, seat) else seat


def resigned_from(record: GameRecord, token: str | None, player: str | None = None) -> int | None:
    """The resigned seat whose former holder the bearer is (None for any other)."""
    seat = claimed(record, token, player)
    return seat if seat is not None and resigned(record, seat) else None


def claimed(record: GameRecord, token: str | None, player: str | None) -> int | None:
    """The seat the token (or its `player`) was issued for, resigned or not; 401 as
    `holder` says."""
    if token is None:
        return None
    found = None
    for seat, entry in enumerate(record.seats):
        if token_matches(entry.token_hash, token):
            found = seat
    if found is None and player is not None:
        return next((seat for seat, entry in enumerate(record.seats) if entry.player == player),
                    None)
    if found is None:
        raise problems.Unauthorized("the bearer token belongs to no seat of this game (a seat "
                                    "token stops working once its seat is taken by its player)")
    return found


def is_admin(record: GameRecord, token: str | None) -> bool:
    return token is not None and token_matches(record.admin_hash, token)


def epoch(record: GameRecord, seat: int) -> int:
    """How many times the seat changed hands: what links and reply addresses are bound to."""
    return record.seats[seat].epoch


def holds(record: GameRecord, seat: int, issued_epoch: int) -> bool:
    """Whether a credential issued to the seat under `issued_epoch` (a signed page link,
    a page session, a reply address) is still the seat's: the seat has not changed hands
    since."""
    return 0 <= seat < len(record.seats) and epoch(record, seat) == issued_epoch


def resigned(record: GameRecord, seat: int) -> bool:
    """Whether the seat's player resigned: the bot plays it to the end."""
    return seat in record.settings.get(RESIGNED, ())


def spectating(record: GameRecord, seat: int, issued_epoch: int) -> bool:
    """Whether a credential issued to the seat under `issued_epoch` is its former
    holder's, whose seat was resigned since (a resigned seat changes hands no more): not
    refused, a spectator's (the game is public; nothing of the seat's is shown to it)."""
    return resigned(record, seat) and issued_epoch < epoch(record, seat)


def viewer(record: GameRecord, seat: int) -> int | None:
    """Whose hidden part the seat's present holder sees: the seat's own; a spectator's
    (None) once its player resigned. What the seat's mails show (workers/mail/notices.py)."""
    return None if resigned(record, seat) else seat


def open_seats(record: GameRecord) -> list[int]:
    """The seats nobody holds yet (an invitation not taken, a seat open to anyone, a
    challenge not accepted): the game is dealt when none is."""
    return [seat for seat, entry in enumerate(record.seats)
            if entry.invitation or entry.open or entry.challenged]


def joinable(record: GameRecord) -> list[int]:
    """The seats open to any player account (service/lobby.py)."""
    return [seat for seat, entry in enumerate(record.seats) if entry.open]
