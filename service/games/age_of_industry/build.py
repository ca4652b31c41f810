"""AKTION: INDUSTRIE BAUEN (with ZWEI AKTIONEN ZU EINER KOMBINIEREN, ÜBERBAUEN,
KOHLE UND EISEN, and the new tile's cubes for the demand track).

A move: {"action": "build", "card", "space": "place.N", "industry",
"combined"?: true, "coal_from"?, "iron_from"?} - the sources only when tied.
"""
from __future__ import annotations

from dataclasses import dataclass

from service.games.age_of_industry.access import RESOURCE_OF, why_not_card, why_not_space
from service.games.age_of_industry.data import LEVELS, MAPS, SYMBOL_ALLOWS
from service.games.age_of_industry.events import EVENTS
from service.games.age_of_industry.flow import action_done, why_not_turn
from service.games.age_of_industry.money import charge
from service.games.age_of_industry.network import Network, Networks
from service.games.age_of_industry.refusal import Refusal
from service.games.age_of_industry.resources import (
    check_ship_flips, choose_supply, flip, sell_to_track, supply_options, take, with_choices)
from service.games.age_of_industry.state import State, new_tile, split_space
from service.games.common.words import resource_word
from service.games.speech import N_, Said

RULE = "AKTION: INDUSTRIE BAUEN"
KEYS = {"action", "card", "space", "industry", "combined", "coal_from", "iron_from"}


@dataclass
class Plan:
    place: str
    level: int
    price: int
    supplies: dict            # "coal"/"iron" -> Supply
    new_ship: bool


def lowest_level(state: State, seat: int, industry: str) -> int | None:
    levels = state.players[seat].display.get(industry)
    return levels[0] if levels else None


def plan_build(state: State, seat: int, move: dict, nets: Networks | None = None):
    """(Refusal, None) when the build is refused, else (None, Plan)."""
    combined = move.get("combined", False)
    if set(move) - KEYS or combined is not True and "combined" in move:
        return Refusal(Said(N_("unknown fields in the move (combined, if given, is true)"))), None
    if reason := why_not_turn(state, seat, 2 if combined else 1):
        return Refusal(reason), None
    player = state.players[seat]
    if move.get("card") not in player.hand:
        return Refusal(Said(N_("you must play a card from your hand")), "card",
                       tuple(sorted(set(player.hand)))), None
    refusal, target = check_target(state, seat, str(move.get("space")), move.get("industry"))
    if refusal:
        return refusal, None
    place, level, old = target
    if reason := why_not_card(state, seat, move["card"], place, move["industry"], old, combined):
        return Refusal(reason, "card"), None
    return plan_resources(state, seat, move, nets or Networks(state), place, level, old)


def check_target(state: State, seat: int, space: str, industry):
    """The space exists, takes the industry, and the player's next tile may go there."""
    place, number = split_space(space)
    location = MAPS[state.map].locations.get(place)
    if location is None or not number.isdigit() or not 1 <= int(number) <= len(location.spaces):
        return Refusal(Said(N_("no such space: {space}"), space=space), "space"), None
    level = lowest_level(state, seat, industry) if industry in LEVELS else None
    if level is None:
        return Refusal(Said(N_("no tile of that industry is left on your display")), "industry"), None
    if level == 0:
        return Refusal(Said(N_("level-0 tiles are never built: develop them away first")), "industry"), None
    old = state.tiles.get(space)
    if reason := why_not_space(state, seat, place, location.spaces[int(number) - 1], industry, old, level):
        return Refusal(reason, "space"), None
    return None, (place, level, old)


