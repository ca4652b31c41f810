"""The language a text is written in for its reader (issue 31). Every text meant for a
person is written through `_` / `ngettext` of this module (or a `Speech`'s own), which
read the reader's language from a context variable: the platform sets it per reader
(service/i18n.py: `speaking(language)`, one seat's mail, one request's page), so the
seats of one game may each read their own language. The games' words (presentation.py)
read it here too, so the games stay free of Babel: a Speech holds any object with
`gettext` and `ngettext` (the standard library's NullTranslations for English, Babel's
Translations built from the German catalogue for German) and the number formatter of
its locale."""
from __future__ import annotations

import gettext as stdlib_gettext
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable

ENGLISH = "en"


@dataclass(frozen=True)
class Speech:
    """One language: its code, its catalogue and how it writes a number."""
    language: str = ENGLISH
    catalogue: Any = field(default_factory=stdlib_gettext.NullTranslations)
    number: Callable[[float], str] = field(default=lambda n: f"{n:g}")

    def gettext(self, message: str) -> str:
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalogue.ngettext(singular, plural, n)


CURRENT: ContextVar[Speech] = ContextVar("speech", default=Speech())


def speech() -> Speech:
    """The reader's language now."""
    return CURRENT.get()


def _(message: str) -> str:
    """The message in the reader's language (the catalogue's msgid is the English)."""
    return CURRENT.get().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The message for n in the reader's language, its plural form as n takes it."""
    return CURRENT.get().ngettext(singular, plural, n)


def german() -> bool:
    return CURRENT.get().language == "de"


def N_(message: str) -> str:
    """A message marked for the catalogue, translated where it is said (`_(message)`)."""
    return message
