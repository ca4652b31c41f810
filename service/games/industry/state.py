"""The game state: plain data that round-trips through JSON.

Spielvorbereitung names the pieces: the epoch marker (`epoch`), the start player
marker (`start_player`), the area markers in the bag (`bag`) or beside the board
(`face_up` for available columns, `face_down` once their space is auctioned), the
jokers, the subsidies, every seat's Taler (`money`, always visible) and the rest of
the coins, the Kasse (`kasse`). An owned space carries its owner's ownership marker
(`owned[space] = {"seat", "epoch" won, "developed"}`), so a seat's supply of markers
is derived (`markers_left`); jokers won lie before their owner (`jokers[seat]`).
`rng` is the seeded generator that draws from the bag: the only hidden thing, never
shown by a view. Seats sit clockwise in index order: a seat's
left neighbour ("links") is the next index.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from service.games.common.plain import copied

# Spielmaterial: 7 x 5 Taler + 24 x 1 Taler.
COINS_TOTAL = 7 * 5 + 24 * 1
# Spielmaterial: "96 Besitzmarker (24 pro Spieler ...)"; Spielvorbereitung: "setzt einen
# davon auf das Nullfeld der Zählleiste". The rest is the seat's supply (Vorrat).
OWNERSHIP_MARKERS = 24 - 1


@dataclass
class Auction:
    """Phase 3: one auction, from the auctioneer's choice to his decision."""
    space: str
    bidders: list                     # seats still to bid or pass, in order from his left
    high_bid: int = 0
    high_bidder: int | None = None


@dataclass
class State:
    seats: int
    options: dict
    rng: int
    epoch: int = 1
    round: int = 1
    start_player: int = 0
    phase: str = "auction"            # "auction" | "development" | "over"
    money: list = field(default_factory=list)
    kasse: int = COINS_TOTAL
    vp: list = field(default_factory=list)
    subsidy: list = field(default_factory=list)
    jokers: list = field(default_factory=list)
    owned: dict = field(default_factory=dict)
    auctioned: list = field(default_factory=list)
    bag: list = field(default_factory=list)
    face_up: list = field(default_factory=list)
    face_down: list = field(default_factory=list)
    auctioneer: int = 0
    auction: Auction | None = None
    developer: int | None = None
    developments_left: int = 0
    final: dict | None = None

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def owned_by(self, seat: int) -> list[str]:
        return sorted(space for space, mark in self.owned.items() if mark["seat"] == seat)

    def markers_left(self, seat: int) -> int:
        """Ownership markers still in the seat's supply (one lies on each owned space)."""
        return OWNERSHIP_MARKERS - len(self.owned_by(seat))


def dump(state: State) -> dict:
    """A deep copy as plain data (common/plain.py)."""
    data = {name: getattr(state, name) for name in STATE_FIELDS}
    data["auction"] = vars(state.auction) if state.auction else None
    return copied(data)


def load(data: dict) -> State:
    data = copied(data)
    auction = data.pop("auction")
    return State(**data, auction=Auction(**auction) if auction else None)


STATE_FIELDS = [f.name for f in fields(State)]
