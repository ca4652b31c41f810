"""Open seats and challenges over HTTP (issue 30): the games with open seats
(`GET /v1/games?open=true`), joining one (`POST /v1/games/{id}/seats/{seat}/join`),
and a player's challenges (`GET /v1/players/me/challenges`, accept, decline); the
bodies are service/lobby.py's and service/challenges.py's."""
from __future__ import annotations

from flask import Blueprint, current_app, request

from service import challenges, lobby, problems
from service.api.accounts import me
from service.api.invitations import answer
from service.games.registry import game_type, game_types

bp = Blueprint("lobby", __name__)


def conn():
    return current_app.extensions["redis"]


def refused(field: str, message: str) -> problems.Problem:
    return problems.ValidationFailed(f"{field}: {message}",
                                     errors=[{"field": field, "message": message}])


@bp.get("/v1/games")
def open_games():
    """The games with a seat open to anyone, oldest first, a page at a time: `game`
    (a game type) and `option=NAME:VALUE` (repeated) narrow them; `cursor` is the
    answer's `next`."""
    args = request.args
    if args.get("open") != "true":
        raise refused("open", "only the games with open seats are listed: ask with open=true")
    kind = args.get("game")
    if kind is not None and game_type(kind) is None:
        raise refused("game", f"a game type of this server: {', '.join(sorted(game_types()))}")
    options = lobby.option_filter(args.getlist("option"))
    if kind is not None:
        unknown = sorted(set(options) - {o.name for o in game_type(kind).options})
        if unknown:
            raise refused("option", f"{kind} has no option {unknown[0]!r}")
    cursor = args.get("cursor")
    if cursor is not None and not lobby.CURSOR.match(cursor):
        raise refused("cursor", "the `next` of an earlier page")
    limit = args.get("limit", lobby.PAGE, type=int)
    games, following = lobby.listed(conn(), kind, options, cursor, limit)
    return {"games": games, "next": following}


@bp.post("/v1/games/<game_id>/seats/<int:seat>/join")
def join(game_id: str, seat: int):
    """A player takes an open seat: bound to the account (its own tokens act for it),
    named after it; the last seat taken deals the game."""
    return answer(conn(), lobby.join(conn(), me(), game_id, seat), bound=True)


@bp.get("/v1/players/me/challenges")
def my_challenges():
    return {"challenges": challenges.pending(conn(), me()["id"])}


@bp.post("/v1/players/me/challenges/<game_id>/accept")
def accept(game_id: str):
    return answer(conn(), challenges.accept(conn(), me(), game_id), bound=True)


@bp.post("/v1/players/me/challenges/<game_id>/decline")
def decline(game_id: str):
    record, seat = challenges.decline(conn(), me()["id"], game_id)
    return {"game": record.id, "seat": seat, "status": "waiting-for-players", "open": True}
