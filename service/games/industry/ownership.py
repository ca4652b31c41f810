"""Phase 3, "Ein Feld beanspruchen": the winner's ownership marker, or the joker.

"Der Gewinner einer Auktion legt einen Besitzmarker aus seinem Vorrat auf das gerade
ersteigerte Feld, mit dem „Uhr“-Symbol nach oben ... Bei einem Feld mit Joker nimmt der
Spieler nur den Joker, legt ihn offen vor sich ab und legt keinen Besitzmarker auf das
Feld. Anschließend wird der zugehörige Bereichsmarker umgedreht (verdeckt)."

A seat has 24 ownership markers (Spielmaterial) and puts one of them on the score track
(Spielvorbereitung), so 23 can go on spaces; they come back only at the end. The
rulebook does not say what happens when a seat's supply is empty. PROVISIONAL reading,
from "legt einen Besitzmarker aus seinem Vorrat" and "Man darf nur so viele Taler
bieten, wie man auch bezahlen kann": a seat with no marker left cannot win a space
that takes one, so it may not bid for it and, as auctioneer, may not claim it. If
nobody bid and the auctioneer, who "muss ... in Anspruch nehmen", has no marker left,
he takes it without a marker: the area marker is turned and the space stays unowned.
Jokers take no marker and are never limited.
"""
from __future__ import annotations

from service.games.industry.board import BOARD
from service.games.industry.events import EVENTS
from service.games.industry.flow import start_development
from service.games.industry.state import State
from service.games.speech import N_, Said


def takes_marker(space: str) -> bool:
    return not BOARD.spaces[space].get("joker")


def why_no_marker(state: State, seat: int, space: str) -> str | None:
    """A seat can only win a space it can put an ownership marker on (provisional)."""
    if takes_marker(space) and state.markers_left(seat) <= 0:
        return Said(N_("you have no ownership marker left to put on {space}"), space=space)
    return None


def award(state: State, seat: int, events: list) -> None:
    """The marker (undeveloped) or the joker; the area marker is turned face down.
    After the last available space: Phase 4."""
    space = state.auction.space
    joker = BOARD.spaces[space].get("joker")
    won = {"space": space}
    if joker:
        state.jokers[seat].append(joker)
        won["joker"] = joker
    elif why_no_marker(state, seat, space):
        won["no_marker_left"] = True
    else:
        state.owned[space] = {"seat": seat, "epoch": state.epoch, "developed": False}
    column = space[1:]
    state.face_up.remove(column)
    state.face_down.append(column)
    state.auctioned.append(space)
    state.auction = None
    events.append(EVENTS.make("won", seat, **won))
    if not state.face_up:
        start_development(state, events)
