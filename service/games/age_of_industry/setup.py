"""SPIELVORBEREITUNG: no money, six cards each, two face-up cards, the demand tracks
full, the market tiles shuffled onto the market spaces (the rest out unseen), and
a random start player followed clockwise.
"""
from __future__ import annotations

from service.games.age_of_industry.data import CUBES, DECK, LEVELS, MAPS, MARKET_TILES, RAIL_TILES, TRACKS
from service.games.age_of_industry.state import Player, State
from service.games.common.rng import below, seed_state, shuffled

HAND = 6
FACE_UP = 2


def full_display() -> dict:
    return {industry: [lv for lv, cell in sorted(levels.items()) for _ in range(cell.tiles)]
            for industry, levels in LEVELS.items()}


def setup_state(map_id: str, seats: int, seed: int) -> State:
    rng = seed_state(seed)
    deck, rng = shuffled(rng, list(DECK))
    tiles, rng = shuffled(rng, list(MARKET_TILES))
    start, rng = below(rng, seats)
    players = []
    for _ in range(seats):
        hand = [deck.pop() for _ in range(HAND)]
        players.append(Player(hand=sorted(hand), display=full_display(), rails_left=RAIL_TILES))
    face_up = [deck.pop() for _ in range(FACE_UP)]
    markets = MAPS[map_id].market_order
    return State(
        map=map_id, rng=rng, players=players, order=[(start + i) % seats for i in range(seats)],
        deck=deck, face_up=face_up, unused_market_tiles=sorted(tiles[len(markets):]),
        markets={p: {"kind": tiles[i], "flipped": False} for i, p in enumerate(markets)},
        track={r: len(prices) for r, prices in TRACKS.items()},
        supply={r: CUBES[r] - len(prices) for r, prices in TRACKS.items()})
