"""The bot's evaluation of an Age of Industry position (service/games/bot.py): per seat,
in VP as SPIELSIEGER counts them: tile levels, money at $5 = 1 VP and the first
dollars in hand more (a seat starts with none, SPIELVORBEREITUNG, and must hold some
to build: a loan is worth taking when broke), the cards in hand (a build plays one,
develop and pass discard one: a card spent on nothing is an action lost), the rails'
income to come at the end (weighted up: it grows as places fill), part of an unflipped
tile's profit, and loans as the end counts them (the rails' income paid into money
first, then loans repaid where the money reaches, else 5 VP each) blended with their
$10 and interest to come while much of the deck is left (KREDITE).

How much is left is measured against the deck as the deal left it (six cards a seat
and two face up, SPIELVORBEREITUNG): with five seats the game is shorter, not later."""
from __future__ import annotations

from service.games.age_of_industry.data import DECK, LEVELS
from service.games.age_of_industry.money import LOAN
from service.games.age_of_industry.scoring import UNPAID_LOAN_VP, rail_income
from service.games.age_of_industry.setup import FACE_UP, HAND
from service.games.age_of_industry.state import State

DOLLAR_VP = 0.2             # the end pays $5 = 1 VP
CASH_IN_HAND = 15           # the first dollars in hand are worth more by
CASH_VP = 0.15
CARD_VP = 0.5               # a card in hand while the deck lasts (tuned by pbem bench bot)
UNFLIPPED_PROFIT = 0.5      # share of an unflipped tile's profit
ROUNDS_LEFT = 6             # interest rounds a loan costs from the start, about
RAIL_SHARE = 2.0            # of the rail income as it stands: places still fill up (tuned by pbem bench bot)


def deck_left(state: State) -> float:
    """The share of the deck still to draw, 1 just after the deal."""
    dealt = len(DECK) - HAND * len(state.players) - FACE_UP
    return min(1.0, len(state.deck) / dealt)


def evaluate(state: State) -> list[float]:
    early = deck_left(state)        # cash and cards in hand matter less as the deck ends
    rails = [0] * len(state.players)
    for link, seat in state.rails.items():
        rails[seat] += rail_income(state, link)
    values = [money_and_loans(player.money, player.loans, rails[seat], early)
              + RAIL_SHARE * rails[seat] * DOLLAR_VP + CARD_VP * len(player.hand) * early
              for seat, player in enumerate(state.players)]
    for tile in state.tiles.values():
        values[tile["owner"]] += tile["level"]
        if not tile["flipped"]:
            level = LEVELS[tile["industry"]][tile["level"]]
            values[tile["owner"]] += UNFLIPPED_PROFIT * level.profit * DOLLAR_VP
    return values


def money_and_loans(money: int, loans: int, rail_income: int, early: float) -> float:
    """KREDITE and SPIELSIEGER: early on a loan costs the $10 it repays and its interest
    to come; towards the end, as the end counts it: the rails' income is paid in, then
    loans are repaid where the money reaches, else count UNPAID_LOAN_VP each (the rail
    income itself is valued beside this). The two are blended by how much of the deck
    is left."""
    repaid = min(loans, (money + rail_income) // LOAN)
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
