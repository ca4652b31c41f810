"""Spielende: final scoring and the winner.

"Zunächst werden alle Besitzmarker abgeräumt, bei denen noch das „Uhr“-Symbol sichtbar
ist." Then: money (1 VP per 3 Taler), roads between own factories and lines between
own technologies (3 VP per connection), bonus spaces (2 or 3 VP per own factory
connected by their network), unused jokers (2 VP), subsidies (-5 VP). Ties: most
ownership markers on the board, then most money.
"""
from __future__ import annotations

from service.games.industry.board import BOARD
from service.games.results import ranked
from service.games.industry.state import State
from service.games.industry.subsidy import SUBSIDY_VP

TALER_PER_VP = 3
CONNECTION_VP = 3
UNUSED_JOKER_VP = 2


def developed_by(state: State, seat: int) -> set[str]:
    return {space for space, mark in state.owned.items()
            if mark["seat"] == seat and mark["developed"]}


def connection_vp(mine: set[str], kind: str) -> int:
    """Roads (factories) or lines (technologies) with both ends the seat's."""
    return CONNECTION_VP * sum(1 for a, b in BOARD.links(kind) if a in mine and b in mine)


def bonus_vp(mine: set[str]) -> int:
    """"Jedes Bonusfeld eines Spielers ... bringt ihm für jede seiner mit dem Bonusfeld
    verbundenen Fabriken 2 oder 3 Siegpunkte." """
    return sum(BOARD.spaces[bonus]["vp_per_factory"]
               * sum(1 for factory in BOARD.connected_factories(bonus) if factory in mine)
               for bonus in mine if BOARD.spaces[bonus]["kind"] == "bonus")


def seat_breakdown(state: State, seat: int) -> dict:
    """The VP parts, adding up to the seat's score."""
    mine = developed_by(state, seat)
    return {"during_play": state.vp[seat],
            "money": state.money[seat] // TALER_PER_VP,
            "roads": connection_vp(mine, "road"),
            "lines": connection_vp(mine, "tech_line"),
            "bonus_spaces": bonus_vp(mine),
            "unused_jokers": UNUSED_JOKER_VP * len(state.jokers[seat]),
            "subsidy": SUBSIDY_VP if state.subsidy[seat] else 0}


def final_scoring(state: State) -> dict:
    """The shared result shape (service/games/results.py); ties: markers, then Taler."""
    breakdown = [seat_breakdown(state, seat) for seat in range(state.seats)]
    scores = [sum(parts.values()) for parts in breakdown]
    tiebreak = [{"markers": len(developed_by(state, seat)), "taler": state.money[seat]}
                for seat in range(state.seats)]
    ranking = ranked(state.seats, lambda s: (scores[s], tiebreak[s]["markers"], tiebreak[s]["taler"]))
    return {"scores": scores, "ranking": ranking, "breakdown": breakdown, "tiebreak": tiebreak}
