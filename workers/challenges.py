"""The challenge mail (issue 30, service/challenges.py): a challenged player whose
address is confirmed is mailed the challenge, its reply address the seat's, so that a
reply `accept` or `decline` answers it (workers/mail/intake.py). An address not
confirmed yet gets nothing: the challenge waits in the player's list and stream."""
from __future__ import annotations

from service import i18n
from service.games.speech import _
from service.mail.config import MailConfig
from service.mail.runtime import connection, queue
from service.play import load_game
from service.store import Store
from workers.mail import notices, outbox


def mail_challenge(game_id: str, seat: int) -> str | None:
    """rq job: the challenge to the seat's player, once (its event claimed)."""
    conn = connection()
    config = MailConfig.from_env(conn)
    game = load_game(Store(conn), game_id)
    entry = game.record.seats[seat]
    if not entry.challenged or not entry.email:
        return None                          # answered (or declined) before the mail went
    others = ", ".join(s.name for i, s in enumerate(game.record.seats) if i != seat)
    with i18n.speaking_to(conn, game.record, seat):
        mail = notices.blank(game, seat, _("Challenge"), config)
        mail.add(_("Challenge"), _(
            "{challenger} challenges you to a game of {game} with {others}; options: {options}.\n"
            "Reply `accept` to take your seat, or `decline` to leave it open to anyone. "
            "The game is dealt once every seat is taken.").format(
                challenger=game.record.settings.get("challenger") or _("A player"), game=game.type.name,
                others=others, options=notices.said(game).options(game.record.options)))
        return outbox.dispatch(conn, queue(conn), config, mail, [f"challenge-{seat}"])
