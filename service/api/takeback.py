"""Take-back by consent (issue 30, service/takeback.py): the bearer's seat asks to take
back its last turn, or accepts or refuses another seat's request; anyone may look at
the request that waits."""
from __future__ import annotations

from flask import Blueprint, current_app

from service import play, takeback
from service.api import store
from service.api.games import seated

bp = Blueprint("takeback", __name__)


def answered(shown: dict):
    """200 once applied or refused, 202 while the request waits for consent."""
    return shown, 202 if shown["status"] == "pending" else 200


@bp.post("/v1/games/<game_id>/takeback")
def request_take_back(game_id: str):
    game = play.load_game(store(), game_id)
    return answered(takeback.request(current_app.extensions["redis"], game, seated(game)))


@bp.post("/v1/games/<game_id>/takeback/accept")
def accept_take_back(game_id: str):
    game = play.load_game(store(), game_id)
    return answered(takeback.answer(current_app.extensions["redis"], game, seated(game), True))


@bp.post("/v1/games/<game_id>/takeback/refuse")
def refuse_take_back(game_id: str):
    game = play.load_game(store(), game_id)
    return answered(takeback.answer(current_app.extensions["redis"], game, seated(game), False))


@bp.get("/v1/games/<game_id>/takeback")
def waiting_take_back(game_id: str):
    game = play.load_game(store(), game_id)
    asked = takeback.pending(store(), game)
    return {"pending": takeback.shown(game, asked, "pending") if asked else None}
