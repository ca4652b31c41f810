"""The plain-text board for e-mails: the main board's state, then each seat's
player board (routes, locos, industry strip), and what the reader must decide."""
from __future__ import annotations

from .boards import lane, route, route_ids
from .data import COLOURS
from .flow import to_act
from .industry import strip_points
from .names import TERMS
from .scoring import round_points

INITIAL = {"wood": "W", "green": "G", "bronze": "B", "silver": "S", "gold": "O"}


def route_line(player: dict, route_id: str) -> str:
    spec = route(player, route_id)
    length = spec["length"]
    cells = ["."] * length
    for colour in COLOURS:
        pos = player["tracks"][route_id].get(colour)
        if pos:
            cells[pos - 1] = INITIAL[colour]
    locos = " ".join(s for s in player["locos"][route_id] if s) or "-"
    blocked = player.get("construction", {}).get(route_id)
    under = f", {blocked} slot(s) under construction" if blocked else ""
    name = spec.get("name", route_id).lower() + ("*" if spec.get("status") == "provisional" else "")
    return f"  {name:<10} [{''.join(cells)}] locos {locos}{under}"


def strip_line(player: dict) -> str:
    cells = []
    gap = 0
    for field, kind in enumerate(lane(player)):
        if kind == "gap":
            cells.append(f"[{player['factories'][gap] or '_'}]")
            gap += 1
        else:
            cells.append(str(kind))
        if field in player["wrenches"]:
            cells[-1] += "*" * player["wrenches"].count(field)
    points = sum(strip_points(player, w) for w in player["wrenches"])
    return "  industry   " + " ".join(cells) + f"  (scores {points})"


def industry_board_line(state: dict) -> list[str]:
    """INDUSTRIETABLEAU (provisional layout): each spot's factories bottom to top and the
    maintenance cars beside it (seat, own/purple, ^ standing up: active)."""
    if "industry_board" not in state:
        return []
    board = state["industry_board"]
    spots = [f"spot {i} [{'/'.join(stack)}]" + "".join(
        f" s{c['seat']}{'p' if c['kind'] == 'purple' else ''}{'^' if c['active'] else '_'}" for c in cars)
        for i, (stack, cars) in enumerate(zip(board["spots"], board["cars"]))]
    return ["Industry board (provisional layout): " + "; ".join(spots)]


def player_block(state: dict, seat: int, viewer: int | None) -> list[str]:
    p = state["players"][seat]
    free = p["workers"] - p["placed"]
    head = (f"Seat {seat}{' (you)' if seat == viewer else ''}: {p['score']} points, "
            f"{free}/{p['workers']} workers free, {p['temps']} temporary, {p['coins']} coins, "
            f"{p['doublers']} doublers, {p['keys']} keys, engineers {', '.join(map(str, p['engineers'])) or '-'}"
            f"{', passed' if p['passed'] else ''}")
    lines = [head] + [route_line(p, r) for r in route_ids(p)] + [strip_line(p)]
    lines.append(f"  idea tiles left: {', '.join(p['ideas']) or '-'}; next scoring would give "
                 f"{sum(round_points(p).values())}")
    if seat == viewer and p["end_cards"]:
        lines.append(f"  your end-game cards: {', '.join(p['end_cards'])}")
    return lines


def render(state: dict, seat: int | None) -> str:
    lines = [f"Ultimate Railroads (Russian Railroads): round {min(state['round'], state['rounds'])}"
             f" of {state['rounds']}, phase {state['phase']}",
             "Turn order: " + " ".join(f"{i + 1}.seat{s}" for i, s in enumerate(state["order"])),
             "Occupied: " + ("; ".join(f"{k}: seat{v['seat']}" for k, v in sorted(state["spaces"].items()))
                             or "none"),
             "Engineers (6)..(1), hire: " + " ".join(str(n) if n else "_" for n in state["strip"]),
             "Locomotive stacks: " + " ".join(f"{k}x{v}" for k, v in state["stacks"].items() if v)
             + (f"; returned factories: {' '.join(state['returned'])}" if state["returned"] else ""),
             f"Idea cards: {', '.join(state['idea_cards']) or '-'}; doublers left {state['doubler_supply']}",
             "Tracks: W wood, G green, B bronze, S silver, O gold; * marks a wrench",
             "In the German printing: " + ", ".join(f"{english} {german}" for english, german in TERMS)]
    lines += industry_board_line(state) + [""]
    for s in range(state["seats"]):
        lines += player_block(state, s, seat) + [""]
    if state["emil"]:
        e = state["emil"]
        lines += [f"Emil: {e['workers'] - e['placed']}/{e['workers']} workers free, "
                  f"{len(e['deck'])} cards face down, engineers {', '.join(map(str, e['engineers'])) or '-'}, "
                  f"tiles {' '.join(e['tiles']) or '-'}{', passed' if e['passed'] else ''}", ""]
    if state["pool"] and state["pool"]["seat"] == seat:
        lines.append("Your action pool: " + "; ".join(
            f"#{i['id']} {i['kind']}" + (f" ({i['left']} left)" if "left" in i else "")
            + ("" if i["direct"] else ", may drop") for i in state["pool"]["items"]))
    if seat is not None and seat in to_act(state):
        lines.append("It is your turn.")
    return "\n".join(lines)
