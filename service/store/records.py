"""The records stored: a game's (its seats), a snapshot, a turn and an Idempotency-Key's
claim (short-keyed, and as stored before), the turn ids; the store's errors."""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field

from service.store.packing import dumps


def turn_id(expected_version: int, seat: int) -> str:
    """A new turn's id: 16 hex digits, the version it expects, four zeros, then the
    seat's number, which the log need not keep (log_columns: of a finished 4-seat Ultimate
    Railroads game, 16 random bits a turn were 900 B of 4.1 KB). Unique within its game:
    when another turn holds it (the seat sent one before at this version) Store.queue_turn
    gives the turn a new_turn_id instead. Turns are looked up only with their game's id
    and a seat's token, so an id need not be unguessable; once the records of a seat's
    turns at a version expire (IDEMPOTENCY_TTL), a new turn of the seat at that version
    may take an id one of them had."""
    return f"{expected_version % 2**32:08x}0000{seat:04x}"


def new_turn_id(expected_version: int) -> str:
    """A turn's id when turn_id() is taken: the version it expects, four zeros, then 16
    random bits, drawn again while taken (Store.queue_turn). The log keeps the second
    half of such an id (log_columns): about 2 B a turn after compression, against 8 B
    for 64 random bits."""
    return f"{expected_version % 2**32:08x}0000{secrets.token_hex(2)}"

# A turn record as stored: these short keys for the long ones (its id is in its key);
# an outcome's other fields (reason, rule, options...) keep their names.
TURN_FIELDS = {"seat": "s", "expected_version": "x", "moves": "m", "status": "S",
               "submitted_at": "q", "resolved_at": "r", "version": "v"}


def turn_stored(turn: dict) -> str:
    return dumps({TURN_FIELDS.get(name, name): value for name, value in turn.items()
                  if name != "id"})


def turn_loaded(text: bytes, turn_id: str) -> dict:
    """A turn record from turn_stored(), or one stored whole before it (with its id)."""
    data = json.loads(text)
    if "id" in data:
        return data
    names = {short: name for name, short in TURN_FIELDS.items()}
    return {"id": turn_id, **{names.get(short, short): value for short, value in data.items()}}


def claim_stored(claim: dict) -> str:
    return f"{claim['turn']} {claim['digest']}"


def claim_loaded(text: bytes) -> dict:
    """An Idempotency-Key's claim from claim_stored(), or one stored as JSON before it."""
    if text[:1] == b"{":
        return json.loads(text)
    turn, digest = text.decode().split(" ")
    return {"turn": turn, "digest": digest}

@dataclass
class SeatRecord:
    name: str
    token_hash: str              # "" when no seat token holds the seat (service/seating.py)
    email: str | None = None
    player: str | None = None    # the player account bound to the seat (service/players.py)
    bot: bool = False           # played by the game's bot (service/games/bot.py, workers/bots.py)
    invitation: str | None = None   # the hash of the seat's open invitation's code
    epoch: int = 0              # times the seat changed hands (service/handover.py)
    open: bool = False          # left open: any player account may join it (service/lobby.py)
    challenged: str | None = None   # reserved for this player until it accepts (service/challenges.py)


@dataclass
class GameRecord:
    id: str
    game: str
    engine_version: str
    options: dict
    seed: int
    seats: list[SeatRecord]
    admin_hash: str
    created_at: float
    settings: dict = field(default_factory=dict)   # platform settings outside the rules
    fairness: dict = field(default_factory=dict)   # seed's salt, commitment (service/fairness.py)

    @classmethod
    def from_stored(cls, data: dict) -> "GameRecord":
        data = dict(data)
        data["seats"] = [SeatRecord(**s) for s in data["seats"]]
        return cls(**data)


@dataclass
class Snapshot:
    version: int
    status: str                  # waiting-for-players | active | paused | finished
    to_act: list[int]
    state: dict | None           # None: not dealt yet (WAITING), or a finished game's
    result: dict | None = None

    def as_dict(self) -> dict:
        """Its fields as stored. Shallow: dataclasses.asdict deep-copied the engine state
        on each commit, 40 % of a worker's CPU for a turn (issue 10)."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    def to_json(self) -> str:
        return dumps(self.as_dict())

WAITING = "waiting-for-players"      # a game some of whose invitations are not taken yet

@dataclass
class Seen:
    """A game's keys as a worker read them to resolve a turn (Games.game_and_snapshot):
    the snapshot it parsed, and the raw snapshot, turn, meta and log."""
    snapshot: Snapshot
    raw_snapshot: bytes
    raw_turn: bytes
    raw_meta: bytes
    raw_log: bytes | None


class GameFinished(Exception):
    """A finished game, or one not dealt yet, cannot be paused or resumed; its status."""


class VersionMoved(Exception):
    """The snapshot changed between read and commit (compare-and-set lost)."""
