"""The plain-text board and a seat's situation, as the e-mails show them."""
from __future__ import annotations

from service.games.events import Saying
from service.games.industry.board import BOARD
from service.games.industry.develop import build_cost
from service.games.industry.markers import available_spaces
from service.games.industry.names import TERMS
from service.games.industry.notation import format
from service.games.industry.schema import BONUS_NETWORK, COLUMNS, EPOCHS
from service.games.industry.state import State
from service.games.speech import N_

OWNERS = "abcd"                      # a seat's mark on the grid, keyed by name under it
# in English the board writes identifiers, which the presentation seam names
ENGLISH = Saying(lambda ident: ident)
# the plain words of the board's identifiers (a space's kind, a bonus space's network, a
# phase), catalogue messages that Saying.value says in the reader's language
PLAIN_WORDS = (N_("factory"), N_("technology"), N_("bonus"), N_("river"), N_("rail"), N_("pipe"),
               N_("power line"), N_("development"))


def cell(state: State, space: str) -> str:
    if space in state.owned:
        mark = state.owned[space]
        return f"{OWNERS[mark['seat']]}{'#' if mark['developed'] else '~'}"
    if space in available_spaces(state):
        return "**"
    if BOARD.spaces[space]["kind"] == "joker" and space not in state.auctioned:
        return "J "
    return ".."


def describe(space: str, say: Saying) -> str:
    data = BOARD.spaces[space]
    if data["kind"] == "joker":
        return say._("{space} joker {resource}").format(space=space, resource=say.value(data["joker"]))
    parts = [space, say.value(data["kind"]), say.value(data["name"])]
    if data["kind"] != "technology":
        parts.append(say._("cost {cost}").format(cost=data["cost"]))
    parts.append(say._("needs {resources}").format(resources=",".join(map(say.value, data["needs"])) or "-"))
    if data.get("produces"):
        parts.append(say._("makes {resource}").format(resource=say.value(data["produces"])))
    if data["kind"] == "bonus":
        parts.append(say._("{vp} VP per own factory on its {network} at the end").format(
            vp=data["vp_per_factory"], network=say.value(BONUS_NETWORK[data["bonus"]])))
    elif data.get("vp"):
        parts.append(say._("{points} VP").format(points=data["vp"]))
    if data.get("special"):
        parts.append(say._("build costs -1"))
    return "  ".join(parts)


def grid(state: State, say: Saying) -> list[str]:
    lines = ["     " + " ".join(f"{c:>2}" for c in COLUMNS)]
    for epoch in range(1, EPOCHS + 1):
        marker = ">" if epoch == state.epoch else " "
        lines.append(f"{marker} {epoch}  " + " ".join(cell(state, f"{epoch}{c}") for c in COLUMNS))
    owners = ", ".join(f"{OWNERS[s]} = seat {s}" for s in range(state.seats))
    return lines + [say._("legend: ** available now, J joker on board, .. free; x~ owned undeveloped, "
                          "x# owned developed, owners: {owners}").format(owners=owners)]


def seat_line(state: State, seat: int, say: Saying) -> str:
    jokers = ",".join(map(say.value, state.jokers[seat])) or "-"
    return (say._("seat {seat}: {money} Taler, {vp} VP, jokers {jokers}, {markers} ownership markers left, "
                  "subsidy taken") if state.subsidy[seat] else
            say._("seat {seat}: {money} Taler, {vp} VP, jokers {jokers}, {markers} ownership markers left")).format(
        seat=seat, money=state.money[seat], vp=state.vp[seat], jokers=jokers, markers=state.markers_left(seat))


def situation(state: State, to_act: list[int], say: Saying) -> list[str]:
    if state.phase == "over":
        scores = state.final["scores"]
        return [say._("game over, ranking: {ranking}").format(ranking=", ".join(
            f"seat {s} {scores[s]} VP" for group in state.final["ranking"] for s in group))]
    lines = [say._("epoch {epoch}, round {round}, start player seat {seat}, phase {phase}").format(
        epoch=state.epoch, round=state.round, seat=state.start_player, phase=say.value(state.phase))]
    if state.phase == "auction":
        lines.append(say._("auctioneer: seat {seat}").format(seat=state.auctioneer))
    if state.auction:
        high = (say._("high bid {amount} by seat {seat}").format(amount=state.auction.high_bid,
                                                                 seat=state.auction.high_bidder)
                if state.auction.high_bidder is not None else say._("no bid yet"))
        lines.append(say._("on auction: {space}; {high}").format(space=describe(state.auction.space, say), high=high))
    lines.append(say._("to act: seat {seat}").format(seat=to_act[0]))
    return lines


def move_list(moves: list[dict]) -> list[str]:
    """The moves in notation, the bids shortened to one line ("bid 1 to 9")."""
    bids = [m["amount"] for m in moves if m["action"] == "bid"]
    texts = [format(m) for m in moves if m["action"] != "bid"]
    if len(bids) > 2:
        return [f"bid {bids[0]} to {bids[-1]}"] + texts
    return [f"bid {amount}" for amount in bids] + texts


def own_space(state: State, seat: int, space: str, say: Saying) -> str:
    state_now = (say._("developed") if state.owned[space]["developed"] else
                 say._("undeveloped, build cost now {cost}").format(cost=build_cost(state, seat, space)))
    return f"  {describe(space, say)}  [{state_now}]"


def render_text(state: State, seat: int | None, to_act: list[int], moves: list[dict],
                say: Saying | None = None) -> str:
    """The grid, the seats and the available spaces, the seat's own spaces and moves, as
    `say` says them (None: in English)."""
    say = say or ENGLISH
    title = say._("INDUSTRY (PROVISIONAL board, not the printed one)") if BOARD.provisional else "INDUSTRY"
    lines = [title, ""] + grid(state, say) + [""]
    lines.append(say._("area markers face up {face_up}, auctioned {auctioned}, in the bag {bag}").format(
        face_up="".join(state.face_up) or "-", auctioned="".join(sorted(state.face_down)) or "-",
        bag="".join(state.bag) or "-"))
    lines += situation(state, to_act, say) + [""]
    lines += [seat_line(state, other, say) for other in range(state.seats)]
    if say.speech.language == ENGLISH.speech.language:
        lines += ["", "In the German printing: " + ", ".join(f"{english} {german}" for english, german in TERMS)]
    if state.phase != "over":
        lines += ["", say._("available spaces:")] + [f"  {describe(s, say)}" for s in available_spaces(state)]
    if seat is not None:
        mine = state.owned_by(seat)
        lines += ["", say._("your spaces:")] + [own_space(state, seat, s, say) for s in mine] + (
            [] if mine else ["  " + say._("none")])
        if moves:
            lines += ["", say._("your moves:")] + [f"  {text}" for text in move_list(moves)]
    return "\n".join(lines) + "\n"