def plan_resources(state, seat, move, nets, place, level, old):
    cell = LEVELS[move["industry"]][level]
    new_ship = move["industry"] == "ship" and old is None
    assume = frozenset((place,)) if move["industry"] in ("port", "ship") else frozenset()
    net = nets.get(assume)
    extra = {f"{place}.import": place} if new_ship else None
    supplies, price = {}, cell.cost
    for name, need in (("coal", cell.coal), ("iron", cell.iron)):
        key = f"{name}_from"
        if not need:
            if move.get(key) is not None:
                return Refusal(Said(N_("this build needs no {resource}"), resource=resource_word(name)),
                               key), None
            continue
        options = supply_options(state, net, name, place, extra if name == "coal" else None)
        if not options:
            return Refusal(Said(N_("no {resource} can reach {place}: no source joined to it, "
                                   "nor a port for the demand track"),
                                resource=resource_word(name), place=place)), None
        refusal, supply = choose_supply(options, move.get(key), key)
        if refusal:
            return refusal, None
        supplies[name] = supply
        price += supply.price
    if state.players[seat].money < price:
        return Refusal(Said(N_("this build costs ${price}; you have ${money} (take a loan first)"),
                            price=price, money=state.players[seat].money)), None
    return None, Plan(place, level, price, supplies, new_ship)


def why_not_build(state: State, seat: int, move: dict) -> str | None:
    refusal = plan_build(state, seat, move)[0]
    return refusal.reason if refusal else None


def build_moves(state: State, seat: int) -> list[dict]:
    """Every legal build: the same stages as plan_build, each checked once."""
    if why_not_turn(state, seat):
        return []
    nets, out = Networks(state), []
    combine = [False, True] if state.actions_left == 2 else [False]
    hand = sorted(set(state.players[seat].hand))
    for place, location in MAPS[state.map].locations.items():
        for number, symbol in enumerate(location.spaces, 1):
            space = f"{place}.{number}"
            for industry in SYMBOL_ALLOWS[symbol]:
                refusal, target = check_target(state, seat, space, industry)
                if refusal:
                    continue
                _, level, old = target
                base = {"action": "build", "space": space, "industry": industry}
                choices = with_choices(lambda m: plan_resources(
                    state, seat, m, nets, place, level, old)[0], base)
                for card in hand:
                    for combined in combine:
                        if why_not_card(state, seat, card, place, industry, old, combined):
                            continue
                        extra = {"combined": True} if combined else {}
                        out.extend({**m, "card": card, **extra} for m in choices)
    return out


def apply_build(state: State, seat: int, move: dict) -> list[dict]:
    refusal, plan = plan_build(state, seat, move)
    if refusal:
        raise refusal.illegal(RULE)
    player = state.players[seat]
    player.hand.remove(move["card"])
    state.discard.append(move["card"])
    player.display[move["industry"]].pop(0)
    if plan.new_ship:   # "Diese Kohle kann auch direkt für den Schiffsbau benutzt werden."
        state.imports[plan.place] = MAPS[state.map].locations[plan.place].imports
        state.supply["coal"] -= state.imports[plan.place]
    for resource, supply in plan.supplies.items():
        take(state, resource, supply)
    charge(state, seat, plan.price)
    old = state.tiles.get(move["space"])
    if old and old["cubes"]:
        state.supply[RESOURCE_OF[old["industry"]]] += old["cubes"]   # overbuilt: cubes back
    tile = new_tile(seat, move["industry"], plan.level)
    if old is not None and move["industry"] == "ship":
        tile["no_flip"] = True              # an overbuilt ship brings nothing and never flips
    state.tiles[move["space"]] = tile
    place_cubes(state, seat, tile, plan)
    check_ship_flips(state)
    return [EVENTS.make("build", seat, space=move["space"], industry=move["industry"],
                        level=plan.level)] + action_done(state, 2 if move.get("combined") else 1)


def place_cubes(state: State, seat: int, tile: dict, plan: Plan) -> None:
    """New mines and works get their cubes; joined to a port, they (and a new ship's
    import coal, which counts as building a mine) fill the empty track spaces."""
    resource = RESOURCE_OF.get(tile["industry"])
    net = Network(state)
    if resource:
        tile["cubes"] = LEVELS[tile["industry"]][tile["level"]].cubes
        state.supply[resource] -= tile["cubes"]
        if net.port_access((plan.place,)):
            tile["cubes"] -= sell_to_track(state, seat, resource, tile["cubes"])
            if tile["cubes"] == 0:
                flip(state, tile)
    elif plan.new_ship and net.port_access((plan.place,)):
        state.imports[plan.place] -= sell_to_track(state, seat, "coal", state.imports[plan.place])
