"""What each seat may see: everything on the table; the end-game cards a seat took
are face down (only their number is public) and the pile is hidden; what the chapters
of the box keep face down (FACE_DOWN)."""
from __future__ import annotations

import copy
import random

from service.games.base import deal_anew

from .data import END_CARDS

PRIVATE_PLAYER = ("end_cards",)
# A chapter's face-down things, under their key in the state (taken in the order of the keys:
# the order concealed copies are dealt in): key -> {"public": (part) -> what all may see,
# "conceal": (part, rng) -> None, dealing the part anew in place}
FACE_DOWN: dict = {}


def public_player(player: dict) -> dict:
    out = {k: v for k, v in player.items() if k not in PRIVATE_PLAYER}
    out["end_cards"] = len(player["end_cards"])
    return out


def view(state: dict, seat: int | None) -> dict:
    public = {k: v for k, v in state.items() if k not in ("rng", "end_deck", "players", "pool")}
    public["end_deck"] = len(state["end_deck"])
    public["players"] = [public_player(p) for p in state["players"]]
    public["pool"] = state["pool"]
    for key in sorted(FACE_DOWN):
        if state.get(key):
            public[key] = FACE_DOWN[key]["public"](state[key])
    private = {} if seat is None else {"end_cards": list(state["players"][seat]["end_cards"])}
    return {"public": public, "private": private}


def looked_through(state: dict) -> bool:
    """Whether a seat is looking through the end-game pile now (an end-card decision of
    its own waits): its legal moves name the pile's cards."""
    return bool(state["pool"]) and any(item["kind"] == "end_card" for item in state["pool"]["items"])


def reveals(before: dict, after: dict) -> bool:
    """Engine.reveals: whether the move from `before` to `after` drew on what no seat
    sees, or let one see it: the end-game pile looked through ("Du suchst dir eine
    Spielendekarte aus dem Stapel aus") or taken from, the generator drawn (the start
    bonus cards, Emil's reshuffles), a chapter's face-down stack (FACE_DOWN: the
    foundries, the Werklok's, Emil's deck) changed at all: a whole stack compared, so
    a change of its open part counts too, which asks consent where none was needed,
    never the other way round."""
    if looked_through(after) and not looked_through(before):
        return True
    return any(before.get(name) != after.get(name) for name in ("end_deck", "rng", *sorted(FACE_DOWN)))


def conceal(state: dict, seat: int, rng: random.Random) -> dict:
    """Engine.conceal: the others' end-game cards, and the pile's unless the seat is
    looking through it now (an end-card decision of its own waits), dealt anew from
    the cards it has not seen (those set aside at the start among them); Emil's deck
    shuffled; the generator (start bonus draws, Emil's reshuffles) reseeded. The
    chapters' face-down stacks as FACE_DOWN says."""
    out = copy.deepcopy(state)
    looking = bool(state["pool"]) and state["pool"]["seat"] == seat and any(
        item["kind"] == "end_card" for item in state["pool"]["items"])
    others = [p for s, p in enumerate(out["players"]) if s != seat]
    piles = [p["end_cards"] for p in others] + ([] if looking else [state["end_deck"]])
    seen = set(state["players"][seat]["end_cards"]) | (set(state["end_deck"]) if looking else set())
    set_aside = sorted(set(END_CARDS) - seen - {card for pile in piles for card in pile})
    dealt = deal_anew(piles + [set_aside], rng)
    for player, cards in zip(others, dealt):
        player["end_cards"] = cards
    if not looking:
        out["end_deck"] = dealt[len(others)]
    for key in sorted(FACE_DOWN):       # Emil's deck, the foundries, the Werklok's stack
        if out.get(key):
            FACE_DOWN[key]["conceal"](out[key], rng)
    out["rng"] = rng.getrandbits(64)
    return out
