"""Webhooks over HTTP (issue 13; service/webhooks.py): a player's, with its token, under
/v1/players/me/webhooks, and a game's, with the game's admin token, under
/v1/games/{id}/webhooks; each with its delivery log, enabled again (or disabled) by
its owner (issue 29)."""
from __future__ import annotations

from flask import Blueprint, current_app, request

from service import feed, play, problems, seating, webhooks
from service.api import bearer, store
from service.api.accounts import me

bp = Blueprint("webhooks", __name__)
PLAYER, GAME = "/v1/players/me/webhooks", "/v1/games/<game_id>/webhooks"


def owner(game_id: str | None) -> str:
    """Whose webhooks these are: the game's (its admin token) or the bearer player's."""
    if game_id is None:
        return f"player:{me()['id']}"
    game = play.load_game(store(), game_id)
    if not seating.is_admin(game.record, bearer()):
        raise problems.Unauthorized("a game's webhooks take the game's admin token")
    return f"game:{game_id}"


def owned_hook(game_id: str | None, webhook_id: str) -> tuple[str, dict]:
    who, conn = owner(game_id), current_app.extensions["redis"]
    hook = webhooks.load(conn, webhook_id)
    if hook is None or hook["owner"] != who:
        raise problems.NotFound(f"no webhook {webhook_id} here")
    return who, hook


@bp.post(PLAYER)
@bp.post(GAME)
def create_webhook(game_id: str | None = None):
    body, conn = request.get_json(), current_app.extensions["redis"]
    hook = webhooks.create(conn, owner(game_id), body["url"], body.get("events"))
    if game_id is not None:
        feed.catch_up(conn, game_id)        # told from now on, not the game's past
    return {**webhooks.public(hook), "secret": hook["secret"]}, 201


@bp.get(PLAYER)
@bp.get(GAME)
def list_webhooks(game_id: str | None = None):
    conn = current_app.extensions["redis"]
    return {"webhooks": [webhooks.public(h) for h in webhooks.owned(conn, owner(game_id))],
            "most": webhooks.MAX_PER_OWNER}


@bp.delete(PLAYER + "/<webhook_id>")
@bp.delete(GAME + "/<webhook_id>")
def delete_webhook(webhook_id: str, game_id: str | None = None):
    who, _hook = owned_hook(game_id, webhook_id)
    webhooks.delete(current_app.extensions["redis"], who, webhook_id)
    return "", 204


@bp.patch(PLAYER + "/<webhook_id>")
@bp.patch(GAME + "/<webhook_id>")
def change_webhook(webhook_id: str, game_id: str | None = None):
    """`enabled: true` enables it again and redelivers what it missed meanwhile;
    `enabled: false` disables it (what it is told meanwhile kept)."""
    owned_hook(game_id, webhook_id)
    hook = webhooks.set_enabled(current_app.extensions["redis"], webhook_id,
                                request.get_json()["enabled"])
    return webhooks.public(hook)


@bp.get(PLAYER + "/<webhook_id>/deliveries")
@bp.get(GAME + "/<webhook_id>/deliveries")
def webhook_deliveries(webhook_id: str, game_id: str | None = None):
    _who, hook = owned_hook(game_id, webhook_id)
    conn = current_app.extensions["redis"]
    return {"webhook": webhooks.public(hook), "deliveries": webhooks.deliveries(conn, webhook_id),
            "missed": webhooks.missed(conn, webhook_id)}
