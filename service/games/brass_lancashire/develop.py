"""AKTION: ENTWICKELN: remove one or two tiles of the lowest level left from your
mat (not necessarily the same industry), one iron each."""
from __future__ import annotations

from service.games.base import IllegalMove
from service.games.speech import N_, Said

from .cards import hand_faces, play_cards, why_not_cards
from .choices import chosen, why_not_choice, with_choice
from .data import INDUSTRIES
from .events import EVENTS
from .iron import consume_iron, iron_choices, market_iron
from .market import cost_of
from .mat import take_lowest, tiles_left
from .state import State

RULE = "AKTION: ENTWICKELN"


def why_not_industries(state: State, seat: int, industries, iron=None) -> str | None:
    if not isinstance(industries, list) or not 1 <= len(industries) <= 2:
        return Said(N_("develop removes 1 or 2 tiles (industries=...)"))
    if industries != sorted(industries):
        return Said(N_("list the industries in alphabetical order: {industries}"),
                    industries=sorted(industries))
    for industry in industries:
        if industry not in INDUSTRIES:
            return Said(N_("{industry!r} is not an industry"), industry=industry)
        if tiles_left(state, seat, industry) < industries.count(industry):
            return Said(N_("you have not enough {industry} tiles left on your mat"), industry=industry)
    need = len(industries)
    iron = iron_choices(state, need) if iron is None else iron[need]
    if cost_of(state.iron_market, market_iron(need, iron[0])) > state.money[seat]:
        return Said(N_("you cannot pay for the iron"))
    return None


def why_not_develop(state: State, seat: int, move: dict) -> str | None:
    industries = move.get("industries")
    return (why_not_industries(state, seat, industries)
            or why_not_cards(state, seat, [move.get("card")])
            or why_not_choice("iron", iron_choices(state, len(industries)), move.get("iron")))


def develop_moves(state: State, seat: int) -> list[dict]:
    plans = [[a] for a in INDUSTRIES] + [sorted([a, b]) for i, a in enumerate(INDUSTRIES)
                                         for b in INDUSTRIES[i:]]
    moves = []
    faces = hand_faces(state, seat)
    iron = {need: iron_choices(state, need) for need in (1, 2)}
    for industries in plans:
        if why_not_industries(state, seat, industries, iron):
            continue
        options = iron[len(industries)]
        for face in faces:
            moves += with_choice({"action": "develop", "industries": industries, "card": face},
                                 "iron", options)
    return moves


def apply_develop(state: State, seat: int, move: dict) -> list[dict]:
    if reason := why_not_develop(state, seat, move):
        raise IllegalMove(reason, rule=RULE, options=develop_moves(state, seat)[:50])
    industries = move["industries"]
    choice = chosen(iron_choices(state, len(industries)), move.get("iron"))
    play_cards(state, seat, [move["card"]])
    for industry in industries:
        take_lowest(state, seat, industry)
        state.boxed[seat] += 1
    consume_iron(state, seat, choice, len(industries))
    return [EVENTS.make("develop", seat, industries=industries)]
