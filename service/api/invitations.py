"""Taking a seat (issue 25): an invitation, or a quick game's seat token handed over,
accepted by a player (`POST /v1/players/me/seats`, service/api/accounts.py) or by
whoever holds it without an account (here). Either way the code dies, the seat's
earlier credentials with it, and the last seat taken deals the game."""
from __future__ import annotations

from flask import Blueprint, current_app, request

from service import feed, handover, players, replacement
from service.api import bearer
from service.api.accounts import me
from service.api.games import started
from service.store import WAITING, Store

bp = Blueprint("invitations", __name__)


@bp.post("/v1/games/<game_id>/invitations/accept")
def accept(game_id: str):
    """With a player's token the seat is bound to the player; without a token the answer
    holds the seat's new token, shown once."""
    body, conn = request.get_json(), current_app.extensions["redis"]
    if bearer() is not None:
        return answer(conn, players.accept(conn, me(), game_id, body["code"]), bound=True)
    return answer(conn, handover.take(conn, game_id, body["code"], name=body.get("name")),
                  bound=False)


@bp.post("/v1/players/me/seats")
def accept_seat():
    """A player takes the seat the body's invitation code (or a quick game's seat token
    handed over) opens: the seat is bound to the player."""
    body, conn = request.get_json(), current_app.extensions["redis"]
    return answer(conn, players.accept(conn, me(), body["game"], body["token"]), bound=True)


def answer(conn, taken: handover.Taken, bound: bool) -> dict:
    """What a taker is told, once the game's players are: the seat, its new token (none
    for a player: the player's own tokens act for it), and the game's status now."""
    record, seat = taken.record, taken.seat
    replacement.taken_over(conn, taken)
    status = Store(conn).snapshot(record.id).status
    if taken.dealt:
        started(conn, record)
    elif bound and status != WAITING:           # a running game's seat: its player is told
        feed.welcome(conn, record, seat)
    return {"game": record.id, "seat": seat, "name": record.seats[seat].name,
            "status": status, **({"token": taken.token} if taken.token else {}),
            **({"taken_over": taken.note} if taken.note else {})}
