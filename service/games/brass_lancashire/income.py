"""EINKOMMEN ERHÖHEN, INDUSTRIEPLÄTTCHEN UMDREHEN and the income track."""
from __future__ import annotations

from .data import INCOME_MIN, INCOME_TRACK, LEVELS
from .state import State

TOP = len(INCOME_TRACK) - 1
HIGHEST_POSITION = {level: pos for pos, level in enumerate(INCOME_TRACK)}


def income_level(position: int) -> int:
    return INCOME_TRACK[position]


def advance_income(state: State, seat: int, steps: int) -> None:
    """Move the income marker forward by spaces (not levels); never past level 30."""
    state.income[seat] = min(TOP, state.income[seat] + steps)


def flip(state: State, tile: dict) -> None:
    """Flip a tile and advance its owner's income by the arrow on the tile."""
    tile["flipped"] = True
    advance_income(state, tile["owner"], LEVELS[tile["industry"]][tile["level"]].income)


def position_after_loan(position: int, amount: int) -> int | None:
    """KREDIT AUFNEHMEN: back 1/2/3 income levels to the highest space of that level;
    None when that would take income below -10."""
    level = income_level(position) - amount // 10
    if level < INCOME_MIN:
        return None
    return HIGHEST_POSITION[level]
