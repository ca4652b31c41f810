"""Player accounts over HTTP (issue 13): sign up, tokens, accepting a seat, the inbox."""
from __future__ import annotations

from flask import Blueprint, current_app, request

from service import players, problems
from service.api import bearer_player
from service.store import GameRecord, Snapshot, key, unpacked
from workers.queues import MAIL, queue

bp = Blueprint("accounts", __name__)


def conn():
    return current_app.extensions["redis"]


def me() -> dict:
    """The player whose token the bearer sent; 401 for any other (or a revoked) token."""
    player = players.load(conn(), bearer_player() or "")
    if player is None:
        raise problems.Unauthorized("send a player's token as 'Authorization: Bearer <token>' "
                                    "(unknown or revoked)")
    return player


def public(player: dict) -> dict:
    from workers.mail import consent
    return {**player, "email_confirmed": consent.confirmed(conn(), player["email"])}


@bp.post("/v1/players")
def create_player():
    """A player and its first token (shown only here). The e-mail address is asked to
    confirm (a mail with a signed link) before any game mail goes to it."""
    body = request.get_json()
    player, token = players.create(conn(), body["name"], body["email"])
    queue(conn(), MAIL).enqueue("workers.players.ask_to_confirm", player["id"],
                                job_id=f"player-confirm-{player['id']}")
    return ({**public(player), "token": token}, 201, {"Location": "/v1/players/me"})


@bp.get("/v1/players/me")
def show_me():
    return public(me())


@bp.get("/v1/players/me/tokens")
def list_tokens():
    return {"tokens": players.tokens(conn(), me()["id"]), "most": players.MAX_TOKENS}


@bp.post("/v1/players/me/tokens")
def create_token():
    body = request.get_json()
    return players.new_token(conn(), me()["id"], body.get("label", "")), 201


@bp.delete("/v1/players/me/tokens/<token_id>")
def revoke_token(token_id: str):
    if not players.revoke(conn(), me()["id"], token_id):
        raise problems.NotFound(f"the player holds no token {token_id}")
    return "", 204


@bp.post("/v1/players/me/seats")
def accept_seat():
    """Accept an invitation: the seat whose token the body carries is bound to the player."""
    body = request.get_json()
    record, seat = players.accept(conn(), me(), body["game"], body["token"])
    return {"game": record.id, "seat": seat, "name": record.seats[seat].name}


@bp.get("/v1/players/me/games")
def inbox():
    """Every game the player is seated in, in one request: whether the player is to act
    (`to_act=true` keeps only those)."""
    only_to_act = request.args.get("to_act") == "true"
    seated = players.games(conn(), me()["id"])
    pipe = conn().pipeline(transaction=False)
    for game_id, _seat in seated:
        pipe.get(key(game_id, "meta"))
        pipe.get(key(game_id, "snapshot"))
    stored = pipe.execute()
    out = []
    for (game_id, seat), meta, snap in zip(seated, stored[::2], stored[1::2]):
        if meta is None or snap is None:
            continue                               # a game deleted since
        record, snapshot = GameRecord.from_stored(meta), Snapshot(**unpacked(snap))
        acting = snapshot.status == "active" and seat in snapshot.to_act
        if acting or not only_to_act:
            out.append({"id": game_id, "game": record.game, "seat": seat,
                        "players": [s.name for s in record.seats], "status": snapshot.status,
                        "version": snapshot.version, "to_act": acting,
                        "seats_to_act": snapshot.to_act})
    out.sort(key=lambda g: (not g["to_act"], g["id"]))
    return {"games": out}

