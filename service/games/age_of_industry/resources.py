"""Coal and iron: where a cube comes from, taking it, and the demand tracks
(KOHLE UND EISEN; KOHLE UND EISEN VON DER BEDARFSLEISTE; ZECHEN UND EISENHÜTTEN UMDREHEN).

A cube comes from the nearest source on the board by built links (ties: the
active player chooses); with none reachable, from the demand track (cheapest
first) if the place is joined to a built port or a distant-port place; with the
track empty, from the supply for $4. A rail link's cubes go to either end.
"""
from __future__ import annotations

from dataclasses import dataclass

from service.games.age_of_industry.data import LEVELS, MAPS, SUPPLY_PRICE, TRACKS
from service.games.age_of_industry.money import pay
from service.games.age_of_industry.network import Network
from service.games.age_of_industry.refusal import Refusal
from service.games.age_of_industry.state import State, split_space
from service.games.common.words import resource_word
from service.games.speech import N_, Said

SOURCE_INDUSTRY = {"coal": "coal_mine", "iron": "iron_works"}


@dataclass(frozen=True)
class Supply:
    """How one cube is brought: from a board source, or bought (track or supply)."""
    source: str = ""             # "place.N" or "place.import" when from the board
    price: int = 0               # paid for a bought cube
    bought_from: str = ""        # "track" or "supply" when bought


def board_sources(state: State, resource: str, extra: dict | None = None) -> dict:
    """source id -> place, for every tile or import space holding such cubes."""
    found = {s: split_space(s)[0] for s, t in state.tiles.items()
             if t["industry"] == SOURCE_INDUSTRY[resource] and t["cubes"] > 0}
    if resource == "coal":
        found.update({f"{p}.import": p for p, n in state.imports.items() if n > 0})
    found.update(extra or {})
    return found


def track_price(state: State, resource: str) -> int | None:
    """The cheapest cube's price on the demand track (cubes sit on the dearest spaces)."""
    prices = TRACKS[resource]
    cubes = state.track[resource]
    return prices[len(prices) - cubes] if cubes else None


def supply_options(state: State, net: Network, resource: str, place: str, extra=None) -> dict:
    """The ways a cube may reach `place`, by id: the tied nearest board sources; with
    none joined, "track" (cheapest cube) or, the track empty, "supply" ($4), both only
    when the place is joined to a built port or a distant-port place."""
    reach = net.distances((place,))
    sources = {s: reach[p] for s, p in board_sources(state, resource, extra).items() if p in reach}
    if sources:
        nearest = min(sources.values())
        return {s: Supply(source=s) for s, d in sources.items() if d == nearest}
    if not net.port_access((place,)):
        return {}
    price = track_price(state, resource)
    return {"track": Supply(price=price, bought_from="track")} if price is not None else \
        {"supply": Supply(price=SUPPLY_PRICE, bought_from="supply")}


def rail_supply_options(state: State, net: Network, resource: str, ends) -> dict:
    """AKTION: EISENBAHNSTRECKE BAUEN: the cube goes to either end of the link ("Es spielt
    keine Rolle, an welchen der beiden Orte"), by the usual rule for that end."""
    options = {}
    for end in ends:
        options.update(supply_options(state, net, resource, end))
    return options


def choose_supply(options: dict, choice: str | None, field: str):
    """(Refusal, None) or (None, Supply): when there is more than one way, the player
    names it (ties: "entscheidet der aktive Spieler"), and only then."""
    if len(options) > 1 and choice not in options:
        return Refusal(Said(N_("name the {resource} source: one of {options}"),
                            resource=resource_word(field.split("_")[0]),
                            options=sorted(options)), field,
                       tuple(sorted(options))), None
    if len(options) <= 1 and choice is not None:
        return Refusal(Said(N_("there is no choice of source here")), field), None
    return None, options[choice] if choice else next(iter(options.values()))


def take(state: State, resource: str, supply: Supply) -> None:
    """Remove the cube; a mine or works left empty flips and pays its owner at once."""
    if supply.bought_from == "supply":
        return
    state.supply[resource] += 1
    if supply.bought_from == "track":
        state.track[resource] -= 1
        return
    place, number = split_space(supply.source)
    if number == "import":
        state.imports[place] -= 1
        check_ship_flips(state)
        return
    tile = state.tiles[supply.source]
    tile["cubes"] -= 1
    if tile["cubes"] == 0:
        flip(state, tile)


def flip(state: State, tile: dict) -> None:
    tile["flipped"] = True
    pay(state, tile["owner"], LEVELS[tile["industry"]][tile["level"]].profit)


def sell_to_track(state: State, seat: int, resource: str, available: int) -> int:
    """A new mine, works or ship fills the empty track spaces (dearest first) and is
    paid each space's price; returns how many cubes moved."""
    prices = TRACKS[resource]
    moved = min(available, len(prices) - state.track[resource])
    for _ in range(moved):
        pay(state, seat, prices[len(prices) - state.track[resource] - 1])
        state.track[resource] += 1
    return moved


def resource_anywhere(state: State, resource: str) -> bool:
    """Is any such cube on the board or on the demand track? (Überbauen)"""
    return bool(board_sources(state, resource)) or state.track[resource] > 0


def check_ship_flips(state: State) -> None:
    """A ship flips once its import coal is gone and its market is used (or 'no demand')."""
    for place, location in MAPS[state.map].locations.items():
        tile = state.tiles.get(f"{place}.1")
        if "ship" not in location.spaces or not tile or tile["flipped"] or tile.get("no_flip"):
            continue
        market = state.markets[place]
        if state.imports.get(place, 0) == 0 and (market["flipped"] or market["kind"] == "no_demand"):
            flip(state, tile)


def with_choices(refusal_of, move: dict) -> list[dict]:
    """The move itself, or one per tied source when the player must choose one."""
    refusal = refusal_of(move)
    if refusal is None:
        return [move]
    if refusal.field not in ("coal_from", "iron_from") or not refusal.options \
            or refusal.field in move:
        return []
    return [m for source in refusal.options
            for m in with_choices(refusal_of, {**move, refusal.field: source})]
