"""Turns: submit (queued, resolved by a worker), and look one up."""
from __future__ import annotations

from flask import Blueprint, current_app, request, url_for

from service import play, problems
from service.api import loaded_game, store
from service.api.games import MAX_WAIT, seated
from service.api.waiting import waiting
from service.queues import enqueuer
from service.store import IDEMPOTENCY_TTL

bp = Blueprint("turns", __name__)


@bp.post("/v1/games/<game_id>/turns")
def submit_turn(game_id: str):
    game = loaded_game(game_id)
    turn = submitted(game, seated(game), request.get_json(), request.headers.get("Idempotency-Key"),
                     min(request.args.get("wait", 0.0, type=float), MAX_WAIT))
    location = url_for("turns.show_turn", game_id=game_id, turn_id=turn["id"])
    return public(turn), 202 if turn["status"] == "queued" else 200, {"Location": location}


def submitted(game: play.Game, seat: int, body: dict, key: str | None, wait: float) -> dict:
    """The turn queued (play.submit_turn) and, `wait` seconds at most, resolved: the
    route's work, which the seat's page's form (JavaScript off) shares. Without room to
    wait (service/api/waiting.py) the turn is queued all the same and answered at once."""
    games = store()

    def submit() -> dict:
        return play.submit_turn(games, enqueuer(current_app.extensions["redis"]),
                                game.record.id, seat, body["expected_version"], body["moves"],
                                key, game)[0]
    try:
        if not wait:
            return submit()
        with waiting(refuse=False) as room:
            return games.submit_and_wait(game.record.id, submit, wait) if room else submit()
    except play.MayBeStored as unsure:
        raise may_be_stored(game.record.id, key) from unsure


# Seconds a client is asked to wait before repeating a turn whose storing failed midway:
# the repeat is harmless with its Idempotency-Key, and one that finds the store still down
# is told how long to wait (503 unavailable, service/app.py).
UNSURE_RETRY_AFTER = 1


def may_be_stored(game_id: str, key: str | None) -> problems.Problem:
    """Issue 25: the 503 of a submission whose storing failed midway (play.MayBeStored):
    the turn may be stored, and how to repeat it without making two turns."""
    how = ("send it again with the same Idempotency-Key: it is stored and applied at most "
           "once" if key else
           f"read the game (GET /v1/games/{game_id}) before sending it again: it was sent "
           f"without an Idempotency-Key, so a second submission is a second turn (send one "
           f"with a key to repeat it safely)")
    return problems.TurnMayBeStored(
        f"the game store failed while storing this turn: it may have been stored, and if "
        f"so it will be resolved; {how}", headers={"Retry-After": str(UNSURE_RETRY_AFTER)})


@bp.post("/v1/games/<game_id>/preview")
def preview_turn(game_id: str):
    """The turn's moves tried on a copy of the game (play.preview_turn): nothing stored."""
    game = play.load_game(store(), game_id)
    body = request.get_json()
    return {"game": game.type.id} | play.preview_turn(game, seated(game), body["expected_version"],
                                                      body["moves"])


@bp.get("/v1/games/<game_id>/turns/<turn_id>")
def show_turn(game_id: str, turn_id: str):
    """Only the seat that submitted a turn sees it (a refusal lists its options). Another
    seat's turn is answered as one that does not exist: turn ids are predictable, and a
    seat must not learn that another tried a move, nor which."""
    seat = seated(play.load_game(store(), game_id))
    turn = store().turn(game_id, turn_id)
    if turn is None or turn["seat"] != seat:
        raise problems.NotFound(f"no turn {turn_id} of yours in game {game_id}: a turn is "
                                f"kept {IDEMPOTENCY_TTL // 3600} h after it was submitted; "
                                f"the game's log shows every applied move")
    return public(turn)


def public(turn: dict) -> dict:
    return {k: v for k, v in turn.items() if k != "moves"}
