"""Whose request this is, for the rate limits (issue 25, point 2): the holder that the
credential a request carries proves, checked before the request is counted, so a limit
is counted per credential and a wrong token gets no count of its own.

A holder is named by what the credential proves, not by the secret:

  seat:GAME:SEAT   a seat's bearer token on its own game's routes, or a page session
                   signed in to that seat (on a POST only with the session's CSRF token),
                   or a seat link (`/games/GAME/enter/SIGNED`) being opened
  admin:GAME       the game's admin token on its own game's routes
  player:ID        a player's token, whichever of the player's tokens it is (a player
                   mints and revokes tokens at will: a count per token could be renewed)
  api-key:NAME     an API key that is issued and not revoked

A seat's or admin's token is checked only against the game the route names (one read
of the game's meta); a player's token and an API key by their hash (one read each, told
apart by their prefixes). A request with no credential costs nothing here; the answer is
kept for the request (flask.g). The bearer token is read here (`bearer`) for the API's
routes too, and the page session through service/page_session.py, as the API reads it.
The holder's language answers a request that names none (`chosen_language`)."""
from __future__ import annotations

from flask import current_app, g, request

from service import api_keys, i18n, page_session, players, problems, seat_links, seating
from service.store import GameRecord, Snapshot, Store


def bearer() -> str | None:
    """The token of the Authorization header's Bearer scheme, None without one."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def holder() -> str | None:
    """The holder the request's credential proves; None without one, or for a credential
    that is wrong, revoked, or another game's."""
    if "credential_holder" not in g:
        g.credential_holder = checked()
    return g.credential_holder


def checked() -> str | None:
    args = request.view_args or {}
    game_id, token = args.get("game_id"), bearer()
    if token is not None:
        return bearer_holder(token, game_id)
    if "signed" not in args and game_id not in page_session.cookie_session().get("seats", {}):
        return None                      # no credential: no read
    record = game(game_id)
    if record is None:
        return None
    seat = linked_seat(record, args["signed"]) if "signed" in args else session_seat(record)
    return None if seat is None else f"seat:{game_id}:{seat}"


def chosen_language() -> str | None:
    """The language the holder of the request's credential chose (issue 31): a player's
    token its account's; a seat's token or page session the seat's own, else its
    account's; None for none chosen, or no credential. Read once a request."""
    if "chosen_language" not in g:
        g.chosen_language = holders_choice()
    return g.chosen_language


def holders_choice() -> str | None:
    kind, _colon, held = (holder() or "").partition(":")
    conn = current_app.extensions["redis"]
    if kind == "player":
        return (players.load(conn, held) or {}).get("language")
    if kind == "seat":
        game_id, _colon, seat = held.rpartition(":")
        return i18n.chosen_language(conn, game(game_id), int(seat))
    return None


def game(game_id: str | None) -> GameRecord | None:
    """The game's record, read once a request with its snapshot (one MGET, as a GET of the
    meta alone costs), kept for the route's own load of the game (read_game): a limited
    route, e.g. a turn's submission, reads its game once (issue 32)."""
    if not game_id:
        return None
    read = g.setdefault("games_read", {})
    if game_id not in read:
        read[game_id] = Store(current_app.extensions["redis"]).game_and_snapshot(game_id)[:2]
    return read[game_id][0]


def read_game(game_id: str) -> tuple[GameRecord | None, Snapshot | None]:
    """(record, snapshot) as this request's credential check read them, else (None, None)."""
    return g.get("games_read", {}).get(game_id, (None, None))


def token_holder() -> players.Holder | None:
    """Whose personal token the bearer sent, with its scopes (service/players.py), else
    None; looked up once a request (the limits and the scopes both ask)."""
    if "token_holder" not in g:
        g.token_holder = players.token_holder(current_app.extensions["redis"], bearer())
    return g.token_holder


def bearer_holder(token: str, game_id: str | None) -> str | None:
    """Who holds `token`, the request's bearer token (a player, an API key's owner, a
    game's admin or one of its seats); None for none."""
    conn = current_app.extensions["redis"]
    if found := token_holder():
        return f"player:{found.player}"
    if token.startswith(api_keys.PREFIX) and (name := api_keys.owner(conn, token)):
        return f"api-key:{name}"
    record = game(game_id)
    if record is None:
        return None
    if seating.is_admin(record, token):
        return f"admin:{game_id}"
    try:
        seat = seating.holder(record, token)
    except problems.Unauthorized:        # another seat's, a handed-over seat's, a guess
        return None
    return None if seat is None else f"seat:{game_id}:{seat}"


def session_seat(record: GameRecord) -> int | None:
    """The seat the page session holds in the game (while it has not changed hands since,
    service/seating.py); on a POST only with its CSRF token (the form's field or the page
    script's header), as the routes themselves ask."""
    data = page_session.cookie_session()
    try:
        seat = page_session.session_seat(data, record)
    except problems.Unauthorized:
        return None
    if seat is None:
        return None
    if request.method in page_session.SAFE_METHODS:
        return seat
    return seat if page_session.csrf_sent(data) else None


def linked_seat(record: GameRecord, signed: str) -> int | None:
    return seat_links.read_seat_link(page_session.keyed(current_app).secret_key, record, signed)
