"""Issue 27, previews "in the second person for the seat's own move": an engine's
sentence said to the player it is about (service/games/addressing.py)."""
from __future__ import annotations

import inflect
import pytest

from service.games.addressing import addressed
from service.games.registry import game_types


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
    ("seat 1 baut eine Zeche in Berlin", "Du baust eine Zeche in Berlin"),     # a German sentence
    ("seat 1 passt", "Du passt"),
    ("seat 1 verbindet Berlin und Hamburg", "Du verbindest Berlin und Hamburg"),
    ("seat 1 ist am Zug", "Du bist am Zug"),
])
def test_a_sentence_said_to_its_seat(sentence, said):
    assert addressed(sentence, 1) == said


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
