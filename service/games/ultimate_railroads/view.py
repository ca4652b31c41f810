"""What each seat may see: everything on the table; the end-game cards a seat took
are face down (only their number is public) and the pile is hidden."""
from __future__ import annotations

import copy
import random

from service.games.base import deal_anew

from .data import END_CARDS
from .emil import public as public_emil
from .werklok import unseen

PRIVATE_PLAYER = ("end_cards",)


def public_player(player: dict) -> dict:
    out = {k: v for k, v in player.items() if k not in PRIVATE_PLAYER}
    out["end_cards"] = len(player["end_cards"])
    return out


def view(state: dict, seat: int | None) -> dict:
    public = {k: v for k, v in state.items() if k not in ("rng", "end_deck", "players", "pool")}
    public["end_deck"] = len(state["end_deck"])
    public["players"] = [public_player(p) for p in state["players"]]
    public["pool"] = state["pool"]
    for face_down in ("werklok", "foundries"):       # the stacks lie face down: their size only
        if face_down in state:
            public[face_down] = {**state[face_down], "stack": len(state[face_down]["stack"])}
    if "boilers" in state.get("foundries", {}):       # the stokers' foundries: never turned up
        public["foundries"]["boilers"] = len(state["foundries"]["boilers"])
    if state["emil"]:
        public["emil"] = public_emil(state["emil"])
    private = {} if seat is None else {"end_cards": list(state["players"][seat]["end_cards"])}
    return {"public": public, "private": private}


def conceal(state: dict, seat: int, rng: random.Random) -> dict:
    """Engine.conceal: the others' end-game cards, and the pile's unless the seat is
    looking through it now (an end-card decision of its own waits), dealt anew from
    the cards it has not seen (those set aside at the start among them); Emil's deck
    shuffled; the generator (start bonus draws, Emil's reshuffles) reseeded. The
    modules' face-down stacks: the foundries dealt anew with those laid unseen as
    stokers; the Werklok tiles nobody has seen yet shuffled (the ones pushed out stay
    where they went, under the stack)."""
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
    if out["emil"]:
        out["emil"]["deck"] = deal_anew([out["emil"]["deck"]], rng)[0]
    if "foundries" in out:
        foundries = out["foundries"]
        foundries["stack"], foundries["boilers"] = deal_anew(
            [foundries["stack"], foundries.get("boilers", [])], rng)
    if "werklok" in out:
        works = out["werklok"]
        hidden = unseen(works)
        works["stack"][:hidden] = deal_anew([works["stack"][:hidden]], rng)[0]
    out["rng"] = rng.getrandbits(64)
    return out
