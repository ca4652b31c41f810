"""The plain-text board and a seat's situation, as the e-mails show them."""
from __future__ import annotations

from service.games.industry.board import BOARD
from service.games.industry.develop import build_cost
from service.games.industry.markers import available_spaces
from service.games.industry.names import TERMS
from service.games.industry.notation import format
from service.games.industry.schema import BONUS_NETWORK, COLUMNS, EPOCHS
from service.games.industry.state import State

OWNERS = "abcd"                      # a seat's mark on the grid, keyed by name under it


def cell(state: State, space: str) -> str:
    if space in state.owned:
        mark = state.owned[space]
        return f"{OWNERS[mark['seat']]}{'#' if mark['developed'] else '~'}"
    if space in available_spaces(state):
        return "**"
    if BOARD.spaces[space]["kind"] == "joker" and space not in state.auctioned:
        return "J "
    return ".."


def describe(space: str) -> str:
    data = BOARD.spaces[space]
    if data["kind"] == "joker":
        return f"{space} joker {data['joker']}"
    parts = [space, data["kind"], data["name"]]
    if data["kind"] != "technology":
        parts.append(f"cost {data['cost']}")
    parts.append("needs " + (",".join(data["needs"]) or "-"))
    if data.get("produces"):
        parts.append(f"makes {data['produces']}")
    if data["kind"] == "bonus":
        parts.append(f"{data['vp_per_factory']} VP per own factory on its {BONUS_NETWORK[data['bonus']]} at the end")
    elif data.get("vp"):
        parts.append(f"{data['vp']} VP")
    if data.get("special"):
        parts.append("build costs -1")
    return "  ".join(parts)


def grid(state: State) -> list[str]:
    lines = ["     " + " ".join(f"{c:>2}" for c in COLUMNS)]
    for epoch in range(1, EPOCHS + 1):
        marker = ">" if epoch == state.epoch else " "
        lines.append(f"{marker} {epoch}  " + " ".join(cell(state, f"{epoch}{c}") for c in COLUMNS))
    owners = ", ".join(f"{OWNERS[s]} = seat {s}" for s in range(state.seats))
    return lines + ["legend: ** available now, J joker on board, .. free; x~ owned undeveloped, "
                    f"x# owned developed, owners: {owners}"]


def seat_line(state: State, seat: int) -> str:
    jokers = ",".join(state.jokers[seat]) or "-"
    return (f"seat {seat}: {state.money[seat]} Taler, {state.vp[seat]} VP, jokers {jokers}, "
            f"{state.markers_left(seat)} ownership markers left"
            f"{', subsidy taken' if state.subsidy[seat] else ''}")


def situation(state: State, to_act: list[int]) -> list[str]:
    if state.phase == "over":
        scores = state.final["scores"]
        return ["game over, ranking: " + ", ".join(f"seat {s} {scores[s]} VP" for group in state.final["ranking"]
                                                   for s in group)]
    lines = [f"epoch {state.epoch}, round {state.round}, start player seat {state.start_player}, "
             f"phase {state.phase}"]
    if state.phase == "auction":
        lines.append(f"auctioneer: seat {state.auctioneer}")
    if state.auction:
        high = (f"high bid {state.auction.high_bid} by seat {state.auction.high_bidder}"
                if state.auction.high_bidder is not None else "no bid yet")
        lines.append(f"on auction: {describe(state.auction.space)}; {high}")
    lines.append(f"to act: seat {to_act[0]}")
    return lines


def move_list(moves: list[dict]) -> list[str]:
    """The moves in notation, the bids shortened to one line ("bid 1 to 9")."""
    bids = [m["amount"] for m in moves if m["action"] == "bid"]
    texts = [format(m) for m in moves if m["action"] != "bid"]
    if len(bids) > 2:
        return [f"bid {bids[0]} to {bids[-1]}"] + texts
    return [f"bid {amount}" for amount in bids] + texts


def render_text(state: State, seat: int | None, to_act: list[int], moves: list[dict]) -> str:
    title = "INDUSTRY" + (" (PROVISIONAL board, not the printed one)" if BOARD.provisional else "")
    lines = [title, ""] + grid(state) + [""]
    lines.append(f"area markers face up {''.join(state.face_up) or '-'}, "
                 f"auctioned {''.join(sorted(state.face_down)) or '-'}, in the bag {''.join(state.bag) or '-'}")
    lines += situation(state, to_act) + [""]
    lines += [seat_line(state, other) for other in range(state.seats)]
    lines += ["", "In the German printing: " + ", ".join(f"{english} {german}" for english, german in TERMS)]
    if state.phase != "over":
        lines += ["", "available spaces:"] + [f"  {describe(s)}" for s in available_spaces(state)]
    if seat is not None:
        mine = state.owned_by(seat)
        lines += ["", "your spaces:"] + [
            f"  {describe(s)}  [{'developed' if state.owned[s]['developed'] else 'undeveloped, build cost now ' + str(build_cost(state, seat, s))}]"
            for s in mine] + ([] if mine else ["  none"])
        if moves:
            lines += ["", "your moves:"] + [f"  {text}" for text in move_list(moves)]
    return "\n".join(lines) + "\n"
