"""The game state: plain data that round-trips through JSON (SPIELVORBEREITUNG).

Hidden things live in fields that say so: each player's `hand`, the `deck` and
the `unused_market_tiles` (returned to the box unseen); `rng` is the seeded
generator. A tile on the board is a dict kept under its space id "place.N".
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from service.games.common.plain import copied


@dataclass
class Player:
    hand: list                      # card names (hidden)
    display: dict                   # industry -> remaining tile levels, lowest first
    money: int = 0
    loans: int = 0
    spent: int = 0                  # spent this round, sets the next turn order
    rails_left: int = 12
    rails_built: int = 0


@dataclass
class State:
    map: str
    rng: int
    players: list
    order: list                     # seats in turn order
    deck: list                      # hidden; top is the end
    face_up: list
    unused_market_tiles: list       # hidden
    round: int = 1
    turn: int = 0                   # index into order
    actions_left: int = 1
    selling: bool = False           # inside a sell action, more sales may follow
    repaying: list = field(default_factory=list)   # seats that may repay before the interest
    discard: list = field(default_factory=list)
    tiles: dict = field(default_factory=dict)      # "place.N" -> tile
    rails: dict = field(default_factory=dict)      # link id -> owner seat
    imports: dict = field(default_factory=dict)    # ship place -> coal cubes
    markets: dict = field(default_factory=dict)    # place -> {"kind", "flipped"}
    track: dict = field(default_factory=dict)      # "coal"/"iron" -> cubes on the demand track
    supply: dict = field(default_factory=dict)     # cubes beside the board (never runs out)
    bank: int = 0                   # the bank's balance: minus all money handed out
    finished: bool = False


def new_tile(owner: int, industry: str, level: int) -> dict:
    return {"owner": owner, "industry": industry, "level": level, "flipped": False, "cubes": 0}


def space_id(place: str, number: int) -> str:
    return f"{place}.{number}"


def split_space(space: str) -> tuple[str, str]:
    place, _, number = space.partition(".")
    return place, number


def dump(state: State) -> dict:
    data = {f.name: getattr(state, f.name) for f in fields(State)}
    data["players"] = [{f.name: getattr(p, f.name) for f in fields(Player)} for p in state.players]
    return copied(data)


def load(data: dict) -> State:
    data = copied(data)
    data["players"] = [Player(**p) for p in data["players"]]
    return State(**data)
