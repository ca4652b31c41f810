"""SPIELSIEGER: rail income, loans repaid, $5 = 1 VP, tile levels as VP, -5 per
unpaid loan; ties go to the player earlier in turn order.
"""
from __future__ import annotations

from service.games.age_of_industry.data import MAPS
from service.games.age_of_industry.money import LOAN, charge, pay
from service.games.age_of_industry.network import tiles_at
from service.games.age_of_industry.state import State

RAIL_BASE = 2
VP_PER_DOLLARS = 5
UNPAID_LOAN_VP = 5


def occupied(state: State, place: str) -> int:
    """Tiles (flipped or not), a market space (any tile) and a settlement count."""
    location = MAPS[state.map].locations[place]
    return len(tiles_at(state, place)) + location.market + location.settlement


def rail_income(state: State, link: str) -> int:
    a, b = MAPS[state.map].links[link]
    return RAIL_BASE + occupied(state, a) + occupied(state, b)


def final_scoring(state: State) -> None:
    """Rail income into money, then every loan that can be repaid is."""
    for link, seat in sorted(state.rails.items()):
        pay(state, seat, rail_income(state, link))
    for seat, player in enumerate(state.players):
        while player.loans and player.money >= LOAN:
            player.loans -= 1
            charge(state, seat, LOAN, spent=False)


def breakdown(state: State, seat: int) -> dict:
    """The VP parts: $5 = 1 VP, the levels of the seat's tiles, -5 per unpaid loan."""
    player = state.players[seat]
    return {"money": player.money // VP_PER_DOLLARS,
            "tile_levels": sum(t["level"] for t in state.tiles.values() if t["owner"] == seat),
            "unpaid_loans": -UNPAID_LOAN_VP * player.loans}


def victory_points(state: State, seat: int) -> int:
    return sum(breakdown(state, seat).values())


def result(state: State) -> dict | None:
    """The shared result shape (service/games/results.py); a tie goes to the seat
    earlier in turn order (`tiebreak`: its place in the last turn order, 1 first)."""
    if not state.finished:
        return None
    seats = range(len(state.players))
    scores = [victory_points(state, s) for s in seats]
    ranking = sorted(state.order, key=lambda s: -scores[s])   # stable: turn order breaks ties
    return {"scores": scores, "ranking": [[s] for s in ranking],
            "breakdown": [breakdown(state, s) for s in seats],
            "tiebreak": [{"turn_order": state.order.index(s) + 1} for s in seats],
            "details": {"money": [p.money for p in state.players],
                        "loans": [p.loans for p in state.players]}}
