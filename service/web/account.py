"""`/account` (issue 31): a player's account page, where a browser signed in with one of
the player's tokens (scope `account`, typed into a form as a seat's token is on a
game's page, never in an address) sees the account and switches its language, English
or German: the one its seats read unless a seat chose its own, and the one its pages
and mails are written in (`PATCH /v1/players/me {language}` does the same over the
API). Every form carries the session's CSRF token (service/web/seats.py)."""
from __future__ import annotations

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from werkzeug.exceptions import HTTPException

from service import i18n, players, problems
from service.games.speech import N_, Said, _
from service.web import pages, seats

bp = Blueprint("account", __name__)
# a page as the others are: in its reader's language, its forms' CSRF token, its errors
# as pages, no Referer
bp.before_request(pages.reader_language)
bp.teardown_request(pages.spoken)
bp.context_processor(pages.forms)
bp.after_request(pages.no_referrer)
bp.register_error_handler(problems.Problem, pages.error_page)
bp.register_error_handler(HTTPException, pages.error_page)

@bp.get("/account")
def account():
    return render_template("pages/account.html", player=seats.signed_in_account(),
                           languages=[(code, i18n.name_of(code)) for code in i18n.LANGUAGES])


@bp.post("/account/sign-in")
def account_sign_in():
    seats.check_csrf()
    holder = players.token_holder(current_app.extensions["redis"], request.form.get("token", "").strip())
    if holder is None:
        raise problems.Unauthorized(N_("give one of your player's tokens"))
    if "account" not in holder.scopes:
        raise problems.Forbidden(N_("this token may not change the account: give one with the scope account"))
    seats.sign_in_account(holder)
    return redirect(url_for("account.account"), 303)


@bp.post("/account/language")
def account_language():
    seats.check_csrf()
    player = seats.signed_in_account()
    if player is None:
        raise problems.Unauthorized(N_("sign in to your account first"))
    language = request.form.get("language", "")
    if language not in i18n.LANGUAGES:
        raise problems.ValidationFailed(
            Said(N_("language: choose one of {languages}"), languages=", ".join(
                f"{i18n.name_of(code, i18n.language_now())} ({code})" for code in i18n.LANGUAGES)),
            errors=[{"field": "language", "message": "one of " + ", ".join(i18n.LANGUAGES)}])
    players.change_language(current_app.extensions["redis"], player["id"], language)
    with i18n.speaking(language):
        flash(_("Your mails and pages are now in English.") if language == "en"
              else _("Your mails and pages are now in German."), "applied")
    return redirect(url_for("account.account"), 303)


@bp.post("/account/sign-out")
def account_sign_out():
    seats.check_csrf()
    seats.sign_out_account()
    return redirect(url_for("account.account"), 303)
