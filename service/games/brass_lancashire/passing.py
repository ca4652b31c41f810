"""AKTIONEN: Passen: instead of an action a seat may pass, but still plays a card."""
from __future__ import annotations

from service.games.base import IllegalMove

from .cards import hand_faces, play_cards, why_not_cards
from .events import EVENTS
from .state import State



def pass_moves(state: State, seat: int) -> list[dict]:
    return [{"action": "pass", "card": face} for face in hand_faces(state, seat)]


def apply_pass(state: State, seat: int, move: dict) -> list[dict]:
    if reason := why_not_cards(state, seat, [move.get("card")]):
        raise IllegalMove(reason, rule="AKTIONEN: Passen", field="card", options=pass_moves(state, seat))
    play_cards(state, seat, [move["card"]])
    return [EVENTS.make("pass", seat)]
