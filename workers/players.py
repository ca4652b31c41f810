"""rq jobs of the player accounts (issue 13): the mail that asks a new player's address
to confirm, through the same signed link, the same once-a-day limit and the same
suppression list as a game's invitations (service/mail/consent.py); the mail telling a
player its webhook is disabled (issue 29)."""
from __future__ import annotations

import logging
from urllib.parse import quote

from service import i18n, players, webhooks
from service.games.speech import _, say
from service.mail import consent
from service.mail.config import MailConfig
from service.mail.runtime import connection, queue
from workers.mail import compose, outbox

log = logging.getLogger(__name__)


def ask_to_confirm(player_id: str) -> str | None:
    """Mail the player's address the question; nothing when it is confirmed, said stop,
    or was asked within the day. Returns the mail's id when one was queued."""
    conn = connection()
    player = players.load(conn, player_id)
    if player is None or consent.confirmed(conn, player["email"]) \
            or consent.suppressed(conn, player["email"]) or not consent.may_ask(conn, player["email"]):
        return None
    config = MailConfig.from_env(conn)
    link = (f"{config.public_url}/v1/mail/confirmations?address={quote(player['email'])}"
            f"&code={consent.link_code(config.secret, player['email'])}")
    with i18n.speaking(player.get("language")):
        text = _("Someone made a player account with this address at the turn service "
                 "({site}). Before it sends you any game mail, it asks you.\n\nTo confirm, open\n"
                 "{link}\nand press Confirm.\nNot you: do nothing, and no game mail comes to this "
                 "address.").format(site=config.public_url, link=link)
        subject = _("Please confirm: may the turn service mail you?")
    try:
        message = compose.plain_message(compose.elsewhere(player["email"], config.domain),
                                        subject, text, config.mail_from, config.domain, "auto-generated")
    except compose.BadAddress as bad:
        log.warning("player %s: %s", player_id, bad)
        return None
    return outbox.send_once(conn, queue(conn), "players", player_id, ["confirm-request"],
                            message, player["email"])


def webhook_disabled(webhook_id: str) -> str | None:
    """Mail the owner of a webhook its failures disabled (issue 29): why, and how to
    enable it again, the reason in the owner's language too (issue 31). A player's
    webhook only (a game's is owned by an admin token, which has no address), and only to
    a confirmed address. The mail's id, if queued."""
    conn = connection()
    hook = webhooks.load(conn, webhook_id) or {"owner": ""}
    kind, _colon, owner = hook["owner"].partition(":")
    player = players.load(conn, owner) if kind == "player" else None
    if player is None or hook["enabled"] or not consent.confirmed(conn, player["email"]):
        return None
    config = MailConfig.from_env(conn)
    hook_url = f"{config.public_url}/v1/players/me/webhooks/{webhook_id}"
    with i18n.speaking(player.get("language")):
        text = _("Your webhook {url} is disabled: {reason}.\n\nWhat it was told meanwhile is kept "
                 "(the newest {kept} messages). Enable it again and they are delivered, each "
                 "game's in order:\n\n  PATCH {hook}\n  {{\"enabled\": true}}\n\nIts attempts: GET "
                 "{hook}/deliveries").format(url=hook["url"], kept=webhooks.MAX_MISSED, hook=hook_url,
                                             reason=say(hook.get("disabled_message") or hook["disabled_reason"]))
        subject = _("Your webhook is disabled")
    try:
        message = compose.plain_message(compose.elsewhere(player["email"], config.domain),
                                        subject, text, config.mail_from, config.domain, "auto-generated")
    except compose.BadAddress as bad:
        log.warning("player %s: %s", player["id"], bad)
        return None
    return outbox.send_once(conn, queue(conn), "players", player["id"],
                            [f"webhook-disabled-{webhook_id}-{int(hook['failing_since'])}"],
                            message, player["email"])
