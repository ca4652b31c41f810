"""A plain-text board and a seat's situation, as the e-mails show it; its lines are
catalogue messages, said in the reader's language through a `Saying` (issue 31)."""
from __future__ import annotations

from service.games.events import Saying

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


ENGLISH = Saying(display)


def _tile(tile: dict | None, say: Saying) -> str:
    if tile is None:
        return "-"
    flipped = "*" if tile["flipped"] else ""
    cubes = f" ({tile['cubes']})" if tile["cubes"] else ""
    return say._("{industry} L{level}{flipped} of seat {owner}{cubes}").format(
        industry=say.value(tile["industry"]), level=tile["level"], flipped=flipped, owner=tile["owner"],
        cubes=cubes)


def cards(number: int, say: Saying) -> str:
    return say.ngettext("{count} card", "{count} cards", number).format(count=number)


def render_text(state: State, seat: int | None, say: Saying | None = None) -> str:
    """The board, and the seat's hand and mat, as `say` says them (None: in English)."""
    say = say or ENGLISH
    era = say._("canal era") if state.era == "canal" else say._("rail era")
    lines = [(say._("Brass: Lancashire, {era}, round {round} (game over)") if state.phase == "over"
              else say._("Brass: Lancashire, {era}, round {round}")).format(era=era, round=state.round)]
    lines.append(say._("Turn order: {order}").format(order=", ".join(f"seat {s}" for s in state.order)))
    if state.pending:
        top = state.pending[-1]
        lines.append((say._("Waiting for seat {seat}: must sell tiles to pay £{debt}")
                      if top["kind"] == "forced_sale" else
                      say._("Waiting for seat {seat}: may sell another cotton mill or stop (done)")
                      ).format(seat=top["seat"], debt=top.get("debt")))
    elif state.phase != "over":
        lines.append(say.ngettext("To act: seat {seat} ({count} action left)",
                                  "To act: seat {seat} ({count} actions left)", state.actions_left).format(
            seat=state.order[state.turn], count=state.actions_left))
    lines.append(say._("Coal market {coal}/8, iron market {iron}/8, cotton marker {cotton}, deck {cards}").format(
        coal=state.coal_market, iron=state.iron_market,
        cotton="X" if state.cotton_marker == COTTON_X else state.cotton_marker, cards=cards(len(state.deck), say)))
    lines.append("")
    lines.append(say._("Towns (slot: tile, * = flipped, (n) = cubes):"))
    for town, tiles in state.board.items():
        if any(tiles):
            lines.append(f"  {say.value(town)}: " + "; ".join(f"{i}: {_tile(t, say)}" for i, t in enumerate(tiles)))
    if state.links:
        lines.append(say._("Links: {links}").format(links=", ".join(
            f"{say.value(link)} (seat {owner})" for link, owner in state.links.items())))
    lines.append("")
    for s in range(state.players):
        lines.append(say._("Seat {seat}: £{money}, income {income}, {vp} VP, spent £{spent}, {cards}").format(
            seat=s, money=state.money[s], income=income_level(state.income[s]), vp=state.vp[s],
            spent=state.spent[s], cards=cards(len(state.hands[s]), say)))
    if seat is not None:
        lines.append("")
        lines.append(say._("Your hand: {cards}").format(
            cards=", ".join(sorted(map(say.value, state.hands[seat]))) or say._("(empty)")))
        lines.append(say._("Your mat (tiles left per level, lowest first): {mat}").format(mat=", ".join(
            f"{say.value(industry)} {'/'.join(map(str, counts))}" for industry, counts in state.mats[seat].items())))
    return "\n".join(lines)
