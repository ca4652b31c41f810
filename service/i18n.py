"""The players' languages (issue 31): English and German, with Babel.

The German catalogue is kept as the gettext source, `service/translations/de/
LC_MESSAGES/messages.po`, and read once per process with babel.messages.pofile and
compiled in memory (babel.messages.mofile.write_mo) into babel.support.Translations:
no compiled .mo file is committed or built, so a fresh clone installed with
`pip install -e .` (or a wheel, which ships the .po as package data) speaks German at
once, and a .mo can never lag behind its .po. Reading the catalogue costs a few ms at a
process's first German text. Flask-Babel was not used: it ties the language to a
Flask request, but mails are written in rq workers for several seats of one game, each
in its own language; `speaking(language)` sets the reader's language for both
(service/games/speech.py holds it, so the games' words read it without Babel).

Which language a reader gets: a seat's own setting (service/mail/settings.py,
`language de` by mail or the mail settings' `language`), else the language of the
account bound to the seat (service/players.py), else English; a page without a seat
setting or account asks the browser's `Accept-Language` (service/web/pages.py)."""
from __future__ import annotations

import functools
import io
from contextlib import contextmanager
from contextvars import Token
from datetime import datetime, timezone
from pathlib import Path

from babel import Locale, dates, numbers
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from service import players
from service.games.speech import CURRENT, ENGLISH, Speech
from service.mail import settings

LANGUAGES = (ENGLISH, "de")
CATALOGUES = Path(__file__).parent / "translations"
DOMAIN = "messages"
ISO_MINUTE = "yyyy-MM-dd HH:mm"
# the words a reader may name a language by, in either language (`language de`, `sprache englisch`)
NAMES = {"en": "en", "english": "en", "englisch": "en", "de": "de", "deutsch": "de",
         "german": "de"}


def po_path(language: str) -> Path:
    return CATALOGUES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def speech_of(language: str) -> Speech:
    """The Speech of a language of LANGUAGES (English: the msgids as they are, and the
    numbers as the service always wrote them, "1234")."""
    if language == ENGLISH:
        return Speech(ENGLISH)
    locale = Locale.parse(language)

    def number(n: float) -> str:
        return numbers.format_decimal(n, locale=locale)
    with po_path(language).open("rb") as source:
        catalogue = read_po(source, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    return Speech(language, Translations(compiled, domain=DOMAIN), number)


def known(language: str | None) -> str | None:
    """The code of a language named in either language ("Deutsch", "de", "english"),
    None for any other word."""
    return NAMES.get((language or "").strip().lower())


@contextmanager
def speaking(language: str | None):
    """Texts written in the block are in this language (unknown or None: English)."""
    token = begin(language)
    try:
        yield
    finally:
        end(token)


def best_of(accept_language) -> str:
    """The language a browser asks for (werkzeug's parsed Accept-Language), English
    when it asks for none of ours."""
    return accept_language.best_match(LANGUAGES, default=ENGLISH) if accept_language else ENGLISH


def language_now() -> str:
    return CURRENT.get().language


def name_of(language: str, in_language: str | None = None) -> str:
    """A language of LANGUAGES by its name (Babel's CLDR data) in `in_language`, by its
    own name if none ("Deutsch", as a reader of it looks for it)."""
    return Locale.parse(language).get_display_name(in_language or language)


def when(timestamp: float) -> str:
    """A moment (UTC) as the reader's locale writes it: German "28.11.26, 21:30 UTC";
    English keeps the service's ISO form "2026-11-28 21:30 UTC"."""
    moment = datetime.fromtimestamp(timestamp, timezone.utc)
    language = language_now()
    return dates.format_datetime(moment, ISO_MINUTE if language == ENGLISH else "short",
                                 tzinfo=timezone.utc, locale=language) + " UTC"


def number(n: float) -> str:
    """A number as the reader's locale writes it ("1,234.5" / "1.234,5")."""
    return CURRENT.get().number(n)



def chosen_language(conn, record, seat: int) -> str | None:
    """The language a seat chose: its own setting, else its account's (the challenged
    player's for a seat reserved for one, issue 30); None: neither."""
    own = settings.load(conn, record.id, seat).language
    if own:
        return own
    entry = record.seats[seat] if 0 <= seat < len(record.seats) else None
    player = players.load(conn, entry.player or entry.challenged or "") if entry else None
    return (player or {}).get("language")


def seat_language(conn, record, seat: int) -> str:
    """The language a seat reads: its own setting, else its account's, else English."""
    return chosen_language(conn, record, seat) or ENGLISH


def begin(language: str | None) -> Token:
    """The reader's language from now on, until `end` (a page's request)."""
    return CURRENT.set(speech_of(known(language) or ENGLISH))


def end(token: Token) -> None:
    CURRENT.reset(token)


@contextmanager
def speaking_to(conn, record, seat: int):
    """Texts written in the block are in the seat's language."""
    with speaking(seat_language(conn, record, seat)):
        yield
