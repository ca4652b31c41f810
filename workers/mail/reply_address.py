"""The secret reply address of a seat (issue 4, "In: moves by reply"):
`play+<game>.<seat>.<mac>@DOMAIN`, the MAC an HMAC-SHA256 of "<game>.<seat>" under
INBOUND_MAIL_SECRET, so an address can be neither guessed nor turned into another
seat's. Game ids may hold dots: the seat and MAC are taken from the right."""
from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

PREFIX = "play+"
MAC_CHARS = 20          # 80 bits of lower-case hex: safe in case-folding mail systems
ADDRESS = re.compile(r"play\+([A-Za-z0-9._-]+)\.(\d{1,3})\.([0-9a-f]+)@([^\s>]+)", re.IGNORECASE)


@dataclass(frozen=True)
class ReplyAddress:
    game_id: str
    seat: int
    mac: str
    domain: str


def mac_for(secret: str, game_id: str, seat: int) -> str:
    digest = hmac.new(secret.encode(), f"{game_id}.{seat}".encode(), hashlib.sha256)
    return digest.hexdigest()[:MAC_CHARS]


def make(secret: str, domain: str, game_id: str, seat: int) -> str:
    return f"{PREFIX}{game_id}.{seat}.{mac_for(secret, game_id, seat)}@{domain}"


def find(text: str) -> ReplyAddress | None:
    """The first reply address in a header value or envelope address, unverified."""
    match = ADDRESS.search(text or "")
    if match is None:
        return None
    game_id, seat, mac, domain = match.groups()
    return ReplyAddress(game_id, int(seat), mac.lower(), domain.lower())


def is_genuine(secret: str, address: ReplyAddress) -> bool:
    """Constant-time check that the MAC belongs to this game and seat."""
    return hmac.compare_digest(mac_for(secret, address.game_id, address.seat), address.mac)
