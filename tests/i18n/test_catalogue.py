"""The German catalogue is complete (issue 31, "What it must show"): every message the
sources mark has a German translation in service/translations/de, none fuzzy, with the
same placeholders; no message is left in the catalogue that no source says; the
catalogue is read from its .po as a fresh clone has it."""
from __future__ import annotations

from service import i18n
from service.games.speech import _, ngettext
from tests.i18n.catalogue import PLACEHOLDER, extracted, german


def test_every_marked_message_has_a_german_translation_and_none_is_fuzzy():
    catalogue = german()
    translated = {(m.id if isinstance(m.id, str) else tuple(m.id)): m for m in catalogue if m.id}
    marked = extracted()
    assert marked, "no message marked for translation"
    assert sorted(map(str, marked - set(translated))) == []          # run pybabel update (README)
    assert sorted(map(str, set(translated) - marked)) == []          # obsolete entries
    for key, message in translated.items():
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        assert all(strings), key
        assert not message.fuzzy, key
        assert all(set(PLACEHOLDER.findall(s)) == set(PLACEHOLDER.findall(ids[-1])) for s in strings), key
    assert not catalogue.fuzzy


def test_german_plural_forms_follow_the_number():
    """German has two forms, one for 1 and one for every other number (the catalogue's
    Plural-Forms header)."""
    with i18n.speaking("de"):
        assert ngettext("{number} hour", "{number} hours", 1).format(number=1) == "1 Stunde"
        assert ngettext("{number} hour", "{number} hours", 3).format(number=3) == "3 Stunden"
        assert _("Your turn") == "Du bist am Zug"
        assert i18n.number(1234.5) == "1.234,5"
        assert i18n.when(0) == "01.01.70, 00:00 UTC"
    with i18n.speaking("en"):
        assert _("Your turn") == "Your turn" and i18n.number(1234.5) == "1234.5"
        assert i18n.when(0) == "1970-01-01 00:00 UTC"


def test_a_language_is_named_in_either_language():
    assert [i18n.known(word) for word in ("Deutsch", "de", "german", "englisch", "EN", "klingonisch")] \
        == ["de", "de", "de", "en", "en", None]
