"""Phase 4, "Beschaffung erforderlicher Rohstoffe": the four ways to get a resource.

A move names a source only where the seat has a choice: `supply` lists one token for
each needed resource with two or more sources, in the order the space prints its
needs; a resource with a single source (your own factory, the one seller, the bank)
is taken from it without being named. The tokens:
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
from service.games.speech import N_, Said

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


def choices(state: State, seat: int, needs: list[str]) -> list[list[str]]:
    """The sources of each needed resource that offers a choice, in order."""
    return [found for found in (sources(state, seat, r) for r in needs) if len(found) > 1]


def full_supply(state: State, seat: int, needs: list[str], supply: list) -> list[str]:
    """One token per needed resource: the named ones where there is a choice, the
    single source elsewhere ([] where a resource has no source)."""
    named = iter(supply)
    full = []
    for resource in needs:
        found = sources(state, seat, resource)
        full.append(next(named, None) if len(found) > 1 else (found[0] if found else None))
    return full


def why_not_supply(state: State, seat: int, needs: list[str], supply) -> str | None:
    """`supply` names a listed source for each resource with a choice; every other
    resource has its one source; no more jokers are spent than the seat holds."""
    options = choices(state, seat, needs)
    if not isinstance(supply, list) or len(supply) != len(options):
        wanted = [Said(N_("one of {sources}"), sources=found) for found in options]
        return Said(N_("supply must name, in order, {wanted}"),
                    wanted=wanted or Said(N_("nothing: there is no choice")))
    for resource, token in zip(needs, full_supply(state, seat, needs, supply)):
        found = sources(state, seat, resource)
        if not found:
            return Said(N_("no {resource} to be had: no seat produces it, you hold no joker for it "
                           "and the bank does not sell it in epoch {epoch}"),
                        resource=resource, epoch=state.epoch)
        if token not in found:
            return Said(N_("{resource} cannot come from {token!r}; it can from {sources}"), resource=resource,
                        token=token, sources=found)
    supply = full_supply(state, seat, needs, supply)
    used = Counter(resource if token == JOKER else ANY_RESOURCE
                   for resource, token in zip(needs, supply) if token in (JOKER, ANY_JOKER))
    held = Counter(state.jokers[seat])
    if any(count > held[kind] for kind, count in used.items()):
        return Said(N_("you do not hold enough jokers for that"))
    return None


def purchase_price(supply: list[str]) -> int:
    """What a full supply list costs in Taler: 1 for each bought resource."""
    return sum(1 for token in supply if token == BANK or token.startswith(SEAT))


def settle_supply(state: State, seat: int, needs: list[str], supply: list[str]) -> list[str]:
    """Spend the jokers (they leave the game) and pay the sellers; the full list."""
    supply = full_supply(state, seat, needs, supply)
    for resource, token in zip(needs, supply):
        if token in (JOKER, ANY_JOKER):
            state.jokers[seat].remove(resource if token == JOKER else ANY_RESOURCE)
        elif token == BANK:
            state.money[seat] -= 1
            state.kasse += 1
        elif token.startswith(SEAT):
            state.money[seat] -= 1
            state.money[int(token[len(SEAT):])] += 1
    return supply
