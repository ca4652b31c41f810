"""Resigning (issue 30, service/resignation.py): the bearer's seat gives the game up and
the game's bot plays it from then on."""
from __future__ import annotations

from flask import Blueprint, current_app

from service import play, resignation
from service.api import store
from service.api.games import seated

bp = Blueprint("resign", __name__)


@bp.post("/v1/games/<game_id>/resign")
def resign(game_id: str):
    game = play.load_game(store(), game_id)
    seat = seated(game)
    game = resignation.resign(current_app.extensions["redis"], game, seat)
    snap = game.snapshot
    return {"seat": seat, "resigned": resignation.resigned(game.record), "status": snap.status,
            "version": snap.version, "to_act": snap.to_act}
