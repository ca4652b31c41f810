"""An engine's sentence said to the player it is about, in the second person (issue 27:
a preview of the seat's own move reads "You build a level-1 coal mine in Blackburn",
not "Ada builds ..."). The engines write every sentence in the third person with the
seat as "seat N"; here that seat becomes "you" ("du"): as the subject, its verbs (the
first one and those joined to it by "and") take the form "you" takes.

The sentence is in the language `addressed` is told (the reader's when the sentence was
said anew from the catalogue, English when it is an engine's stored text). In English a
verb ends in -s ("builds": "build", "passes": "pass", "carries": "carry", "has":
"have"), "its" becomes "your", "seat N's" "your" and any other "seat N" "you". In
German the subject becomes "du" and its verb the du-form of the Duden's rules: the
ending -t becomes -st ("baut": "baust"; a verb that changes its vowel keeps the change,
"gibt": "gibst", "nimmt": "nimmst"), -et becomes -est (stems in -t/-d: "verbindet":
"verbindest"), stems in -s/-ß/-z/-x take only -t ("passt", "schließt", "setzt"), and the
vowel-changing stems in -t/-d whose third person has no ending add -st to it ("hält":
"hältst", also "erhält", "behält": irregular forms are found by their ending, so the
prefixed verbs take them too). Where the seat is not the subject a German sentence
keeps it (Words.text names the player): its case ("dich", "dir", "deine") is not told by
the sentence.

By rules and a few irregular verbs, not a library: `inflect` (PyPI, its plural_verb does
the English) was measured at 1.5 s of CPU to import (it runs typeguard over its
functions), about all of the games' import time, paid by every worker and command, for
the few dozen verbs of the games' sentences; it is kept as the test's oracle
(tests/games/test_addressing.py checks every sentence's verb against it; the German
against a table of du-forms written from the grammar). No library at hand conjugates
German (mlconjug3 and verbecc do the Romance languages and English)."""
from __future__ import annotations

import re

ENGLISH_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go"}
GERMAN_IRREGULAR = {"ist": "bist", "hat": "hast", "wird": "wirst", "kann": "kannst",
                    "muss": "musst", "darf": "darfst", "will": "willst", "soll": "sollst",
                    "mag": "magst", "weiß": "weißt"}
# vowel-changing stems in -t/-d: the third person without an ending, the du-form adds -st;
# by ending, so that "erhält", "behält", "enthält", "betritt", "verrät" take them too
GERMAN_IRREGULAR_ENDINGS = {"hält": "hältst", "gilt": "giltst", "tritt": "trittst",
                            "rät": "rätst", "brät": "brätst", "lädt": "lädst", "ficht": "fichtst"}
GERMAN_SIBILANT = re.compile(r"(?:s|ß|z|x)t$")      # "passt", "setzt": du passt, du setzt
GERMAN = "de"


def english_verb(third: str) -> str | None:
    """"builds": "build", "passes": "pass", "carries": "carry"; None: not such a verb."""
    if third in ENGLISH_IRREGULAR:
        return ENGLISH_IRREGULAR[third]
    if not re.fullmatch(r"[a-z]+s", third) or third.endswith("ss"):
        return None
    if re.search(r"[^aeiou]ies$", third):
        return third[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z)es$", third):
        return third[:-2]
    return third[:-1]


def german_verb(third: str) -> str | None:
    """"baut": "baust", "verbindet": "verbindest", "passt": "passt"; None: not such a verb."""
    if third in GERMAN_IRREGULAR:
        return GERMAN_IRREGULAR[third]
    if not re.fullmatch(r"[a-zäöüß]+t", third):
        return None
    for ending, said in GERMAN_IRREGULAR_ENDINGS.items():
        if third.endswith(ending):
            return third.removesuffix(ending) + said
    return third if GERMAN_SIBILANT.search(third) else third[:-1] + "st"


def addressed(text: str, seat: int, language: str = "en") -> str:
    """`text` (an engine's sentence, seats as "seat N", in `language`) said to `seat`."""
    label = rf"[Ss]eat ?{seat}\b"
    if language == GERMAN:
        return addressed_in_german(text, label)
    subject = re.match(rf"{label} (\w+)((?: and \w+)*)(.*)$", text, re.S)
    if subject and (verb := english_verb(subject.group(1))) is not None:
        joined = re.sub(r"(?<= and )(\w+)", lambda found: english_verb(found.group(1)) or found.group(1),
                        subject.group(2))
        rest = re.sub(r"\bits\b", "your", subject.group(3))
        text = f"You {verb}{joined}{rest}"
    text = re.sub(rf"{label}'s\b", "your", text)
    return re.sub(label, "you", text)


def addressed_in_german(text: str, label: str) -> str:
    """A German sentence said to its seat: as the subject "du", the verb and those joined
    to it by "und" in its first clause (up to a ":" or ";") in the du-form; the seat
    elsewhere as it stands (the player's name)."""
    subject = re.match(rf"{label} (\w+)([^:;]*)(.*)$", text, re.S)
    if not subject or (verb := german_verb(subject.group(1))) is None:
        return text
    joined = re.sub(r"(?<=\bund )(\w+)", lambda found: german_verb(found.group(1)) or found.group(1),
                    subject.group(2))
    return f"Du {verb}{joined}{subject.group(3)}"
