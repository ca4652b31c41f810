"""Phase 4, "Beschaffung erforderlicher Rohstoffe": the four ways to get a resource.

A supply token names one way for one needed resource:
  own        your developed factory produces it ("automatisch als entrichtet", free)
  joker      a joker of that resource from your supply
  joker?     the "?" joker ("genau einem Rohstoff nach Wahl")
  seat<N>    buy it for 1 Taler from seat N's developed factory (it cannot refuse)
  bank       buy it for 1 Taler from the Kasse: only if no seat produces it, and only
             once the epoch has released it (the rulebook's table)
"""
from __future__ import annotations

from collections import Counter

from service.games.industry.board import BOARD
from service.games.industry.schema import ANY_RESOURCE, BANK_FROM_EPOCH
from service.games.industry.state import State

OWN, JOKER, ANY_JOKER, BANK, SEAT = "own", "joker", "joker?", "bank", "seat"


def producers(state: State, resource: str) -> list[int]:
    """Seats with a developed factory producing the resource."""
    return sorted({mark["seat"] for space, mark in state.owned.items()
                   if mark["developed"] and BOARD.spaces[space].get("produces") == resource})


def sources(state: State, seat: int, resource: str) -> list[str]:
    """Every way the seat may get one unit of the resource now (money aside)."""
    makers = producers(state, resource)
    if seat in makers:
        return [OWN]
    found = []
    if resource in state.jokers[seat]:
        found.append(JOKER)
    if ANY_RESOURCE in state.jokers[seat]:
        found.append(ANY_JOKER)
    found += [f"{SEAT}{other}" for other in makers]
    if not makers and BANK_FROM_EPOCH[resource] <= state.epoch:
        found.append(BANK)
    return found


def why_not_supply(state: State, seat: int, needs: list[str], supply) -> str | None:
    """The supply list names one listed way for each needed resource, in order, and
    uses no more jokers than the seat holds."""
    if not isinstance(supply, list) or len(supply) != len(needs):
        return f"supply must name one source for each needed resource {needs}"
    for resource, token in zip(needs, supply):
        if token not in sources(state, seat, resource):
            return (f"{resource} cannot come from {token!r}; "
                    f"it can from {sources(state, seat, resource) or 'nowhere now'}")
    used = Counter(resource if token == JOKER else ANY_RESOURCE
                   for resource, token in zip(needs, supply) if token in (JOKER, ANY_JOKER))
    held = Counter(state.jokers[seat])
    if any(count > held[kind] for kind, count in used.items()):
        return "you do not hold enough jokers for that"
    return None


def purchase_price(supply: list[str]) -> int:
    return sum(1 for token in supply if token == BANK or token.startswith(SEAT))


def settle_supply(state: State, seat: int, needs: list[str], supply: list[str]) -> None:
    """Spend the jokers (they leave the game) and pay the sellers."""
    for resource, token in zip(needs, supply):
        if token in (JOKER, ANY_JOKER):
            state.jokers[seat].remove(resource if token == JOKER else ANY_RESOURCE)
        elif token == BANK:
            state.money[seat] -= 1
            state.kasse += 1
        elif token.startswith(SEAT):
            state.money[seat] -= 1
            state.money[int(token[len(SEAT):])] += 1
