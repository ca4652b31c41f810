"""What every bench shares: the game it measures and how it prints a figure."""
from __future__ import annotations

import sys

from service.games.registry import game_types

PREFERRED = "brass-lancashire"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]

def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"

def pick_game(game_id: str | None):
    types = game_types()
    if not types:
        sys.exit("no game type is registered")
    game_id = game_id or (PREFERRED if PREFERRED in types else next(iter(types)))
    if game_id not in types:
        sys.exit(f"unknown game {game_id!r}; registered: {', '.join(types)}")
    return types[game_id]


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"
