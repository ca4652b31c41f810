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
  page session's seat as a credential (api_seat, the `seatPage` scheme of
  openapi.yaml), so the seat's page plays through the same routes as every client.
- CSRF: a random token per session, in a hidden field of every form and sent by the
  page's script in the X-CSRF-Token header, compared in constant time; the API takes
  the cookie on a POST only with that header (a GET changes nothing, and SameSite=Lax
  keeps the cookie off another site's fetch). Flask-WTF's CSRFProtect does the same but
  brings WTForms for this one check and guards the /v1 API unless each blueprint is
  exempted; ten lines won.
"""
from __future__ import annotations

import hmac
import os
import secrets
from datetime import timedelta

from flask import Flask, abort, current_app, request, session
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadSignature

from service import problems, seating
from service.mail.config import page_key as secret_key
from service.seat_links import seat_link_path
from service.store import GameRecord

SESSION_DAYS = 30
COOKIE = "pbem_session"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class PageSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie session, for the pages only, keyed lazily from Redis."""

    def open_session(self, app: Flask, request):
        if request.path.startswith("/v1/"):
            return None                  # Flask's null session: the API sets no cookie
        keyed(app)
        return super().open_session(app, request)


def keyed(app: Flask) -> Flask:
    if app.secret_key is None:
        app.secret_key = secret_key(app.extensions["redis"])
    return app


def cookie_session() -> dict:
    """The page session the request's cookie carries, read without opening a session
    (the API's answers set no cookie); {} when there is none or it is forged or expired."""
    raw = request.cookies.get(COOKIE)
    if not raw:
        return {}
    app = keyed(current_app)
    try:
        data = app.session_interface.get_signing_serializer(app).loads(
            raw, max_age=int(app.permanent_session_lifetime.total_seconds()))
    except BadSignature:
        return {}
    return data if isinstance(data, dict) else {}


def api_seat(record: GameRecord) -> int | None:
    """The seat the page session signed in to in this game, as a credential of the /v1
    API (None without one; 401 once the seat has changed hands since). A request that
    may change something must carry the session's CSRF token in X-CSRF-Token: 403
    naming the header otherwise."""
    data = cookie_session()
    seat = session_seat(data, record)
    if seat is None:
        return None
    if request.method not in SAFE_METHODS and not same(request.headers.get(CSRF_HEADER, ""),
                                                       data.get("csrf")):
        raise problems.Forbidden(
            f"the seat page's session needs its CSRF token in the {CSRF_HEADER} header "
            f"(the page's forms carry it); reload the page",
            errors=[{"field": CSRF_HEADER, "message": "missing or not this session's token"}])
    return seat


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


def session_seat(data, record: GameRecord) -> int | None:
    """The seat a session signed in to in the game ([seat, epoch]; a bare seat number is
    a session of before epochs: 0), None for none; 401 once the seat changed hands."""
    held = data.get("seats", {}).get(record.id)
    seat, issued = held if isinstance(held, list) and len(held) == 2 else (held, 0)
    if not isinstance(seat, int) or not isinstance(issued, int):
        return None
    if not seating.holds(record, seat, issued):
        raise problems.Unauthorized("this page session's seat has been taken by its player "
                                    "since you opened it; ask them for a new link")
    return seat


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return session["csrf"]


def check_csrf() -> None:
    """A form post must carry this session's token (403 otherwise)."""
    if not same(request.form.get("csrf", ""), session.get("csrf")):
        abort(403, "the form's CSRF token is missing or not this session's; reload the page")


def same(sent: str, own: str | None) -> bool:
    return bool(own) and hmac.compare_digest(sent.encode(), own.encode())


def link_url(record: GameRecord, seat: int) -> str:
    return request.host_url.rstrip("/") + seat_link_path(current_app.secret_key, record, seat)
