"""What each seat sees: the board and every player's open information in "public",
the seat's own hand in "private". The deck order, the unused market tiles and the
generator stay hidden.
"""
from __future__ import annotations

from service.games.age_of_industry.flow import current_seat
from service.games.age_of_industry.state import State


def view(state: State, seat: int | None) -> dict:
    public = {
        "map": state.map, "round": state.round, "order": list(state.order),
        "to_act": current_seat(state), "actions_left": state.actions_left,
        "selling": state.selling, "repaying": list(state.repaying), "finished": state.finished,
        "players": [{"seat": s, "money": p.money, "loans": p.loans, "spent": p.spent,
                     "hand_size": len(p.hand), "display": p.display, "rails_left": p.rails_left}
                    for s, p in enumerate(state.players)],
        "deck_size": len(state.deck), "face_up": list(state.face_up), "discard": list(state.discard),
        "tiles": state.tiles, "rails": state.rails, "imports": state.imports,
        "markets": state.markets, "track": state.track,
        "unused_market_tiles": len(state.unused_market_tiles)}
    private = {} if seat is None else {"hand": sorted(state.players[seat].hand)}
    return {"public": public, "private": private}
