"""Who a browser is (issue 16): the pages' session cookie, the signed seat links, and
the CSRF token of every form.

- The signing key is workers.mail.config.page_key: PBEM_SECRET_KEY, else one drawn
  once and kept in the service's Redis, so every gunicorn worker and the mail workers,
  which sign the links in the "your turn" mails, share it.
- A seat link `/games/{id}/enter/{signed}` carries {game, seat} signed and timed with
  itsdangerous (Flask's own dependency); opening it puts the seat into the session
  cookie (signed, HttpOnly, SameSite=Lax) and redirects to `/games/{id}/seat`, with
  `Referrer-Policy: no-referrer` on every page, so no credential stays in the address
  bar or leaks in a Referer. The seat's bearer token never appears in a URL.
- Sessions are opened for the pages only: the /v1 API stays cookie-free.
- CSRF: a random token per session, in a hidden field of every form, compared in
  constant time. Flask-WTF's CSRFProtect does the same but brings WTForms for this one
  check and guards the /v1 API unless each blueprint is exempted; ten lines won.
"""
from __future__ import annotations

import hmac
import os
import secrets
from datetime import timedelta

from flask import Flask, abort, current_app, request, session
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadSignature, URLSafeTimedSerializer

from workers.mail.config import page_key as secret_key

LINK_SALT = "seat-link"
LINK_DAYS = 14                  # a seat link opens the seat's page for this long
SESSION_DAYS = 30


def link_signer(key: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(key, salt=LINK_SALT)


def seat_link_path(key: str, game_id: str, seat: int) -> str:
    """The path of a seat's signed, expiring link (the caller adds scheme and host);
    `key` is secret_key()'s."""
    return f"/games/{game_id}/enter/{link_signer(key).dumps({'game': game_id, 'seat': seat})}"


def read_seat_link(key: str, game_id: str, signed: str) -> int | None:
    """The seat a link signs in, or None when it is forged, expired or another game's."""
    try:
        data = link_signer(key).loads(signed, max_age=LINK_DAYS * 86400)
    except BadSignature:                 # SignatureExpired is one
        return None
    if not isinstance(data, dict) or data.get("game") != game_id \
            or not isinstance(data.get("seat"), int):
        return None
    return data["seat"]


class PageSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie session, for the pages only, keyed lazily from Redis."""

    def open_session(self, app: Flask, request):
        if request.path.startswith("/v1/"):
            return None                  # Flask's null session: the API sets no cookie
        if app.secret_key is None:
            app.secret_key = secret_key(app.extensions["redis"])
        return super().open_session(app, request)


def install(app: Flask) -> None:
    app.session_interface = PageSessions()
    app.config.update(SESSION_COOKIE_NAME="pbem_session", SESSION_COOKIE_HTTPONLY=True,
                      SESSION_COOKIE_SAMESITE="Lax",
                      SESSION_COOKIE_SECURE=os.environ.get("PBEM_SECURE_COOKIES") == "1",
                      PERMANENT_SESSION_LIFETIME=timedelta(days=SESSION_DAYS))


def sign_in(game_id: str, seat: int) -> None:
    seats = dict(session.get("seats", {}))
    seats[game_id] = seat
    session["seats"] = seats
    session.permanent = True


def signed_in_seat(game_id: str) -> int | None:
    return session.get("seats", {}).get(game_id)


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return session["csrf"]


def check_csrf() -> None:
    """A form post must carry this session's token (403 otherwise)."""
    sent, own = request.form.get("csrf", ""), session.get("csrf")
    if not own or not hmac.compare_digest(sent.encode(), own.encode()):
        abort(403, "the form's CSRF token is missing or not this session's; reload the page")


def link_url(game_id: str, seat: int) -> str:
    return request.host_url.rstrip("/") + seat_link_path(current_app.secret_key, game_id, seat)
