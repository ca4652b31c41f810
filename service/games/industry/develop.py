"""Phase 4. Entwicklung: each seat, from the start player, develops up to two of its
undeveloped spaces, paying the build cost and the resources.

"Entwickeln und Siegpunkte erhalten": a factory scores its VP only if developed in the
epoch in which it was won; a technology may only be developed in that epoch; a bonus
space scores at the end. "Besondere Fabriken": bank and stock exchange lower their
owner's later build costs by 1 each, never below 0.
"""
from __future__ import annotations

from itertools import product

from service.games.events import changes
from service.games.industry.board import BOARD
from service.games.industry.events import EVENTS, tallies
from service.games.industry.flow import next_developer
from service.games.industry.state import State
from service.games.industry.supply import (
    choices, full_supply, purchase_price, settle_supply, why_not_supply)
from service.games.speech import N_, Said

RULE = "Phase 4. Entwicklung"


def discount(state: State, seat: int) -> int:
    return sum(1 for space, mark in state.owned.items()
               if mark["seat"] == seat and mark["developed"] and BOARD.spaces[space].get("special"))


def build_cost(state: State, seat: int, space: str) -> int:
    """Baupreis: technologies cost nothing; bank and stock exchange lower it, not below 0."""
    return max(0, BOARD.spaces[space].get("cost", 0) - discount(state, seat))


def why_not_space(state: State, seat: int, space) -> str | None:
    mark = state.owned.get(space) if isinstance(space, str) else None
    if mark is None or mark["seat"] != seat:
        return Said(N_("you can only develop a space you own"))
    if mark["developed"]:
        return Said(N_("{space} is developed already"), space=space)
    if BOARD.spaces[space]["kind"] == "technology" and mark["epoch"] != state.epoch:
        return Said(N_("technology {space} could only be developed in epoch {epoch}"), space=space,
                    epoch=mark["epoch"])
    return None


def why_not_develop(state: State, seat: int, move: dict) -> str | None:
    if state.phase != "development" or seat != state.developer:
        return Said(N_("it is not your turn to develop"))
    space = move.get("space")
    if reason := why_not_space(state, seat, space):
        return reason
    needs = BOARD.spaces[space]["needs"]
    if "supply" in move and not choices(state, seat, needs):
        return Said(N_("{space} leaves no choice of supplier: leave out supply"), space=space)
    if reason := why_not_supply(state, seat, needs, move.get("supply", [])):
        return reason
    supply = full_supply(state, seat, needs, move.get("supply", []))
    price = build_cost(state, seat, space) + purchase_price(supply)
    if price > state.money[seat]:
        return Said(N_("developing {space} this way costs {price} Taler; you have {money}"), space=space,
                    price=price, money=state.money[seat])
    return None


def field_at_fault(state: State, seat: int, move: dict) -> str:
    """For a refused development: the space, or else the supply named."""
    return "space" if why_not_space(state, seat, move.get("space")) else "supply"


def why_not_done(state: State, seat: int, move: dict) -> str | None:
    if state.phase != "development" or seat != state.developer:
        return Said(N_("it is not your turn to develop"))
    return None


def develop_moves(state: State, seat: int) -> list[dict]:
    if why_not_done(state, seat, {}):
        return []
    moves = []
    for space in state.owned_by(seat):
        if why_not_space(state, seat, space):
            continue
        options = choices(state, seat, BOARD.spaces[space]["needs"])
        for supply in sorted(set(product(*options))):
            move = {"action": "develop", "space": space}
            if options:
                move["supply"] = list(supply)
            if not why_not_develop(state, seat, move):
                moves.append(move)
    return moves + [{"action": "done"}]


def development_vp(state: State, space: str) -> int:
    data, mark = BOARD.spaces[space], state.owned[space]
    if data["kind"] == "factory" and mark["epoch"] != state.epoch:
        return 0
    return data.get("vp", 0) if data["kind"] in ("factory", "technology") else 0


def apply_develop(state: State, seat: int, move: dict, events: list) -> None:
    space = move["space"]
    before = tallies(state)
    cost = build_cost(state, seat, space)
    state.money[seat] -= cost
    state.kasse += cost
    supply = settle_supply(state, seat, BOARD.spaces[space]["needs"], move.get("supply", []))
    state.owned[space]["developed"] = True
    vp = development_vp(state, space)
    state.vp[seat] += vp
    events.append(EVENTS.with_numbers(EVENTS.make("developed", seat, space=space, cost=cost,
                                                  supply=supply), changes(before, tallies(state))))
    state.developments_left -= 1
    if state.developments_left == 0:
        next_developer(state, events)


def apply_done(state: State, seat: int, move: dict, events: list) -> None:
    events.append(EVENTS.make("done", seat))
    next_developer(state, events)


CHECKS = {"develop": why_not_develop, "done": why_not_done}
APPLY = {"develop": apply_develop, "done": apply_done}
