"""The mark of a turn submitted by mail (workers/mail/intake.py sets it, workers/notify.py
reads it): its outcome is then an answer to that mail, naming the lines it ignored."""
from __future__ import annotations

import json

from service.store import IDEMPOTENCY_TTL, key


def via_mail_key(game_id: str, turn_id: str) -> str:
    return key(game_id, "mail", "turn", turn_id)


def remember_via_mail(conn, game_id: str, turn_id: str, message_id: str,
                      ignored: list[str] = ()) -> None:
    """The intake marks a turn it submitted, so its outcome is an answer by mail (which
    names the lines of the mail that were ignored). The mark lives as long as the turn's
    record: a later turn may take the id of an expired one (Store.turn_id)."""
    conn.set(via_mail_key(game_id, turn_id), json.dumps(
        {"message_id": message_id, "ignored": list(ignored)}), ex=IDEMPOTENCY_TTL)
