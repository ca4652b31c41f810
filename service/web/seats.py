"""Who a browser is (issue 16): the pages' session cookie, the signed seat links, and
the CSRF token of every form.

- The signing key is service.mail.config.page_key: PBEM_SECRET_KEY, else one drawn
  once and kept in the service's Redis, so every gunicorn worker and the mail workers,
  which sign the links in the "your turn" mails, share it.
- A seat link `/games/{id}/enter/{signed}` (service/seat_links.py) carries {game, seat,
  epoch} signed and timed with itsdangerous (Flask's own dependency); opening it puts
  the seat into the session cookie (signed, HttpOnly, SameSite=Lax) and redirects to
  `/games/{id}/seat`, with `Referrer-Policy: no-referrer` on every page, so no
  credential stays in the address bar or leaks in a Referer. The seat's bearer token
  never appears in a URL. A link and a session hold the seat only while it has not
  changed hands since they were issued (the seat's epoch, service/seating.py): once its
  invitation or token is taken, those issued before are refused (401).
- Sessions are opened for the pages only: the /v1 API sets no cookie, but takes the
  page session's seat as a credential (service/page_session.py's api_seat, the
  `seatPage` scheme of openapi.yaml), so the seat's page plays through the same routes as every client.
- The account page (issue 31, service/web/account.py) signs a browser in to a player's
  account with one of the player's tokens of the scope `account`, typed into a form:
  the cookie keeps a random session id, never the token; Redis keeps the session
  (`account-session:<id>`: the player's and the token's ids, for SESSION_DAYS), so
  signing out ends it for every copy of the cookie, and it ends once that token is
  revoked.
- CSRF: a random token per session, in a hidden field of every form and sent by the
  page's script in the X-CSRF-Token header, compared in constant time; the API takes
  the cookie on a POST only with that header (a GET changes nothing, and SameSite=Lax
  keeps the cookie off another site's fetch). Flask-WTF's CSRFProtect does the same but
  brings WTForms for this one check and guards the /v1 API unless each blueprint is
  exempted; ten lines won.
"""
from __future__ import annotations

import json
import os
import secrets
from datetime import timedelta

from flask import Flask, abort, current_app, g, request, session
from flask.sessions import SecureCookieSessionInterface

from service import players, problems, seating
from service.page_session import COOKIE, csrf_sent, keyed, resigned_since, session_seat
from service.seat_links import seat_link_path
from service.store import GameRecord

SESSION_DAYS = 30


class PageSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie session, for the pages only, keyed lazily from Redis."""

    def open_session(self, app: Flask, request):
        if request.path.startswith("/v1/"):
            return None                  # Flask's null session: the API sets no cookie
        keyed(app)
        return super().open_session(app, request)


def install(app: Flask) -> None:
    app.session_interface = PageSessions()
    app.config.update(SESSION_COOKIE_NAME=COOKIE, SESSION_COOKIE_HTTPONLY=True,
                      SESSION_COOKIE_SAMESITE="Lax",
                      SESSION_COOKIE_SECURE=os.environ.get("PBEM_SECURE_COOKIES") == "1",
                      PERMANENT_SESSION_LIFETIME=timedelta(days=SESSION_DAYS))


def sign_in(record: GameRecord, seat: int) -> None:
    seats = dict(session.get("seats", {}))
    seats[record.id] = [seat, seating.epoch(record, seat)]
    session["seats"] = seats
    session.permanent = True


def signed_in_seat(record: GameRecord) -> int | None:
    """The seat this page session signed in to in the game; a seat that has changed
    hands since is forgotten by the session (its API requests are then a spectator's)
    and refused (401)."""
    try:
        return session_seat(session, record)
    except problems.Unauthorized:
        session["seats"] = {game: seat for game, seat in session["seats"].items()
                            if game != record.id}
        raise


def account_key(session_id: str) -> str:
    return f"account-session:{session_id}"


def sign_in_account(holder: players.Holder) -> None:
    conn = current_app.extensions["redis"]
    sign_out_account()
    session_id = secrets.token_urlsafe(24)
    conn.set(account_key(session_id), json.dumps([holder.player, holder.token]),
             ex=int(timedelta(days=SESSION_DAYS).total_seconds()))
    session["account"] = session_id
    session.permanent = True


def signed_in_account() -> dict | None:
    """The player this page session signed in as (`sign_in_account`), while its session
    is not signed out and the token it signed in with is not revoked and keeps the
    scope `account`; None else (and the cookie forgets it). Read once a request."""
    if "account" not in g:
        g.account = account_now()
    return g.account


def account_now() -> dict | None:
    session_id = session.get("account")
    if not isinstance(session_id, str):
        return None
    conn = current_app.extensions["redis"]
    held = conn.get(account_key(session_id))
    if held is None or "account" not in (players.token_scopes(conn, *json.loads(held)) or ()):
        session.pop("account")
        return None
    return players.load(conn, json.loads(held)[0])


def sign_out_account() -> None:
    """Ends the account's session: a copy of the cookie is signed out too."""
    session_id = session.pop("account", None)
    if isinstance(session_id, str):
        current_app.extensions["redis"].delete(account_key(session_id))
    g.pop("account", None)


def resigned_here(record: GameRecord) -> bool:
    """Whether this page session signed in to a seat of the game whose player resigned
    since: its pages are the spectator's (service/seating.py)."""
    return resigned_since(session, record)


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return session["csrf"]


def check_csrf() -> None:
    """A form post must carry this session's token (403 otherwise)."""
    if not csrf_sent(session):
        abort(403, "the form's CSRF token is missing or not this session's; reload the page")


def link_url(record: GameRecord, seat: int) -> str:
    return request.host_url.rstrip("/") + seat_link_path(current_app.secret_key, record, seat)
