"""Issue 31: Ultimate Railroads' places that its engine writes as `where:number` reach no
player as such: an engineer tile as an action space (`engineer:4`: "engineer 4",
"Ingenieurin 4"), the locomotive or factory a stoker goes on (`transsib:0`: "the
locomotive in slot 1, Trans-Siberian Railroad ..."; `factory:2`: "the factory in gap
3", "die Fabrik in Lücke 3"), a GERMAN RAILROADS station (`nuernberg_fuerth:4`: "the
station WÜRZBURG"). Whole random games with every module, their mails, choice labels,
previews and log (tests/workers/test_vocabulary.py's texts) in English and German: no
such identifier but in the moves a mail lists for copying back (the notation a reply
plays, `stoker #0 factory:2`). The board's idea tiles whose ids are only words
(`doublers`, `coins`) are named by what they give ("2 doublers", "2 Verdoppler"), and
what the German board wrote raw is said in German (the action pool, the occupied
spaces, Emil)."""
from __future__ import annotations

import re

import pytest

from service import i18n
from service.games.registry import game_types
from service.games.ultimate_railroads.move_schemas import MOVE_SCHEMAS
from service.games.ultimate_railroads.names import GERMAN_VERBS, PLACE
from tests.workers.test_vocabulary import texts_of_a_game

SETUPS = [({"board": "russia", "coal": True, "werklok": True, "special_ideas": True, "extra_engineers": True}, 3),
          ({"board": "germany", "coal": True, "werklok": True, "special_ideas": True, "extra_engineers": True}, 2),
          ({"board": "america", "coal": True, "special_ideas": True, "extra_engineers": True}, 4),
          ({"board": "asia", "industry_board": True, "coal": True, "emil": True, "extra_engineers": True}, 1)]
# a line a mail lists as a move to copy back begins with the notation's verb (or its German)
LISTED = re.compile(rf"^\s*(?:{'|'.join(sorted({*MOVE_SCHEMAS, *GERMAN_VERBS}, key=len, reverse=True))}|"
                    r"[a-z-]+ #\d+)\b")


def places_in(text: str) -> list[str]:
    return [found.group(0) for line in text.split("\n") if not LISTED.match(line)
            for found in PLACE.finditer(line)]


def test_a_place_is_said_in_words_in_both_languages():
    game = game_types()["ultimate-railroads"]
    said = game.presented(["Ada", "Bert"])
    assert said.text("seat 0 occupies engineer:4; seat 1 puts the stoker on factory:2") == \
        "Ada occupies engineer 4; Bert puts the stoker on the factory in gap 3"
    assert said.text("seat 0 lays the extension e4c at nuernberg_fuerth:4") == \
        "Ada lays the extension e4c at the station WÜRZBURG"
    assert said.move({"action": "stoker", "at": "transsib:0"}) == \
        "Stoker (on: The locomotive in slot 1, Trans-Siberian Railroad (Transsibirische Eisenbahn))"
    with i18n.speaking("de"):
        german = game.presented(["Ada", "Bert"])
        assert german.sentence({"type": "place", "seat": 0, "space": "engineer:4", "workers": 1,
                                "text": "seat 0 occupies engineer:4"}) == "Ada setzt Arbeiter auf Ingenieurin 4"
        assert german.sentence({"type": "stoker", "seat": 1, "at": "factory:2",
                                "text": "seat 1 puts the stoker on factory:2"}) == \
            "Bert setzt den Heizer auf die Fabrik in Lücke 3"
        assert german.move({"action": "place", "space": "engineer:7", "workers": 1}) == \
            "Arbeiter einsetzen (Aktionsfeld: Ingenieurin 7; Arbeiter: 1)"


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("options, seats", SETUPS, ids=[o["board"] for o, _ in SETUPS])
def test_no_place_reaches_a_player_as_an_identifier(options, seats, language):
    seen = set()
    with i18n.speaking(language):
        for what, text in texts_of_a_game("ultimate-railroads", options, seats, seed=3):
            assert places_in(text) == [], (what, places_in(text)[:5])
            seen.update(line for line in text.split("\n") if LISTED.match(line) and PLACE.search(line))
            if what in ("your turn", "game over"):       # the board: its idea tiles by what they give
                ideas = re.findall(r"(?:idea tiles left|übrige Ideenplättchen): ([^;]*);", " ".join(text.split()))
                assert "seatemil" not in text and ideas
                assert not any(re.search(r"(?<!\d )\b(?:doublers|coins|industry|coal)\b", left) for left in ideas), ideas
    assert seen, "no listed move named a place: the test would not see one said as an identifier"
