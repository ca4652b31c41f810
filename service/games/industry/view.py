"""What the seats see. Everything in Industry is public ("das Geld der Spieler bleibt
stets gut sichtbar") except the order of the bag; the bag is kept sorted and drawn by
the hidden generator, so the view shows all but `rng`, and `private` stays empty.
"""
from __future__ import annotations

import random

from service.games.industry.board import BOARD
from service.games.industry.develop import build_cost
from service.games.industry.markers import available_spaces
from service.games.industry.state import State, dump, load


def view(state: State, seat: int | None, to_act: list[int]) -> dict:
    public = dump(state)
    del public["rng"]
    public.update({
        "board": "provisional" if BOARD.provisional else "printed",
        "available": available_spaces(state),
        "jokers_on_board": sorted(s for s, d in BOARD.spaces.items()
                                  if d["kind"] == "joker" and s not in state.auctioned),
        "build_costs": [{space: build_cost(state, other, space) for space in state.owned_by(other)
                         if not state.owned[space]["developed"]} for other in range(state.seats)],
        "markers_left": [state.markers_left(other) for other in range(state.seats)],
        "to_act": to_act,
    })
    return {"public": public, "private": {}}


def reveals(before: State, after: State) -> bool:
    """Engine.reveals: whether the move from `before` to `after` drew from the bag
    (Phase 2. Neue Bereichsmarker: "Pro Spieler wird ein Bereichsmarker aus dem
    Beutel gezogen"): which marker comes out is what nobody knew, and the hidden
    generator that draws it moves with each draw."""
    return before.rng != after.rng


def conceal(state: State, seat: int, rng: random.Random) -> State:
    """Engine.conceal: the generator that draws from the bag reseeded (the bag itself
    is public)."""
    out = load(dump(state))
    out.rng = rng.getrandbits(64)
    return out
