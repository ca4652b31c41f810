"""A player's finished games and their summary, and the rematch of a finished game
(issue 30, "History"; service/history.py)."""
from __future__ import annotations

from flask import Blueprint, current_app, url_for

from service import history, play, players, problems, seating
from service.api import bearer_player, store
from service.api.games import seated, shown_seat, started

bp = Blueprint("history", __name__)


@bp.get("/v1/players/<player_id>/games")
def finished_games(player_id: str):
    """Anyone may read a player's finished games (their results are public, as the
    games are); `status=finished` is the only status listed here (a player's running
    games are its inbox, GET /v1/players/me/games)."""
    conn = current_app.extensions["redis"]
    if players.load(conn, player_id) is None:
        raise problems.NotFound(f"no player {player_id}")
    games = history.finished_games(conn, player_id)
    return {"player": player_id, "games": games, "summary": history.summary(games)}


@bp.post("/v1/games/<game_id>/rematch")
def rematch(game_id: str):
    """A seat of a finished game asks for the rematch: the new game waits for its
    invitations (each seat's in the answer, a player's on its own stream too)."""
    game = play.load_game(store(), game_id)
    seat = seated(game)
    conn = current_app.extensions["redis"]
    record, shown, admin = history.rematch(conn, game, seat, bearer_player())
    if not seating.open_seats(record):          # the caller and bots alone: dealt at once
        started(conn, record)
    seats = [{"seat": i, "name": s.name, **shown_seat(record, i, credential)}
             for i, (s, credential) in enumerate(zip(record.seats, shown))]
    return ({"id": record.id, "game": record.game, "rematch_of": game_id, "version": 0,
             "options": record.options, "status": store().snapshot(record.id).status,
             "seats": seats, "admin_token": admin}, 201,
            {"Location": url_for("games.show_game", game_id=record.id)})
