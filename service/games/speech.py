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
from string import Formatter
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

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


def listed(words: Iterable[str], gettext: Callable[[str], str] = _) -> str:
    """Words joined as a sentence lists them, the last by "and" in the reader's language
    (`gettext`): "A", "A and B", "A, B and C"; German "A, B und C", no comma before
    "und" (Duden, Komma bei Aufzählungen). "" for none."""
    *first, last = list(words) or [""]
    return f"{', '.join(first)}{gettext(N_(' and '))}{last}" if first else last


def in_english(said: Callable[[], str]) -> str:
    """What `said` writes for an English reader, whoever reads now (a game type's
    description for the API, written at import)."""
    token = CURRENT.set(Speech())
    try:
        return said()
    finally:
        CURRENT.reset(token)


def german() -> bool:
    return CURRENT.get().language == "de"


def N_(message: str) -> str:
    """A message marked for the catalogue, translated where it is said (`_(message)`)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """A message with a plural marked for the catalogue (a Said chooses its form by its
    value `number`)."""
    return singular, plural


class Said(str):
    """A sentence an engine writes for people, a refusal's reason above all (issue 31):
    the English text, as the API and the stored rejections have always read it, that
    also knows its catalogue id (`msgid`, marked with N_ or Nn_ where it is written), its
    plural's id and the values of its {placeholders}, so that `say` says it again in
    the reader's language. Being a str, it goes wherever the English text went: an
    engine stays free of Babel and of the reader, and nothing that compares, joins or
    stores reasons changes. Babel's LazyProxy (and Flask-Babel's lazy_gettext, built on
    it) was the library's way and lost: a lazy string is said once, in the language of
    whoever first reads it, and is no data to store beside a rejected turn for the
    readers of other languages; it would also bring Babel into the engines."""

    def __new__(cls, message: str | tuple[str, str], **values):
        # the engines make hundreds while they sort legal moves from refused ones: kept
        # cheap, one attribute and no formatting without values (Age of Industry's legal
        # moves, 225 refusals a call: 0.85 ms CPU against 0.67 ms with f-strings)
        english = message if message.__class__ is str else message[values["number"] != 1]
        text = str.__new__(cls, english.format_map(values) if values else english)
        text.said = (message, values)
        return text

    @property
    def msgid(self) -> str:
        message = self.said[0]
        return message if message.__class__ is str else message[0]

    @property
    def plural(self) -> str | None:
        message = self.said[0]
        return None if message.__class__ is str else message[1]

    @property
    def values(self) -> dict:
        return self.said[1]

    def as_dict(self) -> dict:
        """The message as JSON: its ids and values, a value that is a message itself
        (or a list of them) as such a dict (what a stored rejection keeps:
        `reason_message`)."""
        out = {"msgid": self.msgid, "values": {name: stored(value) for name, value in self.values.items()}}
        if self.plural is not None:
            out["msgid_plural"] = self.plural
        return out


class Pattern(str):
    """A message whose values someone else fills in by calling `format` on it
    (marshmallow, its fields' error messages: "must be a whole number from {min} to
    {max}"): filled in, it is a Said, with the values its placeholders name."""

    def format(self, *args, **values) -> Said:
        names = {name for _text, name, _spec, _conversion in Formatter().parse(self) if name}
        return Said(str(self), **{name: value for name, value in values.items() if name in names})


def say(message: dict | str) -> str:
    """A message (a Said, or its `as_dict` as stored) in the reader's language; a
    plain text (a reason stored before messages were kept) as it is."""
    if isinstance(message, Said):
        message = message.as_dict()
    if not isinstance(message, dict):
        return message
    values = {name: said_value(value) for name, value in message.get("values", {}).items()}
    if "msgid_plural" in message:
        text = ngettext(message["msgid"], message["msgid_plural"], values["number"])
    else:
        text = _(message["msgid"])
    return text.format(**values)


def stored(value):
    """A message's value as JSON: a message as its dict, in a list too."""
    if isinstance(value, list):
        return [stored(item) for item in value]
    return value.as_dict() if isinstance(value, Said) else value


def said_value(value):
    """A stored value as its message's reader reads it: a message said, in a list too
    (written as a list of texts, as its English was)."""
    if isinstance(value, list):
        return [said_value(item) for item in value]
    return say(value) if isinstance(value, dict) and "msgid" in value else value
