"""Spielablauf: set-up and the sequence of a round, in the rulebook's order.

ROUND runs phases 1-3 at the start of a round; the auction (auction.py) and the
development (develop.py) are played by the seats; END_OF_ROUND follows the last
development: phase 5, then the epoch change, then (after epoch 5) the end.
"""
from __future__ import annotations

from service.games.common.rng import seed_state
from service.games.events import changes
from service.games.industry.events import EVENTS, tallies
from service.games.industry.markers import draw_area_markers, pay_from_kasse
from service.games.industry.schema import COLUMNS, EPOCHS
from service.games.industry.scoring import final_scoring
from service.games.industry.state import COINS_TOTAL, State

START_MONEY = 4          # Spielvorbereitung: "Jeder bekommt 4 Taler"
INCOME = 1               # Phase 1. Einnahmen: "Jeder bekommt 1 Taler aus der Kasse."
DEVELOPMENTS_PER_TURN = 2  # Phase 4: "bis zu zwei seiner unentwickelten Felder"


def setup(options: dict, seats: int, seed: int) -> tuple[State, list]:
    """Spielvorbereitung: epoch marker on 1, jokers on their spaces (they stay there
    until won), markers in the bag, 4 Taler each, the start player marker to seat 0."""
    state = State(seats=seats, options=dict(options), rng=seed_state(seed),
                  money=[START_MONEY] * seats, kasse=COINS_TOTAL - START_MONEY * seats,
                  vp=[0] * seats, subsidy=[False] * seats, jokers=[[] for _ in range(seats)],
                  bag=list(COLUMNS))
    events = [EVENTS.make("setup", None, seats=seats)]
    begin_round(state, events)
    return state, events


def collect_income(state: State, events: list) -> None:
    before = tallies(state)
    for seat in range(state.seats):
        pay_from_kasse(state, seat, INCOME)
    events.append(EVENTS.with_numbers(EVENTS.make("income", None, taler=INCOME),
                                      changes(before, tallies(state))))


def start_auction_phase(state: State, events: list) -> None:
    """Phase 3: "Der Startspieler ist der Auktionator." """
    state.phase = "auction"
    state.auctioneer = state.start_player
    state.auction = None


ROUND = (collect_income, draw_area_markers, start_auction_phase)   # Phase 1-3


def begin_round(state: State, events: list) -> None:
    events.append(EVENTS.make("round", None, round=state.round, epoch=state.epoch,
                              start_player=state.start_player))
    for step in ROUND:
        step(state, events)


def start_development(state: State, events: list) -> None:
    """Phase 4: "Beginnend beim Startspieler darf nun jeder der Reihe nach ..." """
    state.phase = "development"
    state.developer = state.start_player
    state.developments_left = DEVELOPMENTS_PER_TURN
    events.append(EVENTS.make("development", None))


def next_developer(state: State, events: list) -> None:
    following = state.left_of(state.developer)
    if following == state.start_player:
        end_round(state, events)
        return
    state.developer = following
    state.developments_left = DEVELOPMENTS_PER_TURN


def pass_start_player(state: State, events: list) -> None:
    """Phase 5: the start player marker goes to the left neighbour."""
    state.start_player = state.left_of(state.start_player)


def epoch_complete(state: State) -> bool:
    return all(f"{state.epoch}{column}" in state.auctioned for column in COLUMNS)


def change_epoch(state: State, events: list) -> None:
    """Epochenwechsel: after the round in which all 12 spaces of the epoch were
    auctioned, the epoch marker moves down; after epoch 5 the game ends (Spielende)."""
    if not epoch_complete(state):
        return
    if state.epoch == EPOCHS:
        state.phase = "over"
        state.owned = {space: mark for space, mark in state.owned.items() if mark["developed"]}
        state.final = final_scoring(state)
        events.append(EVENTS.make("game_over", None, scores=state.final["scores"]))
        return
    state.epoch += 1
    events.append(EVENTS.make("epoch_change", None, epoch=state.epoch))


END_OF_ROUND = (pass_start_player, change_epoch)   # Phase 5, Epochenwechsel


def end_round(state: State, events: list) -> None:
    state.developer = None
    state.developments_left = 0
    for step in END_OF_ROUND:
        step(state, events)
    if state.phase != "over":
        state.round += 1
        begin_round(state, events)
