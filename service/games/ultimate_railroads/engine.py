"""The engine protocol (service/games/base.py): dispatch only, no rule bodies."""
from __future__ import annotations

import copy
import json

from service.games.base import HIDDEN, IllegalMove, neutral_move as first_of

from . import coal, flow, ideas, industry, locomotives, pool, track, werklok  # noqa: F401  (pool kinds register)
from .emil import emil_turn
from .free_actions import apply_free, free_moves
from .notation import format_move, parse_move
from .placement import apply_pass, apply_place, place_moves
from .render import render
from .setup import setup as _setup
from .turn_order import apply_relocate, relocate_moves
from .view import view as _view

RULE = "ALLGEMEIN: EINEN SPIELZUG AUSFÜHREN"
MOVE_KEYS = {"place": {"action", "space", "workers", "temps", "wood", "coins", "swap"},
             "pass": {"action"}, "stay": {"action"}, "relocate": {"action", "space"},
             "start_bonus": {"action", "card"}, "coal": {"action", "use"}, "income": {"action", "use"}}


def _actions_place(state, seat, move):
    return apply_place(state, seat, move, "turn")


def _actions_pass(state, seat, move):
    events = apply_pass(state, seat)
    flow.next_turn(state)
    return events


PHASE_ACTIONS = {
    "start_bonus": {"start_bonus": flow.apply_start_bonus},
    "actions": {"place": _actions_place, "pass": _actions_pass, "coal": apply_free, "income": apply_free},
    "relocation": {"relocate": apply_relocate, "stay": apply_relocate},
}
# "Du musst pro Zug genau 1 Aktionsfeld besetzen oder passen"; "Indirekte Aktionen
# darfst du auch verfallen lassen" (drop); moving the turn-order worker is a "darf"
# (stay). Direct actions in the pool and the start bonus card are forced choices.
NEUTRAL = ("pass", "drop", "stay")


class UltimateRailroads:
    def setup(self, options: dict, seats: int, seed: int) -> dict:
        state = _setup(options, seats, seed)
        if state["emil"]:
            emil_turn(state)        # SOLOVARIANTE, ABLAUF: Emil beginnt das Spiel
        return state

    def to_act(self, state: dict) -> list[int]:
        return flow.to_act(state)

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if seat not in flow.to_act(state):
            return []
        if state["pool"]:
            return pool.moves(state, seat)
        phase = state["phase"]
        if phase == "start_bonus":
            return flow.start_bonus_moves(state)
        if phase == "actions":
            return place_moves(state, seat) + free_moves(state, seat) + [{"action": "pass"}]
        return relocate_moves(state, seat)

    def neutral_move(self, state: dict, seat: int) -> dict | None:
        return first_of(self.legal_moves(state, seat), NEUTRAL)

    def apply(self, state: dict, seat: int, move: dict) -> tuple[dict, list[dict]]:
        if not isinstance(move, dict) or not isinstance(move.get("action"), str):
            raise IllegalMove("a move is an object with an 'action'", rule=RULE, field="action")
        if seat not in flow.to_act(state):
            raise IllegalMove("it is not your turn", rule=RULE, field="seat")
        state = json.loads(json.dumps(state))     # JSON-ready: the quickest deep copy
        if state["pool"]:
            events = pool.apply(state, seat, move)
        else:
            handlers = PHASE_ACTIONS[state["phase"]]
            if move["action"] not in handlers:
                raise IllegalMove(f"now you may: {', '.join(sorted(handlers))}", rule=RULE,
                                  field="action", options=self.legal_moves(state, seat))
            if extra := set(move) - MOVE_KEYS[move["action"]]:
                raise IllegalMove(f"unknown part(s) of the move: {', '.join(sorted(extra))}",
                                  rule=RULE, field=sorted(extra)[0])
            events = handlers[move["action"]](state, seat, move)
        return state, events + flow.settle(state)

    def view(self, state: dict, seat: int | None) -> dict:
        return _view(state, seat)

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
        scores = [p["score"] for p in state["players"]]
        ranking = [[s for s in range(len(scores)) if scores[s] == value]
                   for value in sorted(set(scores), reverse=True)]
        return {"scores": scores, "ranking": ranking, "final_scoring": state["final"]}

    def dump(self, state: dict) -> dict:
        return copy.deepcopy(state)

    def load(self, data: dict) -> dict:
        return copy.deepcopy(data)

    def parse(self, text: str) -> dict:
        return parse_move(text)

    def format(self, move: dict) -> str:
        return format_move(move)

    def render_text(self, state: dict, seat: int | None) -> str:
        return render(state, seat)


ENGINE = UltimateRailroads()
