"""The pages' session cookie read as a credential (issue 16): by the /v1 API (a seat
page plays through the same routes as every client: `api_seat`, the `seatPage` scheme of
openapi.yaml), by the rate limits (service/credentials.py) and by the pages
(service/web/seats.py, which opens and signs the sessions). Below both the API and the
pages, so neither imports the other for it."""
from __future__ import annotations

import hmac

from flask import Flask, current_app, request
from itsdangerous import BadSignature

from service import problems, seating
from service.mail.config import page_key as secret_key
from service.store import GameRecord

COOKIE = "pbem_session"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


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


def session_seat(data, record: GameRecord) -> int | None:
    """The seat a session signed in to in the game ([seat, epoch]; a bare seat number is
    a session of before epochs: 0), None for none or for a seat resigned since (its
    former holder is a spectator: `resigned_since`); 401 once the seat changed hands."""
    if resigned_since(data, record):
        return None
    seat, issued = signed_in(data, record)
    if not isinstance(seat, int) or not isinstance(issued, int):
        return None
    if not seating.holds(record, seat, issued):
        raise problems.Unauthorized("this page session's seat has been taken by its player "
                                    "since you opened it; ask them for a new link")
    return seat


def signed_in(data, record: GameRecord) -> tuple:
    """(seat, epoch) the session signed in to in the game, as stored (unchecked)."""
    held = data.get("seats", {}).get(record.id)
    return held if isinstance(held, list) and len(held) == 2 else (held, 0)


def resigned_since(data, record: GameRecord) -> bool:
    """Whether the session signed in to a seat of the game whose player resigned since
    (service/seating.py: a spectator's session now)."""
    seat, issued = signed_in(data, record)
    return isinstance(seat, int) and isinstance(issued, int) and \
        seating.spectating(record, seat, issued)


def api_seat(record: GameRecord) -> int | None:
    """The seat the page session signed in to in this game, as a credential of the /v1
    API (None without one; 401 once the seat has changed hands since). A request that
    may change something must carry the session's CSRF token in X-CSRF-Token: 403
    naming the header otherwise."""
    data = cookie_session()
    seat = session_seat(data, record)
    if seat is None:
        return None
    if request.method not in SAFE_METHODS and not csrf_sent(data):
        raise problems.Forbidden(
            f"the seat page's session needs its CSRF token in the {CSRF_HEADER} header "
            f"(the page's forms carry it); reload the page",
            errors=[{"field": CSRF_HEADER, "message": "missing or not this session's token"}])
    return seat


def csrf_sent(data) -> bool:
    """The one CSRF check of the page session `data` (the cookie's, or the pages' open
    session): the request carries the session's token, in the page script's header or a
    form's field, compared in constant time."""
    sent, own = request.headers.get(CSRF_HEADER) or request.form.get("csrf", ""), data.get("csrf")
    return bool(own) and hmac.compare_digest(sent.encode(), own.encode())
