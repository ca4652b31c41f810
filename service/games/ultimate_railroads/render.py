"""The plain-text board for e-mails: the main board's state, then each seat's
player board (routes, locos, industry strip), and what the reader must decide; its
lines are catalogue messages, said in the reader's language through a `Saying` (issue 31;
the identifiers it writes the presentation seam names)."""
from __future__ import annotations

from service.games.events import Saying
from service.games.speech import N_, Nn_

from .board import route_block
from .boards import STRIPS, route, route_ids, strip_of, wrench_track
from .data import COLOURS, EMIL, IDEA_CARDS, IDEA_TILES, INDUSTRY_BOARD
from .flow import to_act
from .industry import strip_block, wrench_points
from .names import TERMS
from .scoring import round_points

BOARD_NAMES = {"russia": "Russian Railroads", "germany": "German Railroads", "america": "American Railroads",
               "asia": "Asian Railroads"}
INITIAL = {"wood": "W", "green": "G", "bronze": "B", "silver": "S", "gold": "O"}
ENGLISH = Saying(lambda ident: ident)     # the ids as they are: the presentation seam names them
PHASES = {"actions": N_("actions"), "relocation": N_("relocation"), "over": N_("over")}
STRIP_END = N_("end")       # the industry strip's last field (its other words: points, "idea")


# an idea tile or card whose id is only a word ("doublers", "coins") is named by what it
# gives, as its face shows it (IDEENPLÄTTCHEN, OFFENLIEGENDE IDEENKARTEN)
GIVES = {"industry_steps": ("steps", Nn_("{count} industry step", "{count} industry steps")),
         "take_doubler": ("count", Nn_("{count} doubler", "{count} doublers")),
         "gain_coins": ("coins", Nn_("{count} coin", "{count} coins")),
         "gain_coal": ("coal", Nn_("{count} coal", "{count} coal"))}


def idea(ident: str, ideas: dict, say: Saying) -> str:
    """An idea tile (`ideas` IDEA_TILES) or card (IDEA_CARDS) as the reader reads it."""
    effect = ideas.get(ident, {}).get("effect", {})
    if effect.get("type") not in GIVES:
        return say.value(ident)
    field, (one, many) = GIVES[effect["type"]]
    return say.ngettext(one, many, effect[field]).format(count=effect[field])


def occupant(seat) -> str:
    """Who holds an action space: a seat, or Emil blocking it (SOLOVARIANTE)."""
    return "Emil" if seat == EMIL else f"seat{seat}"


def route_line(player: dict, route_id: str, say: Saying) -> str:
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
    under = say.ngettext(", {count} slot under construction", ", {count} slots under construction",
                         blocked).format(count=blocked) if blocked else ""
    name = spec.get("name", route_id).lower() + ("*" if spec.get("status") == "provisional" else "")
    return f"  {name:<10} [{''.join(cells)}] " + say._("locos {locos}").format(locos=locos) + under


def strip_line(player: dict, track: int, say: Saying) -> str:
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
            cells.append("X" if field == blocked else say.value(kind))      # points, or "idea", "end"
        cells[-1] += "*" * sum(player["wrenches"][w] == field for w in wrenches)
    strip = say._("industry") if track == 0 else say._("upper")
    return f"  {strip:<10} " + " ".join(cells)


def strip_lines(player: dict, say: Saying) -> list[str]:
    lines = [strip_line(player, t, say) for t in range(len(STRIPS[strip_of(player)]))]
    lines[-1] += "  " + say._("(scores {points})").format(points=wrench_points(player))
    return lines


def stock_line(state: dict, say: Saying) -> list[str]:
    """AMERICAN RAILROADS: the stock board (provisional levels), dividend tiles, steelworks."""
    if "stock" not in state:
        return []
    stock = state["stock"]
    levels = " ".join(f"{i}:{stock['tiles'][i] or '-'}[{','.join(map(str, m))}]"
                      for i, m in enumerate(stock["levels"]))
    return [say._("Stock board (level:dividend[markers]): {levels}").format(levels=levels),
            say._("Dividend tiles left: {tiles}; steelworks beside stacks {steelworks}").format(
                tiles=", ".join(stock["offer"]) or "-", steelworks=", ".join(state["steelworks"]) or "-")]


ALTERNATIVE_TWO = INDUSTRY_BOARD["alternative_two"]["id"]


def stacked(tile: str, say: Saying) -> str:
    """A factory of a spot's stack: the printed one by its id (printed_N), a locomotive's
    back by its number, the alternative 2 locomotive's (`2a`) as "alternative 2" (no
    identifier the seam would find); in German by their German names."""
    said = say.value(tile)
    return "alternative 2" if said == ALTERNATIVE_TWO else said


