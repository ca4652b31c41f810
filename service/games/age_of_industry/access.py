"""Where a player may build with the card played (BESCHRÄNKUNGEN FÜR INDUSTRIEKARTEN,
BESCHRÄNKUNGEN FÜR ORTSKARTEN, BESCHRÄNKUNGEN DURCH DAS FELD ODER DEN ORT, ÜBERBAUEN).
"""
from __future__ import annotations

from service.games.age_of_industry.data import COLOURS, MAPS, SYMBOL_ALLOWS
from service.games.age_of_industry.network import has_industry, tiles_at
from service.games.age_of_industry.resources import resource_anywhere
from service.games.age_of_industry.state import State
from service.games.common.words import either
from service.games.speech import N_, Said

RESOURCE_OF = {"coal_mine": "coal", "iron_works": "iron"}


def own_rail_at(state: State, seat: int, place: str) -> bool:
    return any(state.rails.get(link) == seat for link in MAPS[state.map].links_at[place])


def own_tiles_at(state: State, seat: int, place: str) -> int:
    return sum(1 for t in tiles_at(state, place) if t["owner"] == seat)


def has_tiles(state: State, seat: int) -> bool:
    return any(t["owner"] == seat for t in state.tiles.values())


def ship_line_to_port(state: State, place: str, seat: int | None = None) -> bool:
    """A shipping line joins the ship space to a built port; with `seat`, to a place
    where that player also has a tile or an own rail link (the ship-card rule)."""
    for other in MAPS[state.map].shipping_at[place]:
        if "port" in MAPS[state.map].locations[other].spaces and has_industry(state, other, "port"):
            if seat is None or own_tiles_at(state, seat, other) or own_rail_at(state, seat, other):
                return True
    return False


# the spaces' symbols as the refusals name them
SYMBOLS = {"blank": N_("blank"), "coal": N_("coal"), "port": N_("port"), "ship": N_("ship")}


def why_not_space(state: State, seat: int, place: str, symbol: str, industry: str,
                  old: dict | None, level: int) -> str | None:
    """The space's symbol, one tile per space (or an allowed overbuild), the place limit."""
    if industry not in SYMBOL_ALLOWS[symbol]:
        return Said(N_("a {symbol} space takes only {industries}"), symbol=Said(SYMBOLS[symbol]),
                    industries=either(SYMBOL_ALLOWS[symbol]))
    if industry == "ship" and not ship_line_to_port(state, place):
        return Said(N_("a ship needs a shipping line to a built port"))
    if old is not None:
        if old["owner"] != seat and not (old["industry"] == industry in RESOURCE_OF and
                                         not resource_anywhere(state, RESOURCE_OF[industry])):
            return Said(N_("another player's tile may be overbuilt only if it is a coal mine (iron works) "
                           "and no coal (iron) is on the board or the demand track"))
        if level <= old["level"]:
            return Said(N_("overbuilding needs a higher level than the tile there"))
    if old is None or old["owner"] != seat:
        if own_tiles_at(state, seat, place) + 1 > MAPS[state.map].locations[place].limit:
            return Said(N_("you may hold one tile in a place of 1-3 spaces, two in a place of 4 or more"))
    return None


def why_not_card(state: State, seat: int, card: str, place: str, industry: str,
                 old: dict | None, combined: bool) -> str | None:
    """Combined actions: any card, anywhere. Location card: a place of its colour.
    Industry card: that industry, at a place the player is joined to. On Germany a ship
    card is only discarded (BESCHREIBUNG DER KARTEN: "nur abgeworfen werden")."""
    if card == "ship" and not any("ship" in loc.spaces for loc in MAPS[state.map].locations.values()):
        return Said(N_("on the Germany map ship cards only pay for a develop or a pass"))
    if combined:
        return None
    location = MAPS[state.map].locations[place]
    if card in COLOURS:
        return None if location.colour == card else Said(N_("a {card} card builds only in a {card} place"),
                                                         card=card)
    if card != industry:
        return Said(N_("a {card} card builds only a {card}"), card=card)
    if (own_rail_at(state, seat, place) or not has_tiles(state, seat)
            or (own_tiles_at(state, seat, place) and len(location.spaces) >= 4)
            or (old is not None and old["owner"] == seat)
            or (industry == "ship" and ship_line_to_port(state, place, seat))):
        return None
    return Said(N_("an industry card needs your own rail link to the place, your tile in a place "
                   "of 4+ spaces, your tile to overbuild, or no tile of yours on the board"))
