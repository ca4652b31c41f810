"""The secret reply address of a seat (issue 4, "In: moves by reply"):
`play+<game>.<seat>.v<version>.<mac>@DOMAIN`, the MAC an HMAC-SHA256 of
"<game>.<seat>.v<version>" under INBOUND_MAIL_SECRET, so an address can be neither
guessed nor turned into another seat's or another version's: a reply is played at the
version its address names, checked, not read from headers. Game ids may hold dots: the
seat, version and MAC are taken from the right. A seat that has changed hands (its
epoch, service/seating.py) signs ".e<epoch>" too: an address mailed to an earlier
holder stops matching the moment the seat is taken (issue 25), while the address reads
as before (the epoch is the game's to know, not the sender's to say)."""
from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

PREFIX = "play+"
MAC_CHARS = 20          # 80 bits of lower-case hex: safe in case-folding mail systems
ADDRESS = re.compile(r"play\+([A-Za-z0-9._-]+)\.(\d{1,3})\.v(\d{1,9})\.([0-9a-f]+)@([^\s>]+)",
                     re.IGNORECASE)


@dataclass(frozen=True)
class ReplyAddress:
    game_id: str
    seat: int
    version: int
    mac: str
    domain: str


def mac_for(secret: str, game_id: str, seat: int, version: int, epoch: int) -> str:
    signed = f"{game_id}.{seat}.v{version}" + (f".e{epoch}" if epoch else "")
    digest = hmac.new(secret.encode(), signed.encode(), hashlib.sha256)
    return digest.hexdigest()[:MAC_CHARS]


def make(secret: str, domain: str, game_id: str, seat: int, version: int, epoch: int) -> str:
    mac = mac_for(secret, game_id, seat, version, epoch)
    return f"{PREFIX}{game_id}.{seat}.v{version}.{mac}@{domain}"


def find(text: str) -> ReplyAddress | None:
    """The first reply address in a header value or envelope address, unverified."""
    match = ADDRESS.search(text or "")
    if match is None:
        return None
    game_id, seat, version, mac, domain = match.groups()      # game ids are lower-case hex
    return ReplyAddress(game_id.lower(), int(seat), int(version), mac.lower(), domain.lower())


def is_genuine(secret: str, address: ReplyAddress, epoch: int) -> bool:
    """Constant-time check that the MAC belongs to this game, seat and version, issued
    to the seat's holder of `epoch` (its present one: service/seating.py)."""
    return hmac.compare_digest(
        mac_for(secret, address.game_id, address.seat, address.version, epoch), address.mac)
