"""AKTION: VERKAUFEN: flip your cotton mills one after another, each through an
unflipped port connected to it (the port flips too) or through a distant market
(a cotton merchant tile moves the marker; on the X the whole action ends).
After each sale the seat may sell another mill or stop (a pending decision)."""
from __future__ import annotations

from service.games.base import IllegalMove
from service.games.speech import N_, Said

from .cards import hand_faces, play_cards, why_not_cards
from .data import COTTON_TRACK, COTTON_X
from .events import EVENTS
from .income import advance_income, flip
from .network import adjacency, distances, reaches_distant_market
from .state import State, tile_at, tile_refs

RULE = "AKTION: VERKAUFEN"
DISTANT = "distant"


def sales(state: State, seat: int) -> list[tuple[str, str]]:
    """Every (mill, via) the seat may sell now."""
    adj = adjacency(state)
    distant_open = state.cotton_marker < COTTON_X and bool(state.cotton_face_down)
    ports = [(ref, loc) for ref, loc, t in tile_refs(state) if t["industry"] == "port" and not t["flipped"]]
    out = []
    for ref, location, tile in tile_refs(state):
        if tile["owner"] != seat or tile["industry"] != "cotton_mill" or tile["flipped"]:
            continue
        dist = distances(adj, [location])
        if distant_open and reaches_distant_market(state, dist):
            out.append((ref, DISTANT))
        out += [(ref, port) for port, port_town in ports if port_town in dist]
    return out


def why_not_sale(state: State, seat: int, mill, via) -> str | None:
    if (mill, via) in sales(state, seat):
        return None
    tile = tile_at(state, mill) if isinstance(mill, str) else None
    if tile is None or tile["owner"] != seat or tile["industry"] != "cotton_mill" or tile["flipped"]:
        return Said(N_("{mill!r} is not one of your unflipped cotton mills"), mill=mill)
    if via == DISTANT:
        if state.cotton_marker >= COTTON_X:
            return Said(N_("the cotton marker stands on the X: no more sales to a distant market"))
        return Said(N_("{mill} is not connected to a distant market (board edge or port tile)"), mill=mill)
    return Said(N_("{via!r} is not an unflipped port connected to {mill}"), via=via, mill=mill)


def why_not_sell(state: State, seat: int, move: dict) -> str | None:
    return (why_not_cards(state, seat, [move.get("card")])
            or why_not_sale(state, seat, move.get("mill"), move.get("via")))


def sell_moves(state: State, seat: int) -> list[dict]:
    options = sales(state, seat)
    return [{"action": "sell", "card": face, "mill": mill, "via": via}
            for face in hand_faces(state, seat) for mill, via in options]


def more_sale_moves(state: State, seat: int) -> list[dict]:
    return [{"action": "sell", "mill": mill, "via": via} for mill, via in sales(state, seat)] + [
        {"action": "done"}]


def sell_one(state: State, seat: int, mill: str, via: str) -> list[dict]:
    """Steps 2-3 for one mill; pushes the choice to sell another when one is left."""
    if state.pending and state.pending[-1]["kind"] == "sell":
        state.pending.pop()
    if via == DISTANT:
        value = state.cotton_face_down.pop()
        state.cotton_revealed.append(value)
        state.cotton_marker = min(COTTON_X, state.cotton_marker - value)
        if state.cotton_marker == COTTON_X:
            return [EVENTS.make("sale_fails", seat, tile=value)]
        advance_income(state, seat, COTTON_TRACK[state.cotton_marker])
        event = EVENTS.make("sell", seat, mill=mill, via=via, tile=value)
    else:
        flip(state, tile_at(state, via))
        event = EVENTS.make("sell", seat, mill=mill, via=via)
    flip(state, tile_at(state, mill))
    if sales(state, seat):
        state.pending.append({"kind": "sell", "seat": seat})
    return [event]


def apply_sell(state: State, seat: int, move: dict) -> list[dict]:
    if "card" in move and state.pending:
        raise IllegalMove(Said(N_("a further sale of the same action plays no card")), rule=RULE,
                          field="card", options=more_sale_moves(state, seat))
    if state.pending:
        if reason := why_not_sale(state, seat, move.get("mill"), move.get("via")):
            raise IllegalMove(reason, rule=RULE, field="mill", options=more_sale_moves(state, seat))
    elif reason := why_not_sell(state, seat, move):
        raise IllegalMove(reason, rule=RULE, field="mill", options=sell_moves(state, seat)[:50])
    else:
        play_cards(state, seat, [move["card"]])
    return sell_one(state, seat, move["mill"], move["via"])


def apply_done(state: State, seat: int, move: dict) -> list[dict]:
    state.pending.pop()
    return [EVENTS.make("stop_selling", seat)]
