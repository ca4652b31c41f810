"""The coal and iron markets (KOHLE VERBRAUCHEN 2, EISEN VERBRAUCHEN 2, and
KOHLE UND EISEN AN DEN MARKT VERKAUFEN). A market holds its cubes on its dearest
spaces: buying takes the cheapest filled space, selling fills the dearest empty one."""
from __future__ import annotations

from .data import MARKET_EMPTY_PRICE, MARKET_PRICES
from .state import State

MARKET_FIELD = {"coal": "coal_market", "iron": "iron_market"}
SIZE = len(MARKET_PRICES)


def buy_price(count: int) -> int:
    """Price of the cheapest cube in a market holding `count` cubes (£5 when empty)."""
    return MARKET_PRICES[SIZE - count] if count > 0 else MARKET_EMPTY_PRICE


def cost_of(count: int, cubes: int) -> int:
    """What buying `cubes` cubes one after another costs."""
    total = 0
    for _ in range(cubes):
        total += buy_price(count)
        count = max(0, count - 1)
    return total


def pay(state: State, seat: int, amount: int) -> None:
    """Money spent goes on the character tile (counted for turn order) and to the bank."""
    state.money[seat] -= amount
    state.spent[seat] += amount
    state.bank += amount


def buy(state: State, seat: int, kind: str) -> int:
    """Buy one cube of `kind` from its market for the seat; it is consumed at once."""
    count = getattr(state, MARKET_FIELD[kind])
    price = buy_price(count)
    if count:
        setattr(state, MARKET_FIELD[kind], count - 1)
        state.supply[kind] += 1
    pay(state, seat, price)
    return price


def sell_cubes(state: State, seat: int, tile: dict, kind: str) -> int:
    """Move as many cubes as fit from the tile onto the market, dearest space first;
    the owner earns each space's price. Returns the money earned."""
    count = getattr(state, MARKET_FIELD[kind])
    earned = 0
    while tile["cubes"] and count < SIZE:
        earned += MARKET_PRICES[SIZE - 1 - count]
        count += 1
        tile["cubes"] -= 1
    setattr(state, MARKET_FIELD[kind], count)
    state.money[seat] += earned
    state.bank -= earned
    return earned
