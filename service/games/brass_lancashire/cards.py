"""SPIELZUG: a card from the hand for every action, played face up onto your own
discard pile. A card is named by its face: a town id or an industry id."""
from __future__ import annotations

from service.games.speech import N_, Said

from .state import State


def hand_faces(state: State, seat: int) -> list[str]:
    """The distinct faces in the seat's hand, sorted."""
    return sorted(set(state.hands[seat]))


def face_pairs(state: State, seat: int) -> list[list[str]]:
    """Every distinct pair of cards (by face) the seat could play together."""
    hand = state.hands[seat]
    faces = hand_faces(state, seat)
    return [[a, b] for i, a in enumerate(faces) for b in faces[i:]
            if a != b or hand.count(a) >= 2]


def why_not_cards(state: State, seat: int, faces: list) -> str | None:
    hand = list(state.hands[seat])
    for face in faces:
        if not isinstance(face, str):
            return Said(N_("this action needs a card: add card=<one of your cards: {cards}>"),
                        cards=", ".join(sorted(set(hand))))
        if face not in hand:
            return Said(N_("no card {card} in your hand (you hold {cards})"), card=face,
                        cards=", ".join(sorted(set(hand))))
        hand.remove(face)
    return None


def play_cards(state: State, seat: int, faces: list) -> None:
    for face in faces:
        state.hands[seat].remove(face)
        state.discards[seat].append(face)
    state.actions_left -= len(faces)
