"""AKTION: EISENBAHNSTRECKE BAUEN.

A move: {"action": "rail", "link": "a-b", "coal_from"?, "iron_from"?}. The link must
touch a place where the player has an industry or which his rails already reach.
The first link costs $1; each later one $1 plus one coal and one iron brought to
either end, the player's choice of end (resources.rail_supply_options).
"""
from __future__ import annotations

from service.games.age_of_industry.access import own_rail_at, own_tiles_at
from service.games.age_of_industry.data import MAPS
from service.games.age_of_industry.events import EVENTS
from service.games.age_of_industry.flow import action_done, why_not_turn
from service.games.age_of_industry.money import charge
from service.games.age_of_industry.network import Networks
from service.games.age_of_industry.refusal import Refusal
from service.games.age_of_industry.resources import (choose_supply, rail_supply_options, take,
                                                     with_choices)
from service.games.age_of_industry.state import State
from service.games.common.words import resource_word
from service.games.speech import N_, Said

RULE = "AKTION: EISENBAHNSTRECKE BAUEN"
LINK_COST = 1


def plan_rail(state: State, seat: int, move: dict, nets: Networks | None = None):
    """(Refusal, None) or (None, (price, supplies))."""
    if set(move) - {"action", "link", "coal_from", "iron_from"}:
        return Refusal(Said(N_("unknown fields in the move"))), None
    if reason := why_not_turn(state, seat):
        return Refusal(reason), None
    player = state.players[seat]
    ends = MAPS[state.map].links.get(move.get("link"))
    if ends is None:
        return Refusal(Said(N_("no such rail link: {link}"), link=move.get("link")), "link"), None
    if move["link"] in state.rails:
        return Refusal(Said(N_("a rail tile already lies on that link")), "link"), None
    if not player.rails_left:
        return Refusal(Said(N_("you have no rail tile left")), "link"), None
    if not any(own_tiles_at(state, seat, p) or own_rail_at(state, seat, p) for p in ends):
        return Refusal(Said(N_("the link must touch a place with your industry or your rails")), "link"), None
    price, supplies = LINK_COST, {}
    if player.rails_built:
        net = (nets or Networks(state)).get()
        for name in ("coal", "iron"):
            options = rail_supply_options(state, net, name, ends)
            if not options:
                return Refusal(Said(N_("no {resource} can reach either end of the link"),
                                    resource=resource_word(name))), None
            refusal, supply = choose_supply(options, move.get(f"{name}_from"), f"{name}_from")
            if refusal:
                return refusal, None
            supplies[name] = supply
            price += supply.price
    elif move.get("coal_from") or move.get("iron_from"):
        return Refusal(Said(N_("your first link needs no coal or iron")), "coal_from"), None
    if player.money < price:
        return Refusal(Said(N_("this link costs ${price}; you have ${money} (take a loan first)"),
                            price=price, money=player.money)), None
    return None, (price, supplies)


def why_not_rail(state: State, seat: int, move: dict) -> str | None:
    refusal = plan_rail(state, seat, move)[0]
    return refusal.reason if refusal else None


def rail_moves(state: State, seat: int) -> list[dict]:
    if why_not_turn(state, seat) or not state.players[seat].rails_left:
        return []
    nets = Networks(state)
    return [m for link in MAPS[state.map].links if link not in state.rails
            for m in with_choices(lambda mv: plan_rail(state, seat, mv, nets)[0],
                                  {"action": "rail", "link": link})]


def apply_rail(state: State, seat: int, move: dict) -> list[dict]:
    refusal, plan = plan_rail(state, seat, move)
    if refusal:
        raise refusal.illegal(RULE)
    price, supplies = plan
    for resource, supply in supplies.items():
        take(state, resource, supply)
    charge(state, seat, price)
    player = state.players[seat]
    player.rails_left -= 1
    player.rails_built += 1
    state.rails[move["link"]] = seat
    return [EVENTS.make("rail", seat, link=move["link"])] + action_done(state)
