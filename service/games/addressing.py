"""An engine's sentence said to the player it is about, in the second person (issue 27:
a preview of the seat's own move reads "You build a level-1 coal mine in Blackburn",
not "Ada builds ..."). The engines write every sentence in the third person with the
seat as "seat N"; here that seat becomes "you": as the subject, its verbs (the first
one and those joined to it by "and") take the form "you" takes, "its" becomes "your";
"seat N's" becomes "your" and any other "seat N" "you".

The verb's form is told by its own ending, not by the reader's language, as the
sentences may be English in a German page: an English verb ends in -s ("builds":
"build", by `inflect`'s plural_verb, which knows the irregular ones: "has": "have"), a
German one in -t ("baut": "du baust"), by the rules below: no library at hand
conjugates German (mlconjug3 and verbecc do the Romance languages and English only)."""
from __future__ import annotations

import re

import inflect

ENGLISH = inflect.engine()
GERMAN_IRREGULAR = {"ist": "bist", "hat": "hast", "wird": "wirst", "kann": "kannst",
                    "muss": "musst", "darf": "darfst", "will": "willst", "soll": "sollst",
                    "mag": "magst", "weiß": "weißt", "hält": "hältst", "gilt": "giltst",
                    "tritt": "trittst", "lässt": "lässt"}
GERMAN_SIBILANT = re.compile(r"(?:s|ß|z|x)t$")      # "passt", "setzt": du passt, du setzt


def english_verb(third: str) -> str | None:
    """"builds": "build", "passes": "pass", "has": "have"; None: not such a verb."""
    if not re.fullmatch(r"[a-z]+s", third) or third.endswith("ss"):
        return None
    plural = ENGLISH.plural_verb(third)
    return plural if plural != third else None


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
