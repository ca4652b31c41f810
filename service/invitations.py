"""Who may create a game that mails its players (issue 11, finding 4: no open mail
relay). A game without e-mail addresses stays anonymous and open. One that mails
anyone needs an API key (service/api_keys.py), mails no address that said stop, and
counts its invitations against the key's and each address's daily limits
(service/mail/limits.py). What the mail itself does with a new address (it asks
first) is service/mail/consent.py."""
from __future__ import annotations

from service import api_keys, problems
from service.mail import consent, limits

TooManyInvitations = problems.problem(429, "too-many-invitations", "Too many invitations")
NEEDS_KEY = ("e-mail invitations need an API key: send 'Authorization: Bearer <key>' "
             "(an admin issues one with `pbem admin issue-key NAME`), or leave out the addresses")


def creator(conn, players: list[dict], token: str | None) -> str | None:
    """The name of the API key the game is created with (None: anonymous), or a
    problem naming the field: 401 (no or an unknown key), 403 (an address that said
    stop)."""
    mailed = [(f"players[{i}].email", p["email"]) for i, p in enumerate(players) if p.get("email")]
    name = api_keys.owner(conn, token) if token else None
    if token and name is None:
        raise problems.Unauthorized("the bearer token is no API key, or a revoked one",
                                    errors=[{"field": "Authorization",
                                             "message": "unknown or revoked API key"}])
    if mailed and name is None:
        raise problems.Unauthorized(NEEDS_KEY, errors=[{"field": field, "message": NEEDS_KEY}
                                                       for field, _ in mailed])
    stopped = [field for field, address in mailed if consent.suppressed(conn, address)]
    if stopped:
        message = "this address asked never to get mail from the turn service"
        raise problems.Forbidden(f"{', '.join(stopped)}: {message}",
                                 errors=[{"field": field, "message": message} for field in stopped])
    return name


def count(conn, name: str | None, players: list[dict]) -> None:
    """Count the game's invitations, all or none: 429 with Retry-After naming the field
    when the key or an address is over its daily limit."""
    mailed = [(f"players[{i}].email", consent.normal(p["email"]))
              for i, p in enumerate(players) if p.get("email")]
    limits.take_or_refuse(conn, ("creator", name), ("recipient", mailed), TooManyInvitations,
                          lambda kind, allowed: f"this API key may send {allowed} invitations "
                          "a day" if kind == "creator" else
                          f"this address may get {allowed} invitations a day")
