"""A message in a mail of its own (issue 30, "messages: each in its own mail"): a seat
whose setting is `own_mail` (service/mail/settings.py) is mailed each table message or
whisper it reads, at once, in a short mail under the game's one subject. The mail is an
ordinary notification (outbox.dispatch, claimed once per message): it carries every
message the seat has not been mailed yet (outbox.carry_messages), so its next game mail
does not repeat them, and a muted seat gets none."""
from __future__ import annotations

from service import i18n, messages
from service.games.speech import _
from service.mail.config import MailConfig
from service.mail.runtime import connection, queue
from service.play import load_game
from service.store import Store
from workers.mail import notices, outbox


def mail_message(game_id: str, seat: int, message_id: str) -> str | None:
    """rq job: the message to the seat, unless a mail carried it already; its reader
    is checked again (messages.unmailed keeps what the seat reads: a whisper its two
    seats, nothing of a seat it muted)."""
    conn = connection()
    if message_id not in {m["id"] for m in messages.unmailed(conn, game_id, seat)}:
        return None
    config = MailConfig.from_env(conn)
    game = load_game(Store(conn), game_id)
    with i18n.speaking_to(conn, game.record, seat):
        mail = notices.blank(game, seat, _("Message"), config)
        return outbox.dispatch(conn, queue(conn), config, mail, [f"message-{message_id}"],
                               held=False)
