"""The bot's evaluation of an Age of Industry position (service/games/bot.py): per seat,
in VP as SPIELSIEGER counts them: tile levels, money at $5 = 1 VP and the first
dollars in hand more (a seat starts with none, SPIELVORBEREITUNG, and must hold some
to build: a loan is worth taking when broke), the rails' income to come at the end
(rail income into money, weighted up: it grows as places fill), part of an unflipped
tile's profit, and loans as the end counts them (repaid where the money reaches, else
5 VP each) blended with their $10 and interest to come while much of the deck is left
(KREDITE)."""
from __future__ import annotations

from service.games.age_of_industry.data import DECK, LEVELS
from service.games.age_of_industry.money import LOAN
from service.games.age_of_industry.scoring import UNPAID_LOAN_VP, rail_income
from service.games.age_of_industry.state import State

DOLLAR_VP = 0.2             # the end pays $5 = 1 VP
CASH_IN_HAND = 15           # the first dollars in hand are worth more by
CASH_VP = 0.15
UNFLIPPED_PROFIT = 0.5      # share of an unflipped tile's profit
ROUNDS_LEFT = 6             # interest rounds a loan costs from the start, about
RAIL_SHARE = 2.0            # of the rail income as it stands: places still fill up (tuned by pbem bench bot)


def evaluate(state: State) -> list[float]:
    early = len(state.deck) / len(DECK)         # cash in hand matters less as the deck ends
    values = [money_and_loans(player.money, player.loans, early) for player in state.players]
    for tile in state.tiles.values():
        values[tile["owner"]] += tile["level"]
        if not tile["flipped"]:
            level = LEVELS[tile["industry"]][tile["level"]]
            values[tile["owner"]] += UNFLIPPED_PROFIT * level.profit * DOLLAR_VP
    for link, seat in state.rails.items():
        values[seat] += RAIL_SHARE * rail_income(state, link) * DOLLAR_VP
    return values


def money_and_loans(money: int, loans: int, early: float) -> float:
    """KREDITE and SPIELSIEGER: early on a loan costs the $10 it repays and its interest
    to come; towards the end, as the end counts it: repaid where the money reaches,
    else UNPAID_LOAN_VP. The two are blended by how much of the deck is left."""
    repaid = min(loans, money // LOAN)
    at_end = (money - repaid * LOAN) * DOLLAR_VP - (loans - repaid) * UNPAID_LOAN_VP
    running = (money - loans * (LOAN + ROUNDS_LEFT)) * DOLLAR_VP
    return (early * running + (1 - early) * at_end
            + min(money, CASH_IN_HAND) * CASH_VP * early)


def shortlist(state: State, seat: int, moves: list[dict]) -> list[dict]:
    """KREDITE: loans and repayments use no action, so a bot weighing them afresh at
    every step could take and repay one for ever. It borrows only while its cash is
    short (below CASH_IN_HAND) and repays only just before the interest (`repaying`)."""
    def wanted(move: dict) -> bool:
        if move["action"] == "loan":
            return state.players[seat].money < CASH_IN_HAND
        if move["action"] == "repay":
            return bool(state.repaying)
        return True
    return [move for move in moves if wanted(move)]
