"""Turns: submit (queued, resolved by a worker), and look one up."""
from __future__ import annotations

from flask import Blueprint, current_app, request, url_for

from service import play, problems
from service.api import store
from service.api.games import MAX_WAIT, seated
from workers.queues import enqueuer

bp = Blueprint("turns", __name__)


@bp.post("/v1/games/<game_id>/turns")
def submit_turn(game_id: str):
    game = play.load_game(store(), game_id)
    seat = seated(game)
    body = request.get_json()
    turn, _created = play.submit_turn(
        store(), enqueuer(current_app.extensions["redis"]), game_id, seat,
        body["expected_version"], body["moves"], request.headers.get("Idempotency-Key"), game)
    wait = min(request.args.get("wait", 0.0, type=float), MAX_WAIT)
    if wait and turn["status"] == "queued":
        turn = store().wait_resolved(game_id, turn["id"], wait)
    location = url_for("turns.show_turn", game_id=game_id, turn_id=turn["id"])
    return public(turn), 202 if turn["status"] == "queued" else 200, {"Location": location}


@bp.get("/v1/games/<game_id>/turns/<turn_id>")
def show_turn(game_id: str, turn_id: str):
    """Only the seat that submitted a turn sees it (a refusal lists its options)."""
    seat = seated(play.load_game(store(), game_id))
    turn = store().turn(game_id, turn_id)
    if turn is None:
        raise problems.NotFound(f"no turn {turn_id} in game {game_id}")
    if turn["seat"] != seat:
        raise problems.Forbidden(f"turn {turn_id} is another seat's")
    return public(turn)


def public(turn: dict) -> dict:
    return {k: v for k, v in turn.items() if k != "moves"}
