"""The plain-text board for e-mails: the main board's state, then each seat's
player board (routes, locos, industry strip), and what the reader must decide."""
from __future__ import annotations

from service.games.presentation import count

from .board import route_block
from .boards import STRIPS, route, route_ids, strip_of, wrench_track
from .data import COLOURS, INDUSTRY_BOARD
from .flow import to_act
from .industry import strip_block, wrench_points
from .names import TERMS
from .scoring import round_points

BOARD_NAMES = {"russia": "Russian Railroads", "germany": "German Railroads", "america": "American Railroads",
               "asia": "Asian Railroads"}
INITIAL = {"wood": "W", "green": "G", "bronze": "B", "silver": "S", "gold": "O"}


def route_line(player: dict, route_id: str) -> str:
    spec = route(player, route_id)
    length = spec["length"]
    cells = ["."] * length
    if rubble := route_block(player, route_id):
        cells[rubble - 1] = "X"
    for colour in COLOURS:
        pos = player["tracks"][route_id].get(colour)
        if pos:
            cells[pos - 1] = INITIAL[colour]
    locos = " ".join(s for s in player["locos"][route_id] if s) or "-"
    blocked = player.get("construction", {}).get(route_id)
    under = f", {blocked} slot(s) under construction" if blocked else ""
    name = spec.get("name", route_id).lower() + ("*" if spec.get("status") == "provisional" else "")
    return f"  {name:<10} [{''.join(cells)}] locos {locos}{under}"


def strip_line(player: dict, track: int) -> str:
    """One industry track (AMERICAN RAILROADS: `upper` fields lie over the gaps; X rubble)."""
    cells = []
    gap = 0
    wrenches = [w for w in range(len(player["wrenches"])) if wrench_track(player, w) == track]
    blocked = strip_block(player, wrenches[0]) if wrenches else None
    for field, kind in enumerate(STRIPS[strip_of(player)][track]):
        if kind in ("gap", "over"):
            cells.append(f"[{player['factories'][gap] or '_'}]" if kind == "gap" else
                         f"^{player['factories'][gap] or '_'}")
            gap += 1
        else:
            cells.append("X" if field == blocked else str(kind))
        cells[-1] += "*" * sum(player["wrenches"][w] == field for w in wrenches)
    return f"  {'industry' if track == 0 else 'upper':<10} " + " ".join(cells)


def strip_lines(player: dict) -> list[str]:
    lines = [strip_line(player, t) for t in range(len(STRIPS[strip_of(player)]))]
    lines[-1] += f"  (scores {wrench_points(player)})"
    return lines


def stock_line(state: dict) -> list[str]:
    """AMERICAN RAILROADS: the stock board (provisional levels), dividend tiles, steelworks."""
    if "stock" not in state:
        return []
    stock = state["stock"]
    levels = " ".join(f"{i}:{stock['tiles'][i] or '-'}[{','.join(map(str, m))}]"
                      for i, m in enumerate(stock["levels"]))
    return [f"Stock board (level:dividend[markers]): {levels}",
            f"Dividend tiles left: {', '.join(stock['offer']) or '-'}; steelworks beside stacks "
            f"{', '.join(state['steelworks']) or '-'}"]


ALTERNATIVE_TWO = INDUSTRY_BOARD["alternative_two"]["id"]


def stacked(tile: str) -> str:
    """A factory of a spot's stack: the printed one by its id (printed_N), a locomotive's
    back by its number, the alternative 2 locomotive's (`2a`) as "alternative 2"."""
    return "alternative 2" if tile == ALTERNATIVE_TWO else tile


def industry_board_line(state: dict) -> list[str]:
    """INDUSTRIETABLEAU (provisional layout): each spot's factories bottom to top and the
    maintenance cars beside it (seat, own/purple, ^ standing up: active)."""
    if "industry_board" not in state:
        return []
    board = state["industry_board"]
    spots = [f"factory spot {i + 1} [{'/'.join(map(stacked, stack))}]" + "".join(
        f" s{c['seat']}{'p' if c['kind'] == 'purple' else ''}{'^' if c['active'] else '_'}" for c in cars)
        for i, (stack, cars) in enumerate(zip(board["spots"], board["cars"]))]
    return ["Industry board (provisional layout): " + "; ".join(spots)]


def player_block(state: dict, seat: int, viewer: int | None) -> list[str]:
    p = state["players"][seat]
    free = p["workers"] - p["placed"]
    head = (f"Seat {seat}{' (you)' if seat == viewer else ''}: {count(p['score'], 'point')}, "
            f"{free}/{p['workers']} workers free, {p['temps']} temporary, {count(p['coins'], 'coin')}, "
            f"{count(p['doublers'], 'doubler')}, {count(p['keys'], 'key')}, engineers {', '.join(map(str, p['engineers'])) or '-'}"
            f"{', passed' if p['passed'] else ''}")
    lines = [head] + [route_line(p, r) for r in route_ids(p)] + strip_lines(p)
    lines.append(f"  idea tiles left: {', '.join(p['ideas']) or '-'}; next scoring would give "
                 f"{sum(round_points(p).values())}")
    if seat == viewer and p["end_cards"]:
        lines.append(f"  your end-game cards: {', '.join(p['end_cards'])}")
    return lines


def render(state: dict, seat: int | None) -> str:
    board = BOARD_NAMES[state["options"].get("board", "russia")]
    lines = [f"Ultimate Railroads ({board}): round {min(state['round'], state['rounds'])}"
             f" of {state['rounds']}, phase {state['phase']}",
             "Turn order: " + " ".join(f"{i + 1}.seat{s}" for i, s in enumerate(state["order"])),
             "Occupied: " + ("; ".join(f"{k}: seat{v['seat']}" for k, v in sorted(state["spaces"].items()))
                             or "none"),
             "Engineers (6)..(1), hire: " + " ".join(str(n) if n else "_" for n in state["strip"]),
             "Locomotive stacks: " + " ".join(f"{k}x{v}" for k, v in state["stacks"].items() if v)
             + (f"; returned factories: {' '.join(state['returned'])}" if state["returned"] else ""),
             f"Idea cards: {', '.join(state['idea_cards']) or '-'}; doublers left {state['doubler_supply']}",
             *stock_line(state),
             "Tracks: W wood, G green, B bronze, S silver, O gold; * marks a wrench",
             "In the German printing: " + ", ".join(f"{english} {german}" for english, german in TERMS)]
    lines += industry_board_line(state) + [""]
    for s in range(state["seats"]):
        lines += player_block(state, s, seat) + [""]
    if state["emil"]:
        e = state["emil"]
        lines += [f"Emil: {e['workers'] - e['placed']}/{e['workers']} workers free, "
                  f"{count(len(e['deck']), 'card')} face down, engineers {', '.join(map(str, e['engineers'])) or '-'}, "
                  f"tiles {' '.join(e['tiles']) or '-'}{', passed' if e['passed'] else ''}", ""]
    if state["pool"] and state["pool"]["seat"] == seat:
        lines.append("Your action pool: " + "; ".join(
            f"#{i['id']} {i['kind']}" + (f" ({i['left']} left)" if "left" in i else "")
            + ("" if i["direct"] else ", may drop") for i in state["pool"]["items"]))
    if seat is not None and seat in to_act(state):
        lines.append("It is your turn.")
    return "\n".join(lines)
