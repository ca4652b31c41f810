"""The bot's evaluation of a Brass position (service/games/bot.py): per seat, in VP.

What is scored already (`vp`), what the era's end will score as the board stands
(ENDEN DER EPOCHEN: links by the icons of their towns, flipped tiles by their
hexagon), part of an unflipped tile's VP (it may still be sold or used up), the
income level for every round still to come (RUNDENENDE: Einkommen erhalten) and
the money in hand, both at a rate of VP per £ that falls as the game nears its end
(ENDE DER EISENBAHNEPOCHE 3: £10 = 1 VP)."""
from __future__ import annotations

from .data import LEVELS, LINKS, ROUNDS_PER_ERA
from .income import income_level
from .scoring import link_icons
from .state import State, tile_refs

UNFLIPPED_SHARE = 0.5       # of an unflipped tile's VP and income
POUND_VP_LATE = 0.1         # £10 = 1 VP at the end
POUND_VP_EARLY = 0.25       # money early is worth builds
STEP_LEVELS = 0.5           # income levels per space of the income track, about


def rounds_left(state: State) -> int:
    """Rounds still to be played this era and, in the canal era of a full game, the
    rail era's."""
    cards = len(state.deck) + sum(len(hand) for hand in state.hands)
    this_era = cards / (2 * state.players)
    later = (ROUNDS_PER_ERA[state.players]
             if state.era == "canal" and state.options.get("length") != "introductory" else 0)
    return round(this_era) + later


def evaluate(state: State) -> list[float]:
    left = rounds_left(state)
    total = 2 * ROUNDS_PER_ERA[state.players]
    pound = POUND_VP_LATE + (POUND_VP_EARLY - POUND_VP_LATE) * min(1.0, left / total)
    values = [float(state.vp[seat]) + state.money[seat] * pound
              + income_level(state.income[seat]) * left * pound
              for seat in range(state.players)]
    for link, owner in state.links.items():
        values[owner] += sum(link_icons(state, town) for town in LINKS[link])
    for _ref, _location, tile in tile_refs(state):
        level = LEVELS[tile["industry"]][tile["level"]]
        share = 1.0 if tile["flipped"] else UNFLIPPED_SHARE
        values[tile["owner"]] += share * level.vp
        if not tile["flipped"]:
            values[tile["owner"]] += share * level.income * STEP_LEVELS * left * pound
    return values
