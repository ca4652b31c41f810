"""HTTP blueprints, one per URL area: thin views over service.play."""
from __future__ import annotations

from flask import current_app, request

from service import play, problems, seating
from service.credentials import bearer, read_game, token_holder as holder
from service.page_session import api_seat, cookie_session, resigned_since, signed_in
from service.store import GameRecord, Store


ACCOUNT_PATHS = ("/v1/players/me/tokens", "/v1/players/me/webhooks")
InsufficientScope = problems.problem(403, "insufficient-scope",
                                     "The token's scopes do not allow this")


def store() -> Store:
    return Store(current_app.extensions["redis"])


def loaded_game(game_id: str) -> play.Game:
    """The route's game: as the request's credential check read it (one read a request,
    issue 32), else read now."""
    record, snapshot = read_game(game_id)
    return play.load_game(store(), game_id, record, snapshot)


def bearer_player() -> str | None:
    """The player whose personal token the bearer sent (service/players.py), else None."""
    found = holder()
    return found.player if found else None


def needed_scope(method: str, path: str) -> str:
    """The scope a player's token needs for the request (issue 29): `account` for its
    tokens, webhooks and settings (its language, issue 31), `read` to read, `play` for the rest (turns, previews, seats,
    games)."""
    if path.startswith(ACCOUNT_PATHS) or (method == "PATCH" and path == "/v1/players/me"):
        return "account"
    return "read" if method in ("GET", "HEAD") else "play"


def check_scope() -> None:
    """A player's token acts within its scopes: 403 naming the scope it lacks."""
    found = holder()
    need = needed_scope(request.method, request.path)
    if found is not None and need not in found.scopes:
        raise InsufficientScope(
            f"{request.method} {request.path} needs the scope {need!r}; this token has "
            f"{', '.join(found.scopes)}", scope=need,
            errors=[{"field": "Authorization", "message": f"the token lacks the scope {need!r}"}])


def seat_of(record: GameRecord) -> int | None:
    """The bearer's seat in the game: by the seat's token, or by the token of the player
    bound to it; without a token, the seat the page session holds (page_session.api_seat:
    a browser on its seat's page); None for a spectator (no token, or a player without a
    seat here). 401 for a token, or a session, of a seat that has changed hands since
    (service/seating.py: every door asks there)."""
    token = bearer()
    if token is None:
        return api_seat(record)
    return seating.holder(record, token, bearer_player())


def resigned_from(record: GameRecord) -> int | None:
    """The seat the bearer (its token, or without one its page session) held until its
    player resigned it: a spectator's credential now (service/seating.py); else None."""
    token = bearer()
    if token is None:
        data = cookie_session()
        return signed_in(data, record)[0] if resigned_since(data, record) else None
    return seating.resigned_from(record, token, bearer_player())
