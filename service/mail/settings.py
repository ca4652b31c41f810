"""A seat's mail settings (issue 4, "Throttling"): mute, digest (one mail per N hours),
vacation (an absence during which the seat's turn clock stops), notify (issue 14):
a mail only when the seat must act ("to_act", the default) or after every move,
messages (issue 30): the table's messages and whispers to the seat carried by its next
mail ("next_mail", the default) or each in a short mail of its own at once ("own_mail",
workers/mail/own_messages.py), and language (issue 31): the language the seat reads, its
mails and its page. Kept per game and seat in `game:{id}:mail:seat:<seat>`; vacations as
a list of [from, until] times."""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field

from service import handed_on
from service.talk_keys import settings_key

MAX_DIGEST_HOURS = 168
NOTIFY = ("to_act", "every_move")
MESSAGES = ("next_mail", "own_mail")
LANGUAGES = ("en", "de")        # service/i18n.py speaks them
MAX_VACATION_DAYS = 60
KEEP_VACATIONS = 10         # a seat declaring more loses its oldest ones


@dataclass
class SeatSettings:
    muted: bool = False
    digest_hours: int = 0
    vacations: list[list[float]] = field(default_factory=list)
    notify: str = "to_act"
    messages: str = "next_mail"
    language: str | None = None     # None: the account's language, else English (service/i18n.py)

    def on_vacation(self, now: float) -> float | None:
        """The end of the vacation running at `now`, if any."""
        return next((until for start, until in self.vacations if start <= now < until), None)

    def as_dict(self, now: float) -> dict:
        return {"muted": self.muted, "digest_hours": self.digest_hours,
                "vacation_until": self.on_vacation(now), "notify": self.notify,
                "messages": self.messages,
                "language": self.language}


class SettingError(ValueError):
    """A setting out of range; the message says what is allowed."""


def load(conn, game_id: str, seat: int) -> SeatSettings:
    handed_on.settle(conn, game_id, seat)       # an old holder's, still owed, are not read
    text = conn.get(settings_key(game_id, seat))
    return SeatSettings(**json.loads(text)) if text else SeatSettings()


def save(conn, game_id: str, seat: int, settings: SeatSettings) -> None:
    handed_on.settle(conn, game_id, seat)       # nor dropped later over the new holder's
    conn.set(settings_key(game_id, seat), json.dumps(asdict(settings)))


def change(conn, game_id: str, seat: int, *, muted: bool | None = None,
           digest_hours: int | None = None, vacation_days: float | None = None,
           notify: str | None = None, messages: str | None = None, language: str | None = None,
           now: float | None = None) -> SeatSettings:
    """Apply the given changes; vacation_days=0 ends a running vacation now."""
    now = time.time() if now is None else now
    settings = load(conn, game_id, seat)
    if muted is not None:
        settings.muted = bool(muted)
    if digest_hours is not None:
        if isinstance(digest_hours, bool) or not 0 <= digest_hours <= MAX_DIGEST_HOURS:
            raise SettingError(f"digest hours must be 0 to {MAX_DIGEST_HOURS}")
        settings.digest_hours = int(digest_hours)
    if notify is not None:
        if notify not in NOTIFY:
            raise SettingError(f"notify must be one of: {', '.join(NOTIFY)}")
        settings.notify = notify
    if messages is not None:
        if messages not in MESSAGES:
            raise SettingError(f"messages must be one of: {', '.join(MESSAGES)}")
        settings.messages = messages
    if language is not None:
        if language not in LANGUAGES:
            raise SettingError(f"language must be one of: {', '.join(LANGUAGES)}")
        settings.language = language
    if vacation_days is not None:
        if not 0 <= vacation_days <= MAX_VACATION_DAYS:
            raise SettingError(f"vacation days must be 0 to {MAX_VACATION_DAYS}")
        settings.vacations = [[start, min(until, now) if start <= now < until else until]
                              for start, until in settings.vacations if start < now]
        if vacation_days > 0:
            settings.vacations.append([now, now + vacation_days * 86400])
        settings.vacations = settings.vacations[-KEEP_VACATIONS:]
    save(conn, game_id, seat, settings)
    return settings


def active_seconds(settings: SeatSettings, since: float, now: float) -> float:
    """Seconds of the clock used between since and now: vacation time does not count."""
    away = sum(max(0.0, min(until, now) - max(start, since)) for start, until in settings.vacations)
    return max(0.0, now - since - away)
