"""The sequence of play (SPIELABLAUF; PHASE ZWEI; PHASE DREI; SPIELENDE).

A round: every player in turn order takes two actions (one in the first round,
or both combined into one build); then the new turn order by money spent, then
loan interest. The game ends after a round at whose end the deck is empty and a
player holds no cards.

KREDITE: "Die Spieler können jederzeit während einer Spielrunde Kredite
zurückzahlen." A player pays nothing outside his own turn but the interest, so a
repayment between his turn and phase three is the one that differs from repaying
in his turn: before the interest, every seat (in turn order) that has a loan and
$10 may repay ("repay") or keep its loans ("keep_loans"); `repaying` lists them.
"""
from __future__ import annotations

from service.games.age_of_industry.events import EVENTS
from service.games.age_of_industry.money import LOAN, charge, pay
from service.games.age_of_industry.scoring import final_scoring
from service.games.age_of_industry.state import State
from service.games.events import run_steps
from service.games.speech import N_, Said

END_OF_ROUND = ("new_turn_order", "pay_interest", "game_end")


def current_seat(state: State) -> int | None:
    if state.finished:
        return None
    return state.repaying[0] if state.repaying else state.order[state.turn]


def may_repay(state: State, seat: int) -> bool:
    player = state.players[seat]
    return player.loans > 0 and player.money >= LOAN


def actions_per_turn(state: State) -> int:
    """Two actions a turn, one in the first round."""
    return 1 if state.round == 1 else 2


def why_not_turn(state: State, seat: int, actions: int = 1) -> str | None:
    """The seat must be the one to act, with that many actions left, not mid-sale."""
    if state.finished:
        return Said(N_("the game is over"))
    if seat != current_seat(state):
        return Said(N_("it is not your turn"))
    if state.repaying:
        return Said(N_("the round's actions are over: repay a loan or keep your loans before the interest"))
    if state.selling:
        return Said(N_("you are selling: sell more or end the sale first"))
    if state.actions_left < actions:
        return Said(N_("combining needs both actions of a two-action turn") if actions == 2
                    else N_("you have no action left"))
    return None


def action_done(state: State, actions: int = 1) -> list[dict]:
    """Count the action(s) used; when none is left, the next player's turn starts.
    Returns the events of the end of the round, if it ends."""
    state.actions_left -= actions
    if state.actions_left == 0 and not state.selling:
        return end_turn(state)
    return []


def end_turn(state: State) -> list[dict]:
    """The next player's turn; after the last one, the repayments before the interest."""
    state.turn += 1
    if state.turn < len(state.order):
        state.actions_left = actions_per_turn(state)
        return []
    state.repaying = [s for s in state.order if may_repay(state, s)]
    return [] if state.repaying else end_round(state)


def done_repaying(state: State) -> list[dict]:
    """The seat has repaid or kept its loans; after the last one, phases two and three."""
    state.repaying.pop(0)
    return [] if state.repaying else end_round(state)


def tallies(state: State) -> dict[str, list[int]]:
    """Money, the one per-seat number (Engine.tallies): VP are counted at the end."""
    return {"money": [player.money for player in state.players]}


def end_round(state: State) -> list[dict]:
    """Phases two and three; the events of the steps that move money."""
    events = run_steps(state, [(step, STEPS[step]) for step in END_OF_ROUND], tallies, EVENTS)
    if not state.finished:
        state.turn = 0
        state.round += 1
        state.actions_left = actions_per_turn(state)
    return events


def new_turn_order(state: State) -> None:
    """Least spent first; ties keep their order; the money goes to the bank."""
    state.order = sorted(state.order, key=lambda s: state.players[s].spent)
    for player in state.players:
        player.spent = 0


def pay_interest(state: State) -> None:
    """$1 per loan; a loan taken to pay it pays no interest this round."""
    for seat, player in enumerate(state.players):
        interest = player.loans
        while player.money < interest:
            player.loans += 1
            pay(state, seat, LOAN)
        charge(state, seat, interest, spent=False)


def check_game_end(state: State) -> None:
    """Deck empty and a player without cards; the face-up cards do not count."""
    if not state.deck and any(not p.hand for p in state.players):
        state.finished = True
        for player in state.players:
            state.discard.extend(player.hand)
            player.hand = []
        final_scoring(state)


STEPS = {"new_turn_order": new_turn_order, "pay_interest": pay_interest,
         "game_end": check_game_end}
