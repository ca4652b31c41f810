"""The engine protocol of DESIGN.md for Brass: Lancashire: dispatch only."""
from __future__ import annotations

from service.games.base import IllegalMove, neutral_move as first_of, why_not_move
from service.games.events import Saying
from service.games.speech import N_, Said

from . import notation, render, view as views
from .cards import why_not_cards
from .events import EVENTS
from .flow import advance
from .move_schemas import MOVE_SCHEMAS
from .moves import actions_now
from .numbers import numbers, tallies as _tallies
from .scoring import result as final_result
from .setup import setup as _setup
from .state import State, copy, dump as _dump, load as _load


def setup(options: dict, seats: int, seed: int) -> State:
    return _setup(options, seats, seed)


def to_act(state: State) -> list[int]:
    if state.phase == "over":
        return []
    if state.pending:
        return [state.pending[-1]["seat"]]
    return [state.order[state.turn]]


def legal_moves(state: State, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    return [move for action in actions_now(state).values() for move in action.moves(state, seat)]


# AKTION: VERKAUFEN lets a seat stop after any mill ("done"); "Passen - Du darfst passen,
# anstatt eine Aktion auszuführen, musst aber trotzdem eine Karte spielen." A forced
# sale (removing a tile to pay a debt) is a forced choice: the first listed.
NEUTRAL = ("done", "pass")


def neutral_move(state: State, seat: int) -> dict | None:
    return first_of(legal_moves(state, seat), NEUTRAL)


def apply(state: State, seat: int, move: dict) -> tuple[State, list[dict]]:
    if seat not in to_act(state):
        raise IllegalMove(Said(N_("it is not seat {seat}'s turn: waiting for {to_act}"), seat=seat,
                               to_act=to_act(state)),
                          rule="SPIELZUG")
    if refused := why_not_move(MOVE_SCHEMAS, move):
        reason, field = refused
        if field == "card" and "card" not in move:      # the cards the seat may name
            reason = why_not_cards(state, seat, [None])
        raise IllegalMove(reason, rule="AKTIONEN", field=field)
    actions, name = actions_now(state), move["action"]
    if name not in actions:
        raise IllegalMove(Said(N_("not possible now; possible now: {actions}"),
                               actions=", ".join(sorted(actions))),
                          rule="AKTIONEN", field="action",
                          options=sorted(actions))
    new = copy(state)
    events = actions[name].apply(new, seat, move)
    events = EVENTS.counted(events, numbers(state, new), lambda: {})   # every action has one
    return new, events + advance(new)


def tallies(state: State) -> dict[str, list[int]]:
    return _tallies(state)


def view(state: State, seat: int | None) -> dict:
    return views.view(state, seat)


def conceal(state: State, seat: int, rng) -> State:
    return views.conceal(state, seat, rng)


def reveals(before: State, after: State) -> bool:
    return views.reveals(before, after)


def result(state: State) -> dict | None:
    if state.phase != "over":
        return None
    return final_result(state)


def dump(state: State) -> dict:
    return _dump(state)


def load(data: dict) -> State:
    return _load(data)


def parse(text: str) -> dict:
    return notation.parse(text)


def format(move: dict) -> str:  # noqa: A001 - the protocol's name
    return notation.format_move(move)


def render_text(state: State, seat: int | None, say: Saying | None = None) -> str:
    return render.render_text(state, seat, say)
