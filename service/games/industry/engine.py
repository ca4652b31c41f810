"""The engine protocol (service/games/base.py) for Industry: dispatch only.

The rules live in flow.py (round, epoch change, end), auction.py, develop.py,
supply.py, subsidy.py and scoring.py. After every move the engine plays any turn
that offers exactly one legal move (a forced pass, a forced sale), so a seat is
only asked when it has a choice.
"""
from __future__ import annotations

from service.games.base import IllegalMove, neutral_move as first_of, why_not_move
from service.games.industry import auction, develop, flow, notation, render, subsidy, view as views
from service.games.industry import events as events_of
from service.games.industry.events import EVENTS
from service.games.industry.move_schemas import MOVE_SCHEMAS
from service.games.industry.state import dump, load
from service.games.events import Saying
from service.games.speech import N_, Said

CHECKS = {**auction.CHECKS, **develop.CHECKS, **subsidy.CHECKS}
APPLY = {**auction.APPLY, **develop.APPLY, **subsidy.APPLY}
RULES = {**{a: auction.RULE for a in auction.CHECKS}, **{a: develop.RULE for a in develop.CHECKS},
         **{a: subsidy.RULE for a in subsidy.CHECKS}}
FIELD_AT_FAULT = {"auction": lambda *_: "space", "bid": auction.field_at_fault,
                  "develop": develop.field_at_fault}


def to_act(state) -> list[int]:
    if state.phase == "over":
        return []
    if state.phase == "development":
        return [state.developer]
    return [auction.bidder(state) if auction.bidder(state) is not None else state.auctioneer]


def legal_moves(state, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    moves = (develop.develop_moves(state, seat) if state.phase == "development"
             else auction.auction_moves(state, seat))
    return moves + subsidy.subsidy_moves(state, seat)


# Phase 4: "darf ... bis zu zwei ... entwickeln" (done ends it for free); Phase 3:
# "genau ein Gebot machen oder passen"; the auctioneer "überlässt das Feld dem
# Höchstbietenden" (sell: he is paid) rather than claim it (he pays). Choosing the
# space to auction is forced: the first listed. A subsidy (-5 VP) is never neutral.
NEUTRAL = ("done", "pass", "sell")


def neutral_move(state, seat: int) -> dict | None:
    return first_of([m for m in legal_moves(state, seat) if m["action"] != "subsidy"], NEUTRAL)


def why_not(state, seat: int, move) -> tuple[str, str] | None:
    """(reason, field at fault) when the move is refused."""
    if state.phase == "over":
        return Said(N_("the game is over")), "action"
    if seat not in to_act(state):
        return Said(N_("it is not your turn; waiting for seat {seat}"), seat=to_act(state)[0]), "action"
    if refused := why_not_move(MOVE_SCHEMAS, move):
        return refused
    if reason := CHECKS[move["action"]](state, seat, move):
        return reason, FIELD_AT_FAULT.get(move["action"], lambda *_: "action")(state, seat, move)
    return None


def play(state, seat: int, move: dict, events: list) -> None:
    APPLY[move["action"]](state, seat, move, events)


def play_forced_moves(state, events: list) -> None:
    """A seat whose only legal move is one move makes it without being asked."""
    while state.phase != "over":
        seat = to_act(state)[0]
        moves = legal_moves(state, seat)
        if len(moves) != 1:
            return
        events.append(EVENTS.make("forced", seat, move=moves[0]))
        play(state, seat, moves[0], events)


def setup(options: dict, seats: int, seed: int):
    state, events = flow.setup(options, seats, seed)
    play_forced_moves(state, events)
    return state


def apply(state, seat: int, move: dict):
    if refused := why_not(state, seat, move):
        action = move.get("action") if isinstance(move, dict) else None
        raise IllegalMove(refused[0], rule=RULES.get(action, "Spielablauf"), field=refused[1],
                          options=legal_moves(state, seat) or None)
    state = load(dump(state))
    events: list = []
    play(state, seat, move, events)
    play_forced_moves(state, events)
    return state, events


def tallies(state) -> dict[str, list[int]]:
    return events_of.tallies(state)


def result(state) -> dict | None:
    return state.final


def view(state, seat: int | None) -> dict:
    return views.view(state, seat, to_act(state))


def conceal(state, seat: int, rng):
    return views.conceal(state, seat, rng)


def reveals(before, after) -> bool:
    return views.reveals(before, after)


def render_text(state, seat: int | None, say: Saying | None = None) -> str:
    return render.render_text(state, seat, to_act(state), legal_moves(state, seat) if seat is not None else [],
                              say)


parse = notation.parse
format = notation.format
