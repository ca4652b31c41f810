"""AKTION: BAUEN and AKTION: BAUEN (FORTSETZUNG): play a location card, an industry
card for a town in your network, or two cards as one location card of your choice;
take your lowest tile of that industry, place it on a free slot (one showing only
that industry if there is one) or overbuild, pay, and consume coal and iron."""
from __future__ import annotations

from dataclasses import dataclass

from service.games.base import IllegalMove
from service.games.common.words import resource_word
from service.games.speech import N_, Said

from .cards import face_pairs, play_cards, why_not_cards
from .choices import chosen, why_not_choice, with_choice
from .coal import MARKET, coal_mines, coal_options, consume_coal
from .data import INDUSTRIES, LEVELS, PRODUCERS, TOWNS
from .events import EVENTS
from .income import flip
from .iron import consume_iron, iron_choices, market_iron
from .market import MARKET_FIELD, buy_price, cost_of, pay, sell_cubes
from .mat import lowest_level, remove_from_board, take_lowest, why_not_era
from .network import (adjacency, distances, has_pieces, may_build_in, network, port_towns,
                      reaches_distant_market)
from .state import State, tile_refs

RULE = "AKTION: BAUEN"


@dataclass
class Target:
    """Where and what a build places, and what it consumes."""
    slot: int
    level: int
    overbuild: bool
    coal: list          # coal options: [()] when none is needed
    iron: list          # iron works options
    money: int          # cost plus market coal and iron


def free_slot(state: State, location: str, industry: str) -> int | None:
    """A free slot showing only this industry if there is one, else a shared one."""
    tiles = state.board[location]
    free = [i for i, slot in enumerate(TOWNS[location]) if industry in slot and tiles[i] is None]
    single = [i for i in free if len(TOWNS[location][i]) == 1]
    return (single or free or [None])[0]


def no_cubes_left(state: State, kind: str) -> bool:
    return getattr(state, MARKET_FIELD[kind]) == 0 and not any(
        t["cubes"] for _r, _l, t in tile_refs(state) if PRODUCERS.get(t["industry"]) == kind)


def why_not_overbuild(state: State, seat: int, location: str, industry: str, slot, level: int):
    """ÜBERBAUEN: your own tile of the same industry at a lower level; another
    player's coal mine or iron works only when no cube of that kind is left anywhere."""
    tiles = state.board[location]
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < len(tiles):
        return Said(N_("{location} has no slot {slot!r}"), location=location, slot=slot)
    old = tiles[slot]
    if old is None:
        return Said(N_("slot {slot} of {location} is empty: there is nothing to overbuild"), slot=slot,
                    location=location)
    if old["industry"] != industry or old["level"] >= level:
        return Said(N_("you may only overbuild a tile of the same industry with a higher level"))
    if old["owner"] != seat:
        kind = PRODUCERS.get(industry)
        if kind is None:
            return Said(N_("another player's tile may be overbuilt only if it is a coal mine or iron works"))
        if not no_cubes_left(state, kind):
            return Said(N_("another player's {industry} may be overbuilt only when no {kind} is left "
                           "anywhere"),
                        industry=industry, kind=resource_word(kind))
    return None


def build_target(state: State, seat: int, location, industry, overbuild, adj, known=None) -> tuple:
    """(reason, None) or (None, Target) for building `industry` in `location`.
    `known` may carry what does not change between targets (mines, ports, iron)."""
    known = known or resources(state)
    if location not in TOWNS:
        return Said(N_("{location!r} is not a town with industry slots"), location=location), None
    if industry not in INDUSTRIES or not any(industry in s for s in TOWNS[location]):
        return Said(N_("{location} has no slot for {industry!r}"), location=location, industry=industry), None
    level = lowest_level(state, seat, industry)
    if level is None:
        return Said(N_("you have no {industry} tile left"), industry=industry), None
    if reason := why_not_era(state, industry, level):
        return reason, None
    if overbuild is None:
        slot = free_slot(state, location, industry)
        if slot is None:
            return Said(N_("{location} has no free slot for a {industry}"), location=location,
                        industry=industry), None
    elif reason := why_not_overbuild(state, seat, location, industry, overbuild, level):
        return reason, None
    else:
        slot = overbuild
    replaced = state.board[location][slot]
    own_here = sum(1 for t in state.board[location] if t is not None and t["owner"] == seat
                   and t is not replaced)
    if state.era == "canal" and own_here:
        return Said(N_("in the canal era you may build only 1 industry tile per town")), None
    spec = LEVELS[industry][level]
    coal = [()]
    if spec.coal:
        coal = [(source,) for source in
                coal_options(state, [location], adj, {}, known["mines"], known["ports"])]
        if not coal:
            return Said(N_("{location} is not connected to any coal"), location=location), None
    iron = known["iron"][spec.iron]
    money = (spec.cost + (buy_price(state.coal_market) if coal == [(MARKET,)] else 0)
             + cost_of(state.iron_market, market_iron(spec.iron, iron[0])))
    if money > state.money[seat]:
        return Said(N_("this build costs £{cost}, you have £{money}"), cost=money,
                    money=state.money[seat]), None
    return None, Target(slot, level, overbuild is not None, coal, iron, money)


