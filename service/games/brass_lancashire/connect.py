"""AKTION: VERBINDEN (English edition: Network): lay link tiles on free lines next
to your network. Canal era: one canal for £3. Rail era: one rail for £5 or two for
£15, each consuming one coal and connected to a coal source right after placement."""
from __future__ import annotations

from collections import Counter

from service.games.base import IllegalMove
from service.games.speech import N_, Said

from .cards import hand_faces, play_cards, why_not_cards
from .choices import chosen, why_not_choice
from .coal import MARKET, coal_mines, coal_options, consume_coal
from .data import CONSTANTS, LINK_ERA, LINK_TILES, LINKS
from .events import EVENTS
from .market import cost_of, pay
from .mat import era_name
from .network import adjacency, network, port_towns
from .state import State

RULE = "AKTION: VERBINDEN"
COST = {("canal", 1): CONSTANTS["canal_link_cost"], ("rail", 1): CONSTANTS["rail_link_cost_one"],
        ("rail", 2): CONSTANTS["rail_link_cost_two"]}


def why_not_link(state: State, seat: int, link, before: list, towns=None) -> str | None:
    if link not in LINKS:
        return Said(N_("there is no line {link!r}"), link=link)
    if link in state.links or link in before:
        return Said(N_("the line {link} is already taken"), link=link)
    if link not in LINK_ERA[state.era]:
        return Said(N_("{link} has no line in the {era}"), link=link, era=era_name(state.era))
    if towns is None:
        towns = network(state, seat, extra=before)
    if not set(LINKS[link]) & towns:
        return Said(N_("{link} does not touch your network"), link=link)
    return None


def coal_sequences(state: State, links: list, mines=None, ports=None) -> list[tuple]:
    """Every way to take one coal per rail link, each link placed in turn."""
    if state.era == "canal":
        return [()]
    mines = coal_mines(state) if mines is None else mines
    ports = port_towns(state) if ports is None else ports
    sequences = [()]
    for i, link in enumerate(links):
        adj = adjacency(state, extra=links[:i + 1])
        sequences = [seq + (source,) for seq in sequences
                     for source in coal_options(state, LINKS[link], adj,
                                                Counter(s for s in seq if s != MARKET), mines, ports)]
    return sequences


def price(state: State, links: list, sequence: tuple) -> int:
    return COST[(state.era, len(links))] + cost_of(state.coal_market, sequence.count(MARKET))


def affordable(state: State, seat: int, links: list, mines=None, ports=None) -> list[tuple]:
    return [seq for seq in coal_sequences(state, links, mines, ports)
            if price(state, links, seq) <= state.money[seat]]


def why_not_connect(state: State, seat: int, move: dict) -> str | None:
    links = move.get("links")
    most = 2 if state.era == "rail" else 1
    if not isinstance(links, list) or not 1 <= len(links) <= most:
        return Said(N_("lay 1 or 2 link tiles in the {era} (links=...)") if most == 2
                    else N_("lay 1 link tile in the {era} (links=...)"), era=era_name(state.era))
    if sum(1 for owner in state.links.values() if owner == seat) + len(links) > LINK_TILES:
        return Said(N_("you have not enough link tiles left"))
    for i, link in enumerate(links):
        if reason := why_not_link(state, seat, link, links[:i]):
            return reason
    if reason := why_not_cards(state, seat, [move.get("card")]):
        return reason
    if not coal_sequences(state, links):
        return Said(N_("a rail link must be connected to a coal source once placed"))
    options = affordable(state, seat, links)
    if not options:
        return Said(N_("you cannot pay £{cost} and the coal"), cost=COST[(state.era, len(links))])
    return why_not_choice("coal", options, move.get("coal"))


def connect_moves(state: State, seat: int) -> list[dict]:
    left = LINK_TILES - sum(1 for owner in state.links.values() if owner == seat)
    plans = []
    if left:
        towns = network(state, seat)
        firsts = [l for l in sorted(LINK_ERA[state.era]) if not why_not_link(state, seat, l, [], towns)]
        plans = [[l] for l in firsts]
        if state.era == "rail" and left >= 2:
            plans += [[a, b] for a in firsts for b in sorted(LINK_ERA["rail"])
                      if not why_not_link(state, seat, b, [a], towns | set(LINKS[a]))]
    moves = []
    faces = hand_faces(state, seat)
    mines, ports = coal_mines(state), port_towns(state)
    for links in plans:
        options = affordable(state, seat, links, mines, ports)
        for option in options:
            extra = {"coal": list(option)} if len(options) > 1 else {}
            moves += [{"action": "connect", "links": links, "card": f, **extra} for f in faces]
    return moves


def apply_connect(state: State, seat: int, move: dict) -> list[dict]:
    if reason := why_not_connect(state, seat, move):
        moves = connect_moves(state, seat)
        same = [m for m in moves if m["links"] == move.get("links")]
        raise IllegalMove(reason, rule=RULE, field="links", options=(same or moves)[:50])
    links = move["links"]
    sequence = chosen(affordable(state, seat, links), move.get("coal"))
    play_cards(state, seat, [move["card"]])
    pay(state, seat, COST[(state.era, len(links))])
    for i, link in enumerate(links):
        state.links[link] = seat
        for source in sequence[i:i + 1]:
            consume_coal(state, seat, source)
    return [EVENTS.make("connect", seat, links=links)]
