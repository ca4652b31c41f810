"""A seat's link (issue 16): `/games/{id}/enter/{signed}` carries {game, seat, epoch}
signed and timed with itsdangerous (Flask's own dependency) under the pages' key
(service/mail/config.py, page_key); the pages open it (service/web/seats.py) and the
mail sends it. It holds the seat only while the seat has not changed hands since it was
signed (the seat's epoch, service/seating.py)."""
from __future__ import annotations

from itsdangerous import BadSignature, URLSafeTimedSerializer

from service import seating
from service.store import GameRecord

LINK_SALT = "seat-link"
LINK_DAYS = 14                  # a seat link opens the seat's page for this long


def link_signer(key: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(key, salt=LINK_SALT)


def seat_link_path(key: str, record: GameRecord, seat: int) -> str:
    """The path of a seat's signed, expiring link for its present holder (the caller adds
    scheme and host); `key` is secret_key()'s."""
    data = {"game": record.id, "seat": seat, "epoch": seating.epoch(record, seat)}
    return f"/games/{record.id}/enter/{link_signer(key).dumps(data)}"


def read_seat_link(key: str, record: GameRecord, signed: str) -> int | None:
    """The seat a link signs in, or None when it is forged, expired, another game's, or
    the seat has changed hands since it was signed (a link of before its epoch, or of
    before epochs: 0)."""
    data = signed_seat(key, record, signed)
    return data[0] if data and seating.holds(record, *data) else None


def resigned_link(key: str, record: GameRecord, signed: str) -> bool:
    """Whether the link is of a seat whose player resigned since it was signed: its
    former holder's, who watches the game as a spectator (service/seating.py)."""
    data = signed_seat(key, record, signed)
    return data is not None and seating.spectating(record, *data)


def signed_seat(key: str, record: GameRecord, signed: str) -> tuple[int, int] | None:
    """(seat, epoch) the link was signed for in this game; None when it is forged,
    expired or another game's."""
    try:
        data = link_signer(key).loads(signed, max_age=LINK_DAYS * 86400)
    except BadSignature:                 # SignatureExpired is one
        return None
    if not isinstance(data, dict) or data.get("game") != record.id \
            or not isinstance(data.get("seat"), int) or not isinstance(data.get("epoch", 0), int):
        return None
    return data["seat"], data.get("epoch", 0)
