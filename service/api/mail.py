"""Mail over HTTP (issue 4): `POST /v1/inbound-mail` takes a raw RFC 5322 message from
a mail provider's inbound hook (the shared secret as a bearer token), and a seat's mail
settings (mute, digest, vacation) are read and changed with its seat token. The signed
link of the question a new address is asked confirms it (issue 11, finding 4): its GET
shows a page whose button POSTs, so a mail scanner following links confirms nothing."""
from __future__ import annotations

import hashlib
import hmac
import html
import os
import time

from flask import Blueprint, current_app, request

from service import i18n, play, problems, turn_clock
from service.api import bearer, store
from service.api.games import seated
from service.games.speech import _
from service.mail import consent, inbox, settings
from service.mail.config import MailConfig

bp = Blueprint("mail", __name__)


def hook_secret(conn) -> str:
    """INBOUND_HOOK_TOKEN when set, else one derived from the secret reply addresses
    are signed with, HMAC(secret, "inbound-hook"): the provider holding the token never
    holds the key that makes reply addresses."""
    given = os.environ.get("INBOUND_HOOK_TOKEN")
    if given:
        return given
    secret = MailConfig.from_env(conn).secret.encode()
    return hmac.new(secret, b"inbound-hook", hashlib.sha256).hexdigest()


@bp.post("/v1/inbound-mail")
def inbound_mail():
    token, conn = bearer(), current_app.extensions["redis"]
    if token is None or not hmac.compare_digest(token.encode(), hook_secret(conn).encode()):
        raise problems.Unauthorized("send the inbound hook's shared secret as a bearer token")
    raw = request.get_data()
    if not raw.strip():
        raise problems.ValidationFailed("the body must be a raw RFC 5322 message",
                                        errors=[{"field": "body", "message": "empty"}])
    envelope_to = request.args.getlist("to")
    digest = inbox.accept(conn, raw, envelope_to, request.args.get("from"))
    return {"id": digest, "status": "accepted"}, 202


def seat_from_token(game_id: str, seat: int) -> play.Game:
    game = play.load_game(store(), game_id)
    if seated(game) != seat:
        raise problems.Forbidden("only the seat's own token may see or change its mail settings")
    return game


@bp.get("/v1/games/<game_id>/seats/<int:seat>/mail")
def show_mail_settings(game_id: str, seat: int):
    seat_from_token(game_id, seat)
    return settings.load(store().redis, game_id, seat).as_dict(time.time())


@bp.put("/v1/games/<game_id>/seats/<int:seat>/mail")
def change_mail_settings(game_id: str, seat: int):
    game = seat_from_token(game_id, seat)
    body = request.get_json()
    try:
        changed = settings.change(store().redis, game_id, seat, muted=body.get("muted"),
                                  digest_hours=body.get("digest_hours"),
                                  vacation_days=body.get("vacation_days"),
                                  notify=body.get("notify"), messages=body.get("messages"),
                                  language=body.get("language"))
    except settings.SettingError as bad:
        raise problems.ValidationFailed(str(bad)) from None
    if "vacation_days" in body:
        turn_clock.reschedule(store().redis, game)
    return changed.as_dict(time.time())


def signed_address() -> str:
    """The link's address, when its code is the one the service signed it with."""
    address, code = request.args["address"], request.args["code"]
    secret = MailConfig.from_env(current_app.extensions["redis"]).secret
    if not hmac.compare_digest(code, consent.link_code(secret, address)):
        raise problems.Forbidden("this link's code does not belong to this address",
                                 errors=[{"field": "code", "message": "not this address's code"}])
    return address


@bp.get("/v1/mail/confirmations")
def confirmation_page():
    """The question the address's mail links to, in the browser's language (issue 31)."""
    address = html.escape(signed_address())
    with i18n.speaking(i18n.best_of(request.accept_languages)):
        page = (f"<!doctype html><html lang=\"{i18n.language_now()}\"><body><p>"
                + html.escape(_("May the turn service send game mail to {address}?")).format(
                    address=f"<b>{address}</b>")
                + "</p><form method=post><button>" + html.escape(_("Confirm")) + "</button></form><p>"
                + html.escape(_("Not you? Close this page: nothing more is sent.")) + "</p></body></html>")
    return page, 200, {"Content-Type": "text/html; charset=utf-8"}


@bp.post("/v1/mail/confirmations")
def confirm_address():
    address = signed_address()
    consent.confirm_and_invite(current_app.extensions["redis"], address)
    return {"address": address, "confirmed": True}
