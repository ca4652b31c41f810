"""Player accounts over HTTP (issue 13): sign up, tokens, the inbox (a seat is taken in
service/api/invitations.py)."""
from __future__ import annotations

from flask import Blueprint, current_app, request

from service import feed, players, problems
from service.api import InsufficientScope, bearer_player, holder
from service.mail import consent
from service.queues import MAIL, queue

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
    return {"language": "en", **player, "email_confirmed": consent.confirmed(conn(), player["email"])}


@bp.post("/v1/players")
def create_player():
    """A player and its first token (shown only here). The e-mail address is asked to
    confirm (a mail with a signed link) before any game mail goes to it."""
    body = request.get_json()
    player, token = players.create(conn(), body["name"], body["email"], body.get("language", "en"))
    queue(conn(), MAIL).enqueue("workers.players.ask_to_confirm", player["id"],
                                job_id=f"player-confirm-{player['id']}")
    return ({**public(player), "token": token}, 201, {"Location": "/v1/players/me"})


@bp.get("/v1/players/me")
def show_me():
    return public(me())


@bp.patch("/v1/players/me")
def change_me():
    """The player's settings: `language`, the one its seats read unless a seat chose
    its own (issue 31); the contract allows only `en` and `de`."""
    player = players.change_language(conn(), me()["id"], request.get_json()["language"])
    return public(player)


@bp.get("/v1/players/me/tokens")
def list_tokens():
    return {"tokens": players.tokens(conn(), me()["id"]), "most": players.MAX_TOKENS}


@bp.post("/v1/players/me/tokens")
def create_token():
    """A token of the scopes asked (default: the bearer's own), never wider than the
    bearer's (issue 29)."""
    player, body = me(), request.get_json()
    mine = holder().scopes
    scopes = body.get("scopes", mine)
    wider = [s for s in scopes if s not in mine]
    if wider:
        raise InsufficientScope(
            f"scopes: this token has {', '.join(mine)}; it cannot make a token with "
            f"{', '.join(wider)}", scope=wider[0],
            errors=[{"field": "scopes", "message": f"at most {', '.join(mine)}"}])
    return players.new_token(conn(), player["id"], body.get("label", ""), scopes), 201


@bp.delete("/v1/players/me/tokens/<token_id>")
def revoke_token(token_id: str):
    player_id = me()["id"]
    if not players.revoke(conn(), player_id, token_id):
        raise problems.NotFound(f"the player holds no token {token_id}")
    feed.revoked(conn(), player_id, token_id)
    return "", 204




@bp.get("/v1/players/me/games")
def inbox():
    """Every game the player is seated in, in one request: whether the player is to act
    (`to_act=true` keeps only those)."""
    return {"games": players.inbox(conn(), me()["id"], request.args.get("to_act") == "true")}
