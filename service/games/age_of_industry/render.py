"""The plain-text board and the seat's situation, as e-mails show it."""
from __future__ import annotations

from service.games.age_of_industry.data import MAPS
from service.games.age_of_industry.flow import current_seat
from service.games.age_of_industry.scoring import result
from service.games.age_of_industry.state import State, space_id
from service.games.presentation import count

PROVISIONAL = "(provisional map and player display: the printed data was not found)"


def tile_text(tile: dict | None, symbol: str) -> str:
    if tile is None:
        return f"[{symbol}]"
    flipped = " flipped" if tile["flipped"] else ""
    cubes = f" {tile['cubes']} cubes" if tile["cubes"] else ""
    return f"[{tile['industry']} {tile['level']} seat {tile['owner']}{cubes}{flipped}]"


def place_line(state: State, place: str) -> str:
    location = MAPS[state.map].locations[place]
    if location.settlement:
        return f"  {location.name} (settlement)"
    spaces = " ".join(tile_text(state.tiles.get(space_id(place, n)), sym)
                      for n, sym in enumerate(location.spaces, 1))
    extra = []
    if location.market:
        market = state.markets[place]
        extra.append(f"market {market['kind']}{' used' if market['flipped'] else ''}")
    if place in state.imports:
        extra.append(f"import coal {state.imports[place]}")
    if location.distant_port:
        extra.append("distant port")
    if location.pennsylvania:
        extra.append("Pennsylvania")
    more = f" ({', '.join(extra)})" if extra else ""
    return f"  {place} [{location.colour}] {spaces}{more}"


def render_text(state: State, seat: int | None) -> str:
    game_map = MAPS[state.map]
    lines = [f"Age of Industry: {state.map} {PROVISIONAL}", f"Round {state.round}; "
             "turn order " + ", ".join(f"seat {s}" for s in state.order)]
    if state.finished:
        final = result(state)
        ranking = ", ".join(f"seat {s} {final['scores'][s]} VP" for [s] in final["ranking"])
        lines.append(f"Game over. Ranking: {ranking}")
    elif state.repaying:
        lines.append(f"To act: seat {current_seat(state)}: repay a loan or keep your loans "
                     "before the interest ($1 a loan)")
    else:
        lines.append(f"To act: seat {current_seat(state)}, {count(state.actions_left, 'action')} left"
                     f"{' (selling)' if state.selling else ''}")
    lines.append(f"Demand tracks: coal {state.track['coal']} cubes, iron {state.track['iron']} cubes")
    lines.append(f"Face-up cards: {', '.join(state.face_up) or '-'}; deck {count(len(state.deck), 'card')}")
    lines.append("Places:")
    lines += [place_line(state, p) for p in game_map.locations]
    rails = ", ".join(f"{link} (seat {owner})" for link, owner in sorted(state.rails.items()))
    lines.append(f"Rail links: {rails or '-'}")
    for s, player in enumerate(state.players):
        nxt = ", ".join(f"{i} {lv[0]}" for i, lv in player.display.items() if lv)
        lines.append(f"Seat {s}: ${player.money}, {count(player.loans, 'loan')}, spent ${player.spent}, "
                     f"{count(len(player.hand), 'card')}, {player.rails_left} rails; next tiles: {nxt}")
    if seat is not None:
        lines.append(f"Your hand: {', '.join(sorted(state.players[seat].hand)) or '-'}")
    return "\n".join(lines)
