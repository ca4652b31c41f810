"""AKTION: ENTWICKLUNG: discard a card, remove any one tile from your display for good.

A move: {"action": "develop", "industry", "level", "card"}.
"""
from __future__ import annotations

from service.games.age_of_industry.events import EVENTS
from service.games.age_of_industry.flow import action_done, why_not_turn
from service.games.age_of_industry.state import State
from service.games.base import IllegalMove
from service.games.speech import N_, Said

RULE = "AKTION: ENTWICKLUNG"


def why_not_develop(state: State, seat: int, move: dict) -> str | None:
    if set(move) != {"action", "industry", "level", "card"}:
        return Said(N_("develop names the industry, the level and the card to discard"))
    if reason := why_not_turn(state, seat):
        return reason
    player = state.players[seat]
    if move["card"] not in player.hand:
        return Said(N_("discard a card from your hand"))
    if move["level"] not in player.display.get(move["industry"], []):
        return Said(N_("no such tile is left on your display"))
    return None


def develop_moves(state: State, seat: int) -> list[dict]:
    if why_not_turn(state, seat):
        return []
    player = state.players[seat]
    return [{"action": "develop", "industry": industry, "level": level, "card": card}
            for industry, levels in player.display.items() for level in sorted(set(levels))
            for card in sorted(set(player.hand))]


def apply_develop(state: State, seat: int, move: dict) -> list[dict]:
    if reason := why_not_develop(state, seat, move):
        raise IllegalMove(reason, rule=RULE)
    player = state.players[seat]
    player.hand.remove(move["card"])
    state.discard.append(move["card"])
    player.display[move["industry"]].remove(move["level"])
    return [EVENTS.make("develop", seat, industry=move["industry"], level=move["level"])] + \
        action_done(state)
