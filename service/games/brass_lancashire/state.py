"""The state of a game of Brass: Lancashire: plain data that round-trips through JSON.

Hidden fields say so: `hands`, `deck`, `beneath` (cards under the deck tile),
`cotton_face_down` (the cotton merchant tiles) and `rng`. A tile on the board is a
dict {"owner", "industry", "level", "flipped", "cubes"}; it is named by a reference
"<location>:<slot>" (slot counted from 0 as the town lists them).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields

from service.games.common.plain import copied


@dataclass
class State:
    options: dict
    players: int
    rng: int
    era: str                      # "canal" | "rail"
    round: int                    # round within the era, from 1
    order: list                   # turn order of this round (seats)
    turn: int                     # index into order of the seat on turn
    actions_left: int
    phase: str                    # "turns" | "after_income" | "over"
    deck: list                    # card faces above the deck tile; top is the end
    beneath: list                 # card faces under the deck tile
    banker_surfaced: int | None   # rail round in which the Rothschild tile surfaced
    hands: list
    discards: list
    money: list
    spent: list                   # money on the character tile this round
    income: list                  # positions on the income track
    vp: list
    mats: list                    # per seat: {industry: [tiles left per mat level]}
    boxed: list                   # per seat: industry tiles put back in the box
    board: dict                   # town -> [tile | None per slot]
    links: dict                   # link id -> owner
    coal_market: int              # cubes in the coal market (the dearest spaces filled)
    iron_market: int
    supply: dict                  # cubes in the general supply (may run short: see SOURCES)
    cotton_marker: int
    cotton_face_down: list        # values of the face-down cotton merchant tiles
    cotton_revealed: list
    pending: list                 # decisions interrupting play; the last one acts first
    bank: int
    boxed_cards: int              # cards removed before the rail era (classic set-up)
    rounds_played: dict           # era -> rounds played (filled when an era ends)
    vp_parts: dict                # scoring step -> VP it gave per seat (the result's breakdown)


def dump(state: State) -> dict:
    """A JSON-ready deep copy."""
    return json.loads(json.dumps(vars(state)))


def load(data: dict) -> State:
    return State(**{f.name: data[f.name] for f in fields(State)})


def copy(state: State) -> State:
    """A deep copy (common/plain.py: by marshal, the state being JSON by construction)."""
    return load(copied(vars(state)))


def tile_at(state: State, ref: str) -> dict | None:
    location, _, slot = ref.partition(":")
    tiles = state.board.get(location)
    if tiles is None or not slot.isdigit() or int(slot) >= len(tiles):
        return None
    return tiles[int(slot)]


def tile_refs(state: State):
    """(ref, location, tile) for every tile on the board."""
    for location, tiles in state.board.items():
        for slot, tile in enumerate(tiles):
            if tile is not None:
                yield f"{location}:{slot}", location, tile
