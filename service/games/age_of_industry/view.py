"""What each seat sees: the board and every player's open information in "public",
the seat's own hand in "private". The deck order, the unused market tiles and the
generator stay hidden.
"""
from __future__ import annotations

import random

from service.games.age_of_industry.flow import current_seat
from service.games.age_of_industry.state import State, dump, load
from service.games.base import deal_anew


def view(state: State, seat: int | None) -> dict:
    public = {
        "map": state.map, "round": state.round, "order": list(state.order),
        "to_act": current_seat(state), "actions_left": state.actions_left,
        "selling": state.selling, "repaying": list(state.repaying), "finished": state.finished,
        "players": [{"seat": s, "money": p.money, "loans": p.loans, "spent": p.spent,
                     "hand_size": len(p.hand), "display": p.display, "rails_left": p.rails_left}
                    for s, p in enumerate(state.players)],
        "deck_size": len(state.deck), "face_up": list(state.face_up), "discard": list(state.discard),
        "tiles": state.tiles, "rails": state.rails, "imports": state.imports,
        "markets": state.markets, "track": state.track,
        "unused_market_tiles": len(state.unused_market_tiles)}
    private = {} if seat is None else {"hand": sorted(state.players[seat].hand)}
    return {"public": public, "private": private}


def reveals(before: State, after: State) -> bool:
    """Engine.reveals: whether the move from `before` to `after` drew on what no seat
    sees: a card from the face-down draw pile (AKTION Zwei Karten ziehen, the face-up
    cards refilled from it), the generator."""
    return (before.deck, before.unused_market_tiles, before.rng) != \
        (after.deck, after.unused_market_tiles, after.rng)


def conceal(state: State, seat: int, rng: random.Random) -> State:
    """Engine.conceal: the deck and the other hands dealt anew from their cards
    together, the unused market tiles shuffled, the generator reseeded."""
    out = load(dump(state))
    others = [p for s, p in enumerate(out.players) if s != seat]
    out.deck, *hands = deal_anew([state.deck] + [p.hand for p in others], rng)
    for player, hand in zip(others, hands):
        player.hand = hand
    out.unused_market_tiles = deal_anew([state.unused_market_tiles], rng)[0]
    out.rng = rng.getrandbits(64)
    return out
