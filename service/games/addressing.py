"""An engine's sentence said to the player it is about, in the second person (issue 27:
a preview of the seat's own move reads "You build a level-1 coal mine in Blackburn",
not "Ada builds ..."). The engines write every sentence in the third person with the
seat as "seat N"; here that seat becomes "you": as the subject, its verbs (the first
one and those joined to it by "and") take the form "you" takes, "its" becomes "your";
"seat N's" becomes "your" and any other "seat N" "you".

The verb's form is told by its own ending, not by the reader's language, as the
sentences may be English in a German page: an English verb ends in -s ("builds":
"build", "passes": "pass", "carries": "carry", "has": "have"), a German one in -t
("baut": "du baust"). By rules and a few irregular verbs, not a library: `inflect`
(PyPI, its plural_verb does the English) was measured at 1.5 s of CPU to import (it
runs typeguard over its functions), about all of the games' import time, paid by every
worker and command, for the few dozen verbs of the games' sentences; it is kept as the
test's oracle (tests/games/test_addressing.py checks every sentence's verb against
it). No library at hand conjugates German (mlconjug3 and verbecc do the Romance
languages and English)."""
from __future__ import annotations

import re

ENGLISH_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go"}
GERMAN_IRREGULAR = {"ist": "bist", "hat": "hast", "wird": "wirst", "kann": "kannst",
                    "muss": "musst", "darf": "darfst", "will": "willst", "soll": "sollst",
                    "mag": "magst", "weiß": "weißt", "hält": "hältst", "gilt": "giltst",
                    "tritt": "trittst", "lässt": "lässt"}
GERMAN_SIBILANT = re.compile(r"(?:s|ß|z|x)t$")      # "passt", "setzt": du passt, du setzt


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
    return third if GERMAN_SIBILANT.search(third) else third[:-1] + "st"


def second_person(verb: str) -> tuple[str, str] | None:
    """The pronoun and the verb's form for it: ("you", "build"), ("du", "baust")."""
    if (german := german_verb(verb)) is not None and english_verb(verb) is None:
        return "du", german
    if (english := english_verb(verb)) is not None:
        return "you", english
    return None


def addressed(text: str, seat: int) -> str:
    """`text` (an engine's sentence, seats as "seat N") said to `seat`."""
    label = rf"[Ss]eat ?{seat}\b"
    subject = re.match(rf"{label} (\w+)((?: and \w+)*)(.*)$", text, re.S)
    if subject and (said := second_person(subject.group(1))):
        pronoun, verb = said
        joined = re.sub(r"(?<= and )(\w+)", lambda found: (second_person(found.group(1))
                                                          or (pronoun, found.group(1)))[1],
                        subject.group(2))
        rest = subject.group(3)
        if pronoun == "you":
            rest = re.sub(r"\bits\b", "your", rest)
        text = f"{pronoun.capitalize()} {verb}{joined}{rest}"
    text = re.sub(rf"{label}'s\b", "your", text)
    return re.sub(label, "you", text)
