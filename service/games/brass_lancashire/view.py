"""What each seat may see: hands, deck order, the cards under the deck tile and the
face-down cotton merchant tiles are hidden; discards and everything else are public."""
from __future__ import annotations

import json
import random
from collections import Counter

from service.games.base import deal_anew

from .income import income_level
from .setup import deck_faces
from .state import State, copy

HIDDEN = {"rng", "hands", "deck", "beneath", "cotton_face_down"}
# What no seat sees, drawn from (a hand is its holder's: playing from it shows nothing new)
SOURCES = ("deck", "beneath", "cotton_face_down", "rng")


def public(state: State) -> dict:
    out = {key: value for key, value in vars(state).items() if key not in HIDDEN}
    out["hand_sizes"] = [len(h) for h in state.hands]
    out["deck_size"] = len(state.deck)
    out["beneath_deck_tile"] = len(state.beneath)
    out["cotton_tiles_face_down"] = len(state.cotton_face_down)
    out["income_level"] = [income_level(p) for p in state.income]
    return json.loads(json.dumps(out))


def view(state: State, seat: int | None) -> dict:
    private = {} if seat is None else {"hand": sorted(state.hands[seat])}
    return {"public": public(state), "private": private}


def reveals(before: State, after: State) -> bool:
    """Engine.reveals: whether the move from `before` to `after` drew on what no seat
    sees: cards drawn from the deck (SPIELZUG: "ziehst du vom Zugstapel auf 8
    Handkarten nach"), a cotton merchant tile turned, the deck reshuffled (ENDE DER
    EPOCHE, "Zugstapel mischen")."""
    return any(getattr(before, name) != getattr(after, name) for name in SOURCES)


def conceal(state: State, seat: int, rng: random.Random) -> State:
    """Engine.conceal: the deck, the cards under the deck tile and the other hands
    dealt anew from the cards the seat has not seen (those boxed unseen before the
    rail era among them), the face-down cotton merchant tiles shuffled, the
    generator (the reshuffles to come) reseeded."""
    out = copy(state)
    others = [s for s in range(state.players) if s != seat]
    piles = [state.deck, state.beneath] + [state.hands[s] for s in others]
    seen = Counter(state.hands[seat]) + Counter(c for pile in state.discards for c in pile)
    boxed = Counter(deck_faces(state.options, state.players)) - seen - Counter(
        card for pile in piles for card in pile)
    out.deck, out.beneath, *hands, _boxed = deal_anew(piles + [sorted(boxed.elements())], rng)
    for other, hand in zip(others, hands):
        out.hands[other] = hand
    out.cotton_face_down = deal_anew([state.cotton_face_down], rng)[0]
    out.rng = rng.getrandbits(64)
    return out
