"""Talk at the table (issue 30): messages to the whole table or whispers to one seat,
and the seats a seat mutes (service/messages.py). Not moves: no version changes."""
from __future__ import annotations

from flask import Blueprint, current_app, request

from service import messages, play
from service.api import seat_of, store
from service.api.games import seated

bp = Blueprint("messages", __name__)


@bp.post("/v1/games/<game_id>/messages")
def say(game_id: str):
    game = play.load_game(store(), game_id)
    body = request.get_json()
    return messages.say(current_app.extensions["redis"], game.record, game.snapshot,
                        seated(game), body["text"], body.get("to")), 201


@bp.get("/v1/games/<game_id>/messages")
def read(game_id: str):
    """The messages the caller reads (a spectator: the table's), oldest first, after
    the id `after`; `more` when another page follows (ask after the last id shown)."""
    game = play.load_game(store(), game_id)
    found, more = messages.read(current_app.extensions["redis"], game_id, seat_of(game.record),
                                request.args.get("after", "0-0"),
                                request.args.get("limit", messages.PAGE, type=int))
    return {"messages": found, "more": more}


@bp.put("/v1/games/<game_id>/mutes")
def mute(game_id: str):
    """The seats whose messages the caller's seat does not want (the whole list)."""
    game = play.load_game(store(), game_id)
    return {"seats": messages.set_muted(current_app.extensions["redis"], game.record,
                                        seated(game), request.get_json()["seats"])}