def industry_board_line(state: dict, say: Saying) -> list[str]:
    """INDUSTRIETABLEAU (provisional layout): each spot's factories bottom to top and the
    maintenance cars beside it (seat, own/purple, ^ standing up: active)."""
    if "industry_board" not in state:
        return []
    board = state["industry_board"]
    spots = [say._("factory spot {spot} [{factories}]").format(
        spot=i + 1, factories="/".join(stacked(tile, say) for tile in stack)) + "".join(
        f" s{c['seat']}{'p' if c['kind'] == 'purple' else ''}{'^' if c['active'] else '_'}" for c in cars)
        for i, (stack, cars) in enumerate(zip(board["spots"], board["cars"]))]
    return [say._("Industry board (provisional layout): {spots}").format(spots="; ".join(spots))]


def player_block(state: dict, seat: int, viewer: int | None, say: Saying) -> list[str]:
    p = state["players"][seat]
    head = say._("Seat {seat}{you}: {points}, {free}/{workers} workers free, {temps} temporary, {coins}, "
                 "{doublers}, {keys}, engineers {engineers}{passed}").format(
        seat=seat, you=say._(" (you)") if seat == viewer else "",
        points=say.ngettext("{count} point", "{count} points", p["score"]).format(count=p["score"]),
        free=p["workers"] - p["placed"], workers=p["workers"], temps=p["temps"],
        coins=say.ngettext("{count} coin", "{count} coins", p["coins"]).format(count=p["coins"]),
        doublers=say.ngettext("{count} doubler", "{count} doublers", p["doublers"]).format(count=p["doublers"]),
        keys=say.ngettext("{count} key", "{count} keys", p["keys"]).format(count=p["keys"]),
        engineers=", ".join(map(str, p["engineers"])) or "-", passed=say._(", passed") if p["passed"] else "")
    lines = [head] + [route_line(p, r, say) for r in route_ids(p)] + strip_lines(p, say)
    lines.append("  " + say._("idea tiles left: {ideas}; next scoring would give {points}").format(
        ideas=", ".join(idea(i, IDEA_TILES, say) for i in p["ideas"]) or "-", points=sum(round_points(p).values())))
    if seat == viewer and p["end_cards"]:
        lines.append("  " + say._("your end-game cards: {cards}").format(cards=", ".join(map(say.value, p["end_cards"]))))
    return lines


def render(state: dict, seat: int | None, say: Saying | None = None) -> str:
    """The main board, every seat's player board, Emil and the reader's action pool, as
    `say` says them (None: in English)."""
    say = say or ENGLISH
    board = BOARD_NAMES[state["options"].get("board", "russia")]
    returned = state["returned"] and say._("; returned factories: {factories}").format(
        factories=" ".join(state["returned"]))
    lines = [say._("Ultimate Railroads ({board}): round {round} of {rounds}, phase {phase}").format(
                 board=board, round=min(state["round"], state["rounds"]), rounds=state["rounds"],
                 phase=say._(PHASES.get(state["phase"], state["phase"]))),
             say._("Turn order: {order}").format(order=" ".join(f"{i + 1}.seat{s}" for i, s in enumerate(state["order"]))),
             say._("Occupied: {spaces}").format(spaces="; ".join(
                 f"{say.value(k)}: {occupant(v['seat'])}" for k, v in sorted(state["spaces"].items()))
                 or say._("none")),
             say._("Engineers (6)..(1), hire: {strip}").format(strip=" ".join(str(n) if n else "_" for n in state["strip"])),
             say._("Locomotive stacks: {stacks}").format(stacks=" ".join(f"{k}x{v}" for k, v in state["stacks"].items() if v))
             + (returned or ""),
             say._("Idea cards: {cards}; doublers left {doublers}").format(
                 cards=", ".join(idea(c, IDEA_CARDS, say) for c in state["idea_cards"]) or "-", doublers=state["doubler_supply"]),
             *stock_line(state, say),
             say._("Tracks: W wood, G green, B bronze, S silver, O gold; * marks a wrench")]
    if say.speech.language == ENGLISH.speech.language:
        lines.append("In the German printing: " + ", ".join(f"{english} {german}" for english, german in TERMS))
    lines += industry_board_line(state, say) + [""]
    for s in range(state["seats"]):
        lines += player_block(state, s, seat, say) + [""]
    if state["emil"]:
        e = state["emil"]
        lines += [say._("Emil: {free}/{workers} workers free, {cards} face down, engineers {engineers}, "
                        "tiles {tiles}{passed}").format(
            free=e["workers"] - e["placed"], workers=e["workers"],
            cards=say.ngettext("{count} card", "{count} cards", len(e["deck"])).format(count=len(e["deck"])),
            engineers=", ".join(map(str, e["engineers"])) or "-", tiles=" ".join(map(say.value, e["tiles"])) or "-",
            passed=say._(", passed") if e["passed"] else ""), ""]
    if state["pool"] and state["pool"]["seat"] == seat:
        lines.append(say._("Your action pool: {items}").format(items="; ".join(
            f"#{i['id']} {say.value(i['kind'])}" + (say._(" ({count} left)").format(count=i["left"]) if "left" in i else "")
            + ("" if i["direct"] else say._(", may drop")) for i in state["pool"]["items"])))
    if seat is not None and seat in to_act(state):
        lines.append(say._("It is your turn."))
    return "\n".join(lines)