def resources(state: State) -> dict:
    return {"mines": coal_mines(state), "ports": port_towns(state),
            "iron": {need: iron_choices(state, need) for need in (0, 1)}}


def why_not_build_cards(state: State, seat: int, move: dict, towns) -> str | None:
    """Location card: that town. Industry card: that industry in your network (or
    anywhere before you have any tile on the board). Two cards: anywhere."""
    location, industry = move.get("location"), move.get("industry")
    if "cards" in move:
        cards = move["cards"]
        if "card" in move:
            return Said(N_("play either card= or cards=, not both"))
        if not isinstance(cards, list) or len(cards) != 2 or not all(isinstance(c, str) for c in cards):
            return Said(N_("cards= names exactly two cards"))
        if cards != sorted(cards):
            return Said(N_("list the two cards in alphabetical order: {cards}"), cards=sorted(cards))
        if state.actions_left < 2:
            return Said(N_("building with two cards takes both actions of your turn"))
        return why_not_cards(state, seat, cards)
    face = move.get("card")
    if face is None:
        return Said(N_("name the card you play (card=...)"))
    if reason := why_not_cards(state, seat, [face]):
        return reason
    if face == location:
        return None
    if face == industry:
        if not has_pieces(state, seat) or may_build_in(state, seat, location, towns):
            return None
        return Said(N_("{location} is not in your network: an industry card builds only there"),
                    location=location)
    return Said(N_("a {card} card does not let you build a {industry} in {location}"), card=face,
                industry=industry, location=location)


def why_not_build(state: State, seat: int, move: dict) -> tuple:
    adj = adjacency(state)
    reason, target = build_target(state, seat, move.get("location"), move.get("industry"),
                                  move.get("overbuild"), adj)
    reason = (reason or why_not_build_cards(state, seat, move, network(state, seat))
              or why_not_choice("coal", target.coal, move.get("coal"))
              or why_not_choice("iron", target.iron, move.get("iron")))
    return reason, target


def build_moves(state: State, seat: int) -> list[dict]:
    adj = adjacency(state)
    towns = network(state, seat)
    anywhere = not has_pieces(state, seat)
    faces = set(state.hands[seat])
    pairs = face_pairs(state, seat) if state.actions_left >= 2 else []
    moves = []
    known = resources(state)
    for location, slots in TOWNS.items():
        for industry in dict.fromkeys(i for slot in slots for i in slot):
            cards = [{"card": location}] if location in faces else []
            if industry in faces and (anywhere or may_build_in(state, seat, location, towns)):
                cards.append({"card": industry})
            cards += [{"cards": pair} for pair in pairs]
            if not cards:
                continue
            overbuilds = [i for i, t in enumerate(state.board[location])
                          if t is not None and t["industry"] == industry]
            for overbuild in [None, *overbuilds]:
                reason, target = build_target(state, seat, location, industry, overbuild, adj, known)
                if reason:
                    continue
                for card in cards:
                    move = {"action": "build", "location": location, "industry": industry, **card}
                    if overbuild is not None:
                        move["overbuild"] = overbuild
                    for with_coal in with_choice(move, "coal", target.coal):
                        moves.extend(with_choice(with_coal, "iron", target.iron))
    return moves


def nearest_options(moves: list[dict], move: dict) -> list[dict]:
    """The legal builds of the same industry in the same town (e.g. each coal source),
    else of that industry anywhere, else the first fifty."""
    for keys in (("location", "industry"), ("industry",)):
        same = [m for m in moves if all(m[k] == move.get(k) for k in keys)]
        if same:
            return same[:50]
    return moves[:50]


def apply_build(state: State, seat: int, move: dict) -> list[dict]:
    reason, target = why_not_build(state, seat, move)
    if reason:
        raise IllegalMove(reason, rule=RULE, options=nearest_options(build_moves(state, seat), move))
    location, industry = move["location"], move["industry"]
    play_cards(state, seat, move.get("cards") or [move["card"]])
    if target.overbuild:
        remove_from_board(state, location, target.slot)
    for source in chosen(target.coal, move.get("coal")):
        consume_coal(state, seat, source)
    spec = LEVELS[industry][target.level]
    consume_iron(state, seat, chosen(target.iron, move.get("iron")), spec.iron)
    pay(state, seat, spec.cost)
    take_lowest(state, seat, industry)
    tile = {"owner": seat, "industry": industry, "level": target.level, "flipped": False,
            "cubes": spec.cubes}
    state.board[location][target.slot] = tile
    kind = PRODUCERS.get(industry)
    if kind:
        state.supply[kind] -= spec.cubes
        if kind == "iron" or reaches_distant_market(state, distances(adjacency(state), [location])):
            sell_cubes(state, seat, tile, kind)
            if tile["cubes"] == 0:
                flip(state, tile)
    if industry == "shipyard":
        flip(state, tile)
    return [EVENTS.make("build", seat, industry=industry, level=target.level, location=location)]
