"""AKTION: WAREN VERKAUFEN.

One sale a move: {"action": "sell", "mill": "place.N", "outlet": "place.N" | "place.market"}.
The first sale uses an action; more sales may follow in the same action until the
player ends it ({"action": "end_sale"}) or no sale is left.
"""
from __future__ import annotations

from service.games.age_of_industry.data import GOODS, LEVELS
from service.games.age_of_industry.events import EVENTS
from service.games.age_of_industry.flow import action_done, current_seat, why_not_turn
from service.games.age_of_industry.network import Network
from service.games.age_of_industry.resources import check_ship_flips, flip
from service.games.age_of_industry.state import State, split_space
from service.games.base import IllegalMove
from service.games.speech import N_, Said

RULE = "AKTION: WAREN VERKAUFEN"
ACCEPTS = {"cotton_mill": ("cotton_mill",), "manufactured_goods": ("manufactured_goods",),
           "cotton_or_goods": GOODS, "no_demand": ()}


def why_not_turn_to_sell(state: State, seat: int) -> str | None:
    if state.selling and seat == current_seat(state):
        return None
    return why_not_turn(state, seat)


def accepts(state: State, outlet: str, industry: str) -> bool:
    """An unused port of a level that takes the goods, or an unused market showing them."""
    place, number = split_space(outlet)
    if number == "market":
        market = state.markets.get(place)
        return bool(market) and not market["flipped"] and industry in ACCEPTS[market["kind"]]
    tile = state.tiles.get(outlet)
    return bool(tile) and tile["industry"] == "port" and not tile["flipped"] and \
        industry in LEVELS["port"][tile["level"]].sells


def why_not_sell(state: State, seat: int, move: dict, net: Network | None = None) -> str | None:
    if set(move) != {"action", "mill", "outlet"}:
        return Said(N_("a sale names the mill and the outlet"))
    if reason := why_not_turn_to_sell(state, seat):
        return reason
    mill = state.tiles.get(move["mill"])
    if not mill or mill["owner"] != seat or mill["industry"] not in GOODS or mill["flipped"]:
        return Said(N_("sell from one of your unflipped cotton mills or goods factories"))
    if not accepts(state, move["outlet"], mill["industry"]):
        return Said(N_("the outlet must be an unused port (level 1: cotton only) or a market taking "
                       "these goods"))
    reach = (net or Network(state)).distances((split_space(move["mill"])[0],))
    if split_space(move["outlet"])[0] not in reach:
        return Said(N_("the outlet is not joined to the mill by built links and shipping lines"))
    return None


def outlets(state: State) -> list[str]:
    ports = [s for s, t in state.tiles.items() if t["industry"] == "port" and not t["flipped"]]
    return sorted(ports + [f"{p}.market" for p, m in state.markets.items() if not m["flipped"]])


def sell_moves(state: State, seat: int) -> list[dict]:
    if why_not_turn_to_sell(state, seat):
        return []
    net = Network(state)
    mills = sorted(s for s, t in state.tiles.items()
                   if t["owner"] == seat and t["industry"] in GOODS and not t["flipped"])
    return [m for mill in mills for outlet in outlets(state)
            if not why_not_sell(state, seat, m := {"action": "sell", "mill": mill, "outlet": outlet}, net)]


def apply_sell(state: State, seat: int, move: dict) -> list[dict]:
    if reason := why_not_sell(state, seat, move):
        raise IllegalMove(reason, rule=RULE, options=sell_moves(state, seat) or None)
    mill = state.tiles[move["mill"]]
    flip(state, mill)
    place, number = split_space(move["outlet"])
    if number == "market":
        state.markets[place]["flipped"] = True
    else:
        flip(state, state.tiles[move["outlet"]])
    check_ship_flips(state)
    first = not state.selling
    state.selling = True
    if first:
        state.actions_left -= 1
    sold = [EVENTS.make("sell", seat, mill=move["mill"], mill_industry=mill["industry"],
                        outlet=move["outlet"])]
    return sold + (end_sale(state) if not sell_moves(state, seat) else [])


def end_sale(state: State) -> list[dict]:
    state.selling = False
    return action_done(state, 0)


def apply_end_sale(state: State, seat: int, move: dict) -> list[dict]:
    if set(move) != {"action"} or not state.selling or seat != current_seat(state):
        raise IllegalMove(Said(N_("there is no sale to end")), rule=RULE)
    return [EVENTS.make("end_sale", seat)] + end_sale(state)


def end_sale_moves(state: State, seat: int) -> list[dict]:
    return [{"action": "end_sale"}] if state.selling and seat == current_seat(state) else []
