"""The engine protocol (service/games/base.py): dispatch only, no rule bodies."""
from __future__ import annotations

import copy
import json

from service.games.base import HIDDEN, IllegalMove, neutral_move as first_of, why_not_move
from service.games.events import Saying, changes
from service.games.speech import N_, Said

from . import decisions, flow, free_actions, ideas, track  # noqa: F401  (ideas, track: their pool kinds register)
from .events import EVENTS
from .free_actions import PROVIDERS, apply_free, before_action, refuse_relocating, why_not_pass
from .move_schemas import MOVE_SCHEMAS
from .notation import format_move, parse_move
from .placement import apply_pass, apply_place, place_moves
from .render import render
from .scoring import result as final_result
from .setup import setup as _setup
from .turn_order import apply_relocate, relocate_moves
from .view import conceal as _conceal, reveals as _reveals, view as _view

RULE = "ALLGEMEIN: EINEN SPIELZUG AUSFÜHREN"


def _actions_place(state, seat, move):
    return apply_place(state, seat, move, "turn")


def _actions_pass(state, seat, move):
    if refused := why_not_pass(state, seat):
        raise refused
    events = apply_pass(state, seat)
    flow.next_turn(state)
    return events


PHASE_ACTIONS = {
    "start_bonus": {"start_bonus": flow.apply_start_bonus},
    "actions": {"place": _actions_place, "pass": _actions_pass},
    "relocation": {"relocate": apply_relocate, "stay": apply_relocate},
}
# What the chapters of the box add: a move of their own in the actions phase, besides the free
# actions (free_actions.py): action -> (moves(state, seat) -> [move], apply(state, seat, move) -> events)
ACTIONS: dict = {}
STARTS: list = []     # what happens before the first move: start(state) (SOLOVARIANTE: Emil begins)
# "Du musst pro Zug genau 1 Aktionsfeld besetzen oder passen"; "Indirekte Aktionen
# darfst du auch verfallen lassen" (drop); moving the turn-order worker is a "darf"
# (stay). Direct actions in the pool and the start bonus card are forced choices.
NEUTRAL = ("pass", "drop", "stay")


def chapter_moves(state: dict, seat: int) -> list[dict]:
    return [move for listed, _ in ACTIONS.values() for move in listed(state, seat)]


def regular_moves(state: dict, seat: int) -> list[dict]:
    """The regular actions of a turn: an action space, or what a chapter puts in its place
    (INDUSTRIETABLEAU: a maintenance car "statt eine Aktion mit einem Arbeiter")."""
    return place_moves(state, seat) + chapter_moves(state, seat)


free_actions.REGULAR.append(regular_moves)


class UltimateRailroads:
    def setup(self, options: dict, seats: int, seed: int) -> dict:
        state = _setup(options, seats, seed)
        for start in STARTS:
            start(state)
        return state

    def to_act(self, state: dict) -> list[int]:
        return flow.to_act(state)

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in flow.to_act(state):
            return []
        if state["pool"]:
            return decisions.moves(state, seat)
        phase = state["phase"]
        if phase == "start_bonus":
            return flow.start_bonus_moves(state)
        if phase == "actions":
            passing = [] if why_not_pass(state, seat) else [{"action": "pass"}]
            return place_moves(state, seat) + before_action(state, seat) + chapter_moves(state, seat) + passing
        return relocate_moves(state, seat)

    def neutral_move(self, state: dict, seat: int) -> dict | None:
        return first_of(self.legal_moves(state, seat), NEUTRAL)

    def apply(self, state: dict, seat: int, move: dict) -> tuple[dict, list[dict]]:
        if refused := why_not_move(MOVE_SCHEMAS, move):
            raise IllegalMove(refused[0], rule=RULE, field=refused[1])
        if seat not in flow.to_act(state):
            raise IllegalMove(Said(N_("it is not your turn")), rule=RULE, field="seat")
        before, state = state, json.loads(json.dumps(state))   # JSON-ready: the quickest deep copy
        if state["pool"]:
            events = decisions.apply(state, seat, move)
        else:
            handlers = self.handlers(state["phase"])
            if state["phase"] == "relocation" and move["action"] in PROVIDERS:
                refuse_relocating(move)
            if move["action"] not in handlers:
                raise IllegalMove(Said(N_("now you may: {actions}"), actions=", ".join(sorted(handlers))),
                                  rule=RULE, field="action", options=self.legal_moves(state, seat))
            events = handlers[move["action"]](state, seat, move)
        events += flow.settle(state)
        return state, EVENTS.counted([EVENTS.told(event) for event in events],
                                     changes(self.tallies(before), self.tallies(state), events),
                                     lambda: EVENTS.make("paid", seat))

    def handlers(self, phase: str) -> dict:
        """The moves of a phase and how each is applied (the actions phase: the chapters' too)."""
        if phase != "actions":
            return PHASE_ACTIONS[phase]
        return {**PHASE_ACTIONS[phase], **{action: apply_free for action in PROVIDERS},
                **{action: applied for action, (_, applied) in ACTIONS.items()}}

    def tallies(self, state: dict) -> dict[str, list[int]]:
        """Coins and points per seat (Engine.tallies)."""
        return {"money": [p["coins"] for p in state["players"]],
                "vp": [p["score"] for p in state["players"]]}

    def view(self, state: dict, seat: int | None) -> dict:
        return _view(state, seat)

    def conceal(self, state: dict, seat: int, rng) -> dict:
        return _conceal(state, seat, rng)

    def reveals(self, before: dict, after: dict) -> bool:
        return _reveals(before, after)

    def redact(self, entry: dict, seat: int | None) -> dict:
        """An end-game card is laid face down ("legst sie verdeckt vor dir ab"): the
        others see that one was taken, not which (taking none scores openly)."""
        move = entry["move"]
        if move.get("action") == "end_card" and move.get("card") != "none":
            return {**entry, "move": {**move, "card": HIDDEN}}
        return entry

    def result(self, state: dict) -> dict | None:
        if state["phase"] != "over":
            return None
        return final_result(state)

    def dump(self, state: dict) -> dict:
        return copy.deepcopy(state)

    def load(self, data: dict) -> dict:
        return copy.deepcopy(data)

    def parse(self, text: str) -> dict:
        return parse_move(text)

    def format(self, move: dict) -> str:
        return format_move(move)

    def render_text(self, state: dict, seat: int | None, say: Saying | None = None) -> str:
        return render(state, seat, say)


ENGINE = UltimateRailroads()
