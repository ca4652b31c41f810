"""A plain-text board and a seat's situation, as the e-mails show it."""
from __future__ import annotations

from service.games.presentation import count

from .data import COTTON_X, NAMES
from .income import income_level
from .state import State


def display(ident: str) -> str:
    """The printed English name of a town, distant market, industry or card from the
    data (`barrow_in_furness`: "Barrow-in-Furness"), a link as "Liverpool – Wigan"
    (issue 14)."""
    if "__" in ident:
        return " – ".join(map(display, ident.split("__", 1)))
    return NAMES.get(ident) or ident.replace("_", " ").capitalize()


def _tile(tile: dict | None) -> str:
    if tile is None:
        return "-"
    flipped = "*" if tile["flipped"] else ""
    cubes = f" ({tile['cubes']})" if tile["cubes"] else ""
    return f"{display(tile['industry'])} L{tile['level']}{flipped} of seat {tile['owner']}{cubes}"


def render_text(state: State, seat: int | None) -> str:
    lines = [f"Brass: Lancashire, {state.era} era, round {state.round}"
             + (" (game over)" if state.phase == "over" else "")]
    lines.append("Turn order: " + ", ".join(f"seat {s}" for s in state.order))
    if state.pending:
        top = state.pending[-1]
        what = (f"must sell tiles to pay £{top['debt']}" if top["kind"] == "forced_sale"
                else "may sell another cotton mill or stop (done)")
        lines.append(f"Waiting for seat {top['seat']}: {what}")
    elif state.phase != "over":
        lines.append(f"To act: seat {state.order[state.turn]} ({count(state.actions_left, 'action')} left)")
    lines.append(f"Coal market {state.coal_market}/8, iron market {state.iron_market}/8, "
                 f"cotton marker {'X' if state.cotton_marker == COTTON_X else state.cotton_marker}, "
                 f"deck {count(len(state.deck), 'card')}")
    lines.append("")
    lines.append("Towns (slot: tile, * = flipped, (n) = cubes):")
    for town, tiles in state.board.items():
        if any(tiles):
            lines.append(f"  {NAMES[town]}: " + "; ".join(f"{i}: {_tile(t)}" for i, t in enumerate(tiles)))
    if state.links:
        lines.append("Links: " + ", ".join(f"{display(link)} (seat {owner})"
                                           for link, owner in state.links.items()))
    lines.append("")
    for s in range(state.players):
        lines.append(f"Seat {s}: £{state.money[s]}, income {income_level(state.income[s])}, "
                     f"{state.vp[s]} VP, spent £{state.spent[s]}, {count(len(state.hands[s]), 'card')}")
    if seat is not None:
        lines.append("")
        lines.append(f"Your hand: {', '.join(sorted(map(display, state.hands[seat]))) or '(empty)'}")
        lines.append("Your mat (tiles left per level, lowest first): " + ", ".join(
            f"{display(industry)} {'/'.join(map(str, counts))}"
            for industry, counts in state.mats[seat].items()))
    return "\n".join(lines)
