"""Issue 27, previews "in the second person for the seat's own move": an engine's
sentence said to the player it is about (service/games/addressing.py)."""
from __future__ import annotations

import inflect
import pytest

from service.games.addressing import addressed
from service.games.events import Saying
from tests.i18n.catalogue import german as german_catalogue
from service.games.registry import game_types
from service.i18n import speech_of


@pytest.mark.parametrize("sentence, said", [
    ("seat 1 builds a level-1 coal mine in blackburn", "You build a level-1 coal mine in blackburn"),
    ("seat 1 passes and scores 3 points", "You pass and score 3 points"),
    ("seat 1 keeps its loans", "You keep your loans"),
    ("seat 1 occupies coins", "You occupy coins"),
    ("seat 1 has no card", "You have no card"),
    ("seat 1's factory 4 leaves the game", "your factory 4 leaves the game"),
    ("seat 0 leaves the space to seat 1 for 7 Taler", "seat 0 leaves the space to you for 7 Taler"),
    ("seat 2 passes", "seat 2 passes"),                    # another seat: as it stands
    ("income is paid at the end of the round", "income is paid at the end of the round"),
])
def test_a_sentence_said_to_its_seat(sentence, said):
    assert addressed(sentence, 1) == said


@pytest.mark.parametrize("sentence, said", [
    ("seat 1 baut eine Zeche in Berlin", "Du baust eine Zeche in Berlin"),
    ("seat 1 passt", "Du passt"),
    ("seat 1 verbindet Berlin und Hamburg", "Du verbindest Berlin und Hamburg"),
    ("seat 1 ist am Zug", "Du bist am Zug"),
    ("seat 1 erhält einen Schlüssel", "Du erhältst einen Schlüssel"),      # a prefixed "hält"
    ("seat 1 behält die Kredite", "Du behältst die Kredite"),
    ("seat 1 passt und erhält 3 Punkte", "Du passt und erhältst 3 Punkte"),
    ("seat 1 ersteigert Kohle und nimmt den Joker", "Du ersteigerst Kohle und nimmst den Joker"),
    # not the subject: the player's name stays (Words.text), never the English "you"
    ("Runde 2 der Epoche 1 beginnt; Startspieler: seat 1", "Runde 2 der Epoche 1 beginnt; Startspieler: seat 1"),
    ("seat 0 überlässt das Feld seat 1 für 7 Taler", "seat 0 überlässt das Feld seat 1 für 7 Taler"),
    ("die Fabrik 4 von seat 1 verlässt das Spiel", "die Fabrik 4 von seat 1 verlässt das Spiel"),
])
def test_a_german_sentence_said_to_its_seat(sentence, said):
    assert addressed(sentence, 1, "de") == said


# The du-form of every verb a German event sentence begins with, written from the grammar
# (Duden, Konjugation: -t becomes -st; stems in -t/-d -est; stems in -s/-ß/-z only -t;
# e→i(e) and a→ä kept in the du-form; "hält", "hat" irregular), not from the code.
GERMAN_DU = {
    "baut": "baust", "beansprucht": "beanspruchst", "beendet": "beendest", "behält": "behältst",
    "bietet": "bietest", "deckt": "deckst", "dreht": "drehst", "entfernt": "entfernst",
    "entwickelt": "entwickelst", "erhält": "erhältst", "erreicht": "erreichst",
    "ersteigert": "ersteigerst", "führt": "führst", "gibt": "gibst", "hat": "hast",
    "legt": "legst", "lässt": "lässt", "nimmt": "nimmst", "nutzt": "nutzt", "passt": "passt",
    "rückt": "rückst", "schaltet": "schaltest", "schließt": "schließt", "setzt": "setzt",
    "sprengt": "sprengst", "verbindet": "verbindest", "verdoppelt": "verdoppelst",
    "verkauft": "verkaufst", "verliert": "verlierst", "versetzt": "versetzt",
    "versteigert": "versteigerst", "wirbt": "wirbst", "wählt": "wählst", "zahlt": "zahlst",
    "zieht": "ziehst", "überlässt": "überlässt",
}


def test_every_german_sentence_a_seat_begins_is_said_to_it_with_its_du_form():
    """Every German message of the catalogue that begins "{seat} <verb>" (the event
    sentences said anew to a German reader), said to that seat: "Du" and the du-form of
    GERMAN_DU, for its verb and a verb joined to it by "und" in its first clause."""
    checked = 0
    for message in german_catalogue():
        for text in message.string if isinstance(message.string, tuple) else [message.string]:
            if not text or not text.startswith("{seat} "):
                continue
            words = text.split(":")[0].split(";")[0].split(" ")
            verbs = [1] + [i + 1 for i, word in enumerate(words[:-1]) if word == "und" and words[i + 1] in GERMAN_DU]
            assert words[1] in GERMAN_DU, f"a new verb: write its du-form in GERMAN_DU: {text}"
            said = addressed(text.replace("{seat}", "seat 0", 1), 0, "de").split(":")[0].split(";")[0].split(" ")
            assert said[0] == "Du", text
            assert [said[i] for i in verbs] == [GERMAN_DU[words[i]] for i in verbs], (text, said)
            checked += 1
    assert checked > 100


def test_every_sentence_a_seat_begins_is_said_to_it_with_its_verb_for_you():
    """Every event type of the four games whose sentence begins with its seat: said to
    that seat, it begins "You" and its verbs (the first and those joined by "and") are
    the form "you" takes, as `inflect`'s plural_verb (PyPI) gives it, the oracle."""
    oracle, checked = inflect.engine(), 0
    for game in game_types().values():
        if game.events is None:
            continue
        for kind, sentence in game.events.sentences.items():
            if not isinstance(sentence, str) or not sentence.startswith("{seat} "):
                continue
            words = sentence.split(" ")
            verbs = [1] + [i + 1 for i, word in enumerate(words[:-1]) if word == "and" and i == 2]
            said = addressed(sentence.replace("{seat}", "seat 0", 1), 0).split(" ")
            assert said[0] == "You", (game.id, kind, said)
            assert [said[i] for i in verbs] == [oracle.plural_verb(words[i]) for i in verbs], (game.id, kind, said)
            checked += 1
    assert checked > 60


@pytest.mark.parametrize("language, ids, said", [
    ("en", ["wood"], "wood"),
    ("en", ["wood", "green"], "wood and green"),
    ("en", ["wood", "green", "bronze"], "wood, green and bronze"),
    ("de", ["wood"], "holzfarben"),
    ("de", ["wood", "green"], "holzfarben und grün"),
    ("de", ["wood", "green", "bronze"], "holzfarben, grün und bronze"),     # no comma before "und"
])
def test_a_list_in_a_sentence_is_joined_as_the_language_lists(language, ids, said):
    """A list of things in an event's sentence (Saying.value, every game's lists: the
    colours, cards, tiles a field names) reads "A, B and C", in German "A, B und C"
    (Duden: no comma before "und" in a list), never "A and B and C"; said to its seat,
    only the subject's verb changes, not the list's last word after "und"/"and"."""
    joined = Saying(speech=speech_of(language)).value(ids)
    assert joined == said
    verb, you = ("unlocks", "You unlock") if language == "en" else ("schaltet", "Du schaltest")
    assert addressed(f"seat 1 {verb} {joined} frei", 1, language) == f"{you} {joined} frei"
