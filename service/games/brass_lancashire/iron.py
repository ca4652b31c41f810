"""EISEN VERBRAUCHEN: iron comes from any unflipped iron works (any owner, no
connection needed, the player picks), then from the iron market, cheapest first,
then at £5 a cube."""
from __future__ import annotations

from .coal import take_cube
from .market import buy
from .state import State, tile_refs


def iron_on_works(state: State) -> dict[str, int]:
    return {ref: tile["cubes"] for ref, _loc, tile in tile_refs(state)
            if tile["industry"] == "iron_works" and tile["cubes"] > 0}


def iron_choices(state: State, need: int) -> list[tuple[str, ...]]:
    """Every multiset of iron works to take `need` cubes from (as many as the works
    hold); what they cannot give comes from the market."""
    works = iron_on_works(state)
    take = min(need, sum(works.values()))
    refs = sorted(works)
    choices = [()]
    for _ in range(take):
        choices = [c + (r,) for c in choices for r in refs
                   if (not c or r >= c[-1]) and (c + (r,)).count(r) <= works[r]]
    return choices


def market_iron(need: int, choice: tuple) -> int:
    return need - len(choice)


def consume_iron(state: State, seat: int, choice: tuple, need: int) -> None:
    for ref in choice:
        take_cube(state, ref, "iron")
    for _ in range(market_iron(need, choice)):
        buy(state, seat, "iron")
