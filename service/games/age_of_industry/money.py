"""Money between the bank and the players (SPIELVORBEREITUNG: "das ist die Bank").

Every payment goes through these two functions, so the bank's balance plus all
players' money is always zero: money is conserved.
"""
from __future__ import annotations

from service.games.age_of_industry.state import State

LOAN = 10            # KREDITE: every loan is $10


def pay(state: State, seat: int, amount: int) -> None:
    """The bank pays a player (profits, demand-track sales, loans, rail income)."""
    state.players[seat].money += amount
    state.bank -= amount


def charge(state: State, seat: int, amount: int, spent: bool = True) -> None:
    """A player pays the bank; money spent in actions sets the next turn order."""
    player = state.players[seat]
    player.money -= amount
    state.bank += amount
    if spent:
        player.spent += amount
