"""VORBEREITUNG SPIELPLAN and VORBEREITUNG SPIELERBEREICH, and the card set-up of
the KLASSISCHE REGELN (3-4 players: step 2 skipped, so all 66 cards and all 12 cotton
merchant tiles; 9/6 cards under the deck tile)."""
from __future__ import annotations

from service.games.common import rng as rngs

from .data import (CARDS, CLASSIC_CARDS, COTTON_TILES, CUBES_IN_BOX, HAND_SIZE, INCOME_START,
                   INDUSTRIES, MAT_COUNTS, MARKET_PRICES, START_MONEY, TOWNS, card_face)
from .state import State

BANK_START = 10_000   # notional: the rulebook's bank does not run out


def classic_cards(options: dict, players: int) -> bool:
    return options.get("rules") == "classic" and players in CLASSIC_CARDS


def deck_faces(options: dict, players: int) -> list[str]:
    """Step 2: remove the cards without your player count and the two 1-player cards
    (classic rules for 3-4 players: keep all 66)."""
    if classic_cards(options, players):
        return [card_face(c) for c in CARDS]
    return [card_face(c) for c in CARDS if players in c["player_counts"]]


def cotton_tiles(options: dict, players: int) -> list[int]:
    """Step 2 also removes the cotton merchant tiles without your player count; the
    classic set-up for 3-4 players skips step 2, so all 12 stay."""
    return sorted(t["value"] for t in COTTON_TILES
                  if classic_cards(options, players) or players in t["player_counts"])


def setup(options: dict, players: int, seed: int) -> State:
    rng = rngs.seed_state(seed)
    deck, rng = rngs.shuffled(rng, sorted(deck_faces(options, players)))
    under = (CLASSIC_CARDS[players]["canal_cards_beneath_deck_tile"]
             if classic_cards(options, players) else players)
    cotton, rng = rngs.shuffled(rng, cotton_tiles(options, players))
    order, rng = rngs.shuffled(rng, list(range(players)))
    beneath, deck = deck[:under], deck[under:]
    hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
    return State(
        options=dict(options), players=players, rng=rng, era="canal", round=1,
        order=order, turn=0, actions_left=1, phase="turns",
        deck=deck, beneath=beneath, banker_surfaced=None,
        hands=hands, discards=[[] for _ in range(players)],
        money=[START_MONEY] * players, spent=[0] * players,
        income=[INCOME_START] * players, vp=[0] * players,
        mats=[{i: list(MAT_COUNTS[i]) for i in INDUSTRIES} for _ in range(players)],
        boxed=[0] * players,
        board={town: [None] * len(slots) for town, slots in TOWNS.items()},
        links={}, vp_parts={},
        coal_market=len(MARKET_PRICES), iron_market=len(MARKET_PRICES),
        supply={"coal": CUBES_IN_BOX - len(MARKET_PRICES), "iron": CUBES_IN_BOX - len(MARKET_PRICES)},
        cotton_marker=0, cotton_face_down=cotton, cotton_revealed=[],
        pending=[], bank=BANK_START - START_MONEY * players, boxed_cards=0, rounds_played={},
    )
