"""AKTION: ZWEI KARTEN ZIEHEN and AKTION: PASSEN.

Draw: {"action": "draw", "face_up": [card, ...], "deck": n}: two cards (one with
eight in hand; never above nine), from the deck or the two face-up cards in any
mix; the face-up cards are refilled afterwards.
Pass: {"action": "pass", "card"}: discard a card; {"action": "pass"} only with no
card in hand and the deck empty.
"""
from __future__ import annotations

from itertools import combinations

from service.games.age_of_industry.events import EVENTS
from service.games.age_of_industry.flow import action_done, why_not_turn
from service.games.age_of_industry.state import State
from service.games.base import IllegalMove
from service.games.speech import N_, Nn_, Said

HAND_LIMIT = 9
FACE_UP = 2


def draw_count(state: State, seat: int) -> int:
    room = HAND_LIMIT - len(state.players[seat].hand)
    return min(2, room, len(state.deck) + len(state.face_up))


def why_not_draw(state: State, seat: int, move: dict) -> str | None:
    if set(move) != {"action", "face_up", "deck"}:
        return Said(N_("draw names the face-up cards taken and how many from the deck"))
    if reason := why_not_turn(state, seat):
        return reason
    want = draw_count(state, seat)
    face_up, deck = move["face_up"], move["deck"]
    if not want:
        return Said(N_("you cannot draw: your hand holds nine cards or no card is left"))
    if not isinstance(face_up, list) or face_up != sorted(face_up) or not isinstance(deck, int):
        return Said(N_("face_up is a sorted list of card names, deck a number"))
    if len(face_up) + deck != want:
        return Said(Nn_("draw {number} card", "draw {number} cards"), number=want)
    if deck < 0 or deck > len(state.deck):
        return Said(Nn_("the deck holds {number} card", "the deck holds {number} cards"),
                    number=len(state.deck))
    if any(face_up.count(c) > state.face_up.count(c) for c in face_up):
        return Said(N_("the face-up cards are {cards}"), cards=state.face_up)
    return None


def draw_moves(state: State, seat: int) -> list[dict]:
    if why_not_turn(state, seat) or not (want := draw_count(state, seat)):
        return []
    out = []
    for deck in range(want + 1):
        for face_up in sorted(set(combinations(sorted(state.face_up), want - deck))):
            move = {"action": "draw", "face_up": list(face_up), "deck": deck}
            if not why_not_draw(state, seat, move):
                out.append(move)
    return out


def apply_draw(state: State, seat: int, move: dict) -> list[dict]:
    if reason := why_not_draw(state, seat, move):
        raise IllegalMove(reason, rule="AKTION: ZWEI KARTEN ZIEHEN")
    hand = state.players[seat].hand
    for card in move["face_up"]:
        state.face_up.remove(card)
        hand.append(card)
    drawn = [state.deck.pop() for _ in range(move["deck"])]
    hand.extend(drawn)
    while len(state.face_up) < FACE_UP and state.deck:
        state.face_up.append(state.deck.pop())
    told = [EVENTS.make("draw", seat, cards=move["face_up"], deck=move["deck"])]
    if drawn:
        told.append(EVENTS.make("drew", seat, count=len(drawn)) | {"cards": drawn,
                                                                    "visible_to": [seat]})
    return told + action_done(state)


def why_not_pass(state: State, seat: int, move: dict) -> str | None:
    if set(move) - {"action", "card"}:
        return Said(N_("pass names at most the card to discard"))
    if reason := why_not_turn(state, seat):
        return reason
    hand = state.players[seat].hand
    if "card" not in move:
        return None if not hand and not state.deck else Said(N_("passing discards a card from your hand"))
    return None if move["card"] in hand else Said(N_("discard a card from your hand"))


def pass_moves(state: State, seat: int) -> list[dict]:
    if why_not_turn(state, seat):
        return []
    hand = state.players[seat].hand
    if not hand:
        return [] if state.deck else [{"action": "pass"}]
    return [{"action": "pass", "card": c} for c in sorted(set(hand))]


def apply_pass(state: State, seat: int, move: dict) -> list[dict]:
    if reason := why_not_pass(state, seat, move):
        raise IllegalMove(reason, rule="AKTION: PASSEN")
    if "card" in move:
        state.players[seat].hand.remove(move["card"])
        state.discard.append(move["card"])
    return [EVENTS.make("pass", seat)] + action_done(state)
