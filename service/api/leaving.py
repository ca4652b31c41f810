"""Leaving a game, but for resigning (issue 30): a seat handed to a replacement or to the
bot (service/replacement.py), and the vote to end a game (service/end_votes.py)."""
from __future__ import annotations

from flask import Blueprint, current_app, request

from service import end_votes, play, problems, replacement, seating
from service.api import bearer, seat_of, store
from service.api.games import seated, shown_seat

bp = Blueprint("leaving", __name__)


def as_admin(game: play.Game, seat: int) -> None:
    """The bearer is the game's admin and the seat missed N deadlines: else 401 (an
    unknown token), 403 (not the admin), 409 (too few missed)."""
    if not seating.is_admin(game.record, bearer()):
        seat_of(game.record)                        # 401 for an unknown token
        raise problems.Forbidden("only the seat's holder, or the game's admin token once the "
                                 "seat missed its deadlines, may hand it on")
    replacement.check_seat(game, seat)
    replacement.may_hand_on(current_app.extensions["redis"], game, seat)


@bp.post("/v1/games/<game_id>/seats/<int:seat>/replacement")
def replace(game_id: str, seat: int):
    """A replacement invitation for the seat: by its holder at any time, by the game's
    admin once the seat missed N deadlines."""
    game = play.load_game(store(), game_id)
    if seating.is_admin(game.record, bearer()) or seat_of(game.record) != seat:
        as_admin(game, seat)
    code = replacement.invite(current_app.extensions["redis"], game, seat)
    return {"game": game_id, "seat": seat, "name": game.record.seats[seat].name,
            **shown_seat(game.record, seat, {"invitation": code})}, 201


@bp.post("/v1/games/<game_id>/seats/<int:seat>/bot")
def to_bot(game_id: str, seat: int):
    """The admin gives the seat to the game's bot, once it missed N deadlines."""
    game = play.load_game(store(), game_id)
    as_admin(game, seat)
    game = replacement.to_bot(current_app.extensions["redis"], game, seat)
    snap = game.snapshot
    return {"seat": seat, "bot": True, "status": snap.status, "version": snap.version,
            "to_act": snap.to_act}


@bp.get("/v1/games/<game_id>/missed-deadlines")
def missed_deadlines(game_id: str):
    """How many deadlines each seat missed, and after how many its admin may hand it on."""
    game = play.load_game(store(), game_id)
    return {"missed": replacement.missed(current_app.extensions["redis"], game.record),
            "admin_after_missed": replacement.limit(game.record)}


@bp.get("/v1/games/<game_id>/end-votes")
def end_vote(game_id: str):
    """The game's open proposal to end it, if any."""
    game = play.load_game(store(), game_id)
    return answer(game, end_votes.open_proposal(current_app.extensions["redis"], game))


@bp.post("/v1/games/<game_id>/end-votes")
def vote(game_id: str):
    """The bearer's seat votes `end` (proposes, or agrees to the open proposal) or
    `refuse` (withdraws the proposal)."""
    game = play.load_game(store(), game_id)
    seat = seated(game)
    done = end_votes.vote(current_app.extensions["redis"], game, seat,
                          request.get_json()["vote"] == "end")
    game.snapshot = done.snapshot
    return answer(game, done.proposal) | {"outcome": done.kind}


def answer(game: play.Game, proposal: dict | None) -> dict:
    snap = game.snapshot
    return {"game": game.record.id, "status": snap.status, "version": snap.version,
            "result": snap.result, "end_vote": end_votes.shown(game.record, proposal)}
