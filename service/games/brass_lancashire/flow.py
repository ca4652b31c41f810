"""The sequence of play, as the rulebook orders it: SPIELZUG (actions, refill to 8),
RUNDENENDE 1-2, ENDEN DER EPOCHEN 1-2, ENDE DER KANALEPOCHE 3-6, ENDE DER
EISENBAHNEPOCHE 3, and the VARIANTE ZUM EINSTIEG (canal era only)."""
from __future__ import annotations

from service.games.common import rng as rngs
from service.games.events import run_steps

from .data import CLASSIC_CARDS, HAND_SIZE
from .debt import collect_negative_income
from .events import EVENTS
from .income import income_level
from .mat import remove_from_board
from .numbers import tallies
from .scoring import score_cash, score_flipped_tiles, score_introductory_extras, score_links
from .setup import classic_cards
from .state import State, tile_refs

END_OF_ROUND = ("order_by_money_spent", "collect_income")                       # RUNDENENDE 1-2
END_OF_ERA = ("score_links", "score_flipped_tiles")                             # ENDEN BEIDER EPOCHEN
END_OF_CANAL_ERA = ("remove_level_1_tiles", "reset_cotton_market", "reshuffle_deck",
                    "place_banker_tile", "deal_hands")                           # KANALEPOCHE 3-6
END_OF_RAIL_ERA = ("score_cash",)                                               # EISENBAHNEPOCHE 3
END_OF_INTRODUCTORY_GAME = ("score_introductory_extras",)                       # VARIANTE ZUM EINSTIEG
SCORING_STEPS = END_OF_ERA + END_OF_RAIL_ERA + END_OF_INTRODUCTORY_GAME


def actions_for(state: State, seat: int) -> int:
    """Two actions a turn, one in the first round of the canal era; never more than
    the cards in hand."""
    per_turn = 1 if state.era == "canal" and state.round == 1 else 2
    return min(per_turn, len(state.hands[seat]))


def refill(state: State, seat: int) -> list[dict]:
    """Draw up to 8; in the canal era the cards under the deck tile are not used.
    In the rail era the Rothschild tile surfaces when the cards above it run out.
    The cards drawn are told to the seat alone."""
    hand = state.hands[seat]
    held = len(hand)
    while len(hand) < HAND_SIZE and (state.deck or (state.era == "rail" and state.beneath)):
        hand.append((state.deck or state.beneath).pop())
    drawn = hand[held:]
    if state.era == "rail" and not state.deck and state.banker_surfaced is None:
        state.banker_surfaced = state.round
    if not drawn:
        return []
    return [EVENTS.make("drew", seat, count=len(drawn)) | {"cards": drawn, "visible_to": [seat]}]


def era_over(state: State) -> bool:
    return not state.deck and not any(state.hands) and (state.era == "canal" or not state.beneath)


def last_round_of_game(state: State) -> bool:
    return era_over(state) and (state.era == "rail" or state.options.get("length") == "introductory")


def next_seat(state: State) -> None:
    """The next seat with cards takes its turn, or the round ends."""
    while state.turn + 1 < len(state.order):
        state.turn += 1
        state.actions_left = actions_for(state, state.order[state.turn])
        if state.actions_left:
            return
    state.phase = "round_end"


def order_by_money_spent(state: State) -> None:
    """Least spent goes first; equal spenders keep their order. Money back to the bank."""
    state.order = sorted(state.order, key=lambda seat: state.spent[seat])
    state.spent = [0] * state.players


def collect_income(state: State) -> None:
    """Income by level; none after the last round of the game ("Am Ende der letzten Runde
    des Spiels erhalten die Spieler kein Einkommen"), which in the introductory game is
    the canal era's last round (README, "The games"). Debts may interrupt."""
    if last_round_of_game(state):
        return
    debts = []
    for seat in state.order:
        level = income_level(state.income[seat])
        if level >= 0:
            state.money[seat] += level
            state.bank -= level
        elif pending := collect_negative_income(state, seat, -level):
            debts.append(pending)
    state.pending.extend(reversed(debts))


def remove_level_1_tiles(state: State) -> None:
    for ref, location, tile in list(tile_refs(state)):
        if tile["level"] == 1:
            remove_from_board(state, location, int(ref.split(":")[1]))


def reset_cotton_market(state: State) -> None:
    state.cotton_marker = 0
    state.cotton_face_down, state.rng = rngs.shuffled(
        state.rng, sorted(state.cotton_face_down + state.cotton_revealed))
    state.cotton_revealed = []


def reshuffle_deck(state: State) -> None:
    """The cards from under the deck tile and every played card, shuffled; the
    classic set-up then boxes 6 (3 players) or 2 (4 players)."""
    cards = sorted(state.beneath + [c for pile in state.discards for c in pile])
    state.deck, state.rng = rngs.shuffled(state.rng, cards)
    state.discards = [[] for _ in range(state.players)]
    if classic_cards(state.options, state.players):
        boxed = CLASSIC_CARDS[state.players]["cards_removed_before_rail"]
        state.deck = state.deck[boxed:]
        state.boxed_cards += boxed


def place_banker_tile(state: State) -> None:
    """Twice as many cards as players under the Rothschild side of the deck tile."""
    under = 2 * state.players
    state.beneath, state.deck = state.deck[:under], state.deck[under:]
    state.banker_surfaced = None


def deal_hands(state: State) -> list[dict]:
    state.era, state.round = "rail", 1
    return [event for seat in state.order for event in refill(state, seat)]


STEPS = {name: globals()[name] for name in (
    *END_OF_ROUND, "remove_level_1_tiles", "reset_cotton_market", "reshuffle_deck",
    "place_banker_tile", "deal_hands")} | {
    "score_links": score_links, "score_flipped_tiles": score_flipped_tiles,
    "score_cash": score_cash, "score_introductory_extras": score_introductory_extras}


def run(state: State, steps: tuple) -> list[dict]:
    """The steps in order; an event for each that changes money, VP or income. The VP
    of the scoring steps are kept apart (`vp_parts`) for the result's breakdown."""
    events = run_steps(state, [(step, STEPS[step]) for step in steps], tallies, EVENTS)
    for event in events:
        if event["type"] in SCORING_STEPS and "vp" in event:
            part = state.vp_parts.setdefault(event["type"], [0] * state.players)
            state.vp_parts[event["type"]] = [a + b for a, b in zip(part, event["vp"])]
    return events


def end_era(state: State) -> list[dict]:
    state.rounds_played[state.era] = state.round
    events = run(state, END_OF_ERA)
    if state.options.get("length") == "introductory":
        events += run(state, END_OF_INTRODUCTORY_GAME)
    elif state.era == "rail":
        events += run(state, END_OF_RAIL_ERA)
    else:
        events += run(state, END_OF_CANAL_ERA)
        state.turn, state.phase = 0, "turns"
        state.actions_left = actions_for(state, state.order[0])
        return events
    state.phase = "over"
    return events


def advance(state: State) -> list[dict]:
    """Move play on until a seat must decide something (or the game is over); the
    events of the steps it ran."""
    events = []
    while not state.pending and state.phase != "over":
        if state.phase == "turns":
            if state.actions_left:
                return events
            events += refill(state, state.order[state.turn])
            next_seat(state)
        elif state.phase == "round_end":
            events += run(state, END_OF_ROUND)
            state.phase = "after_income"
        elif era_over(state):
            events += end_era(state)
        else:
            state.round += 1
            state.turn, state.phase = 0, "turns"
            state.actions_left = actions_for(state, state.order[0])
            if not state.actions_left:
                next_seat(state)
    return events
