"""Issue 31: the events the engines write, and the boards, said to a German reader in
German. Over seeded random games of every game (Ultimate Railroads with its modules and
boards too), every event a German reader is told is said anew from its fields through
the catalogue: no sentence an English event template writes, the game's names as the
German rulebooks print them; the engines still store the English `text` (the API's).
The numbers an event's text tells after it (money, VP, income, cubes, flipped tiles)
are said in German with their plurals, and so is each game's board (render_text)."""
from __future__ import annotations

import pytest

from service import i18n
from service.games.registry import game_types
from tests.games.test_events import VARIANTS, played_moves
from tests.i18n.catalogue import english_events_in, english_in

NAMES = ["Ada", "Bert", "Cleo", "Dara"]
SEATS = {"ultimate-railroads": 2, "brass-lancashire": 4}


def said_in(game, language: str, events: list[dict]) -> list[str]:
    with i18n.speaking(language):
        words = game.presented(NAMES)
        return [words.sentence(event) for event in events]


@pytest.mark.parametrize("game_id, options, seed", VARIANTS,
                         ids=[f"{g}-{'-'.join(map(str, (o or {}).values()))}" for g, o, _ in VARIANTS])
def test_every_event_of_a_random_game_is_said_in_german(game_id, options, seed):
    """seeds/003 AKTIONEN, seeds/000 Spielablauf, seeds/001 Phase 1-5, seeds/004
    ALLGEMEIN: EINEN SPIELZUG AUSFÜHREN: every action and step an event tells, told in
    German; the stored text stays the English sentence."""
    game = game_types()[game_id]
    events = [e for *_, made in played_moves(game, SEATS.get(game_id, 3), seed, options) for e in made]
    types = {event["type"] for event in events}
    german, english = said_in(game, "de", events), said_in(game, "en", events)
    found = english_events_in("\n".join(german))
    assert found == [] and english_in("\n".join(german)) == [], found
    assert all(line != event["text"] for line, event in zip(german, events)), \
        [(line, event["type"]) for line, event in zip(german, events) if line == event["text"]][:5]
    assert english_events_in("\n".join(english)), "the English sentences are found: the check can fail"
    assert len(types) >= 5


def test_a_count_takes_its_german_plural():
    """seeds/003 AKTION: KREDIT AUFNEHMEN, Karten ziehen: "1 Karte", "2 Karten"."""
    brass = game_types()["brass-lancashire"]
    drew = [brass.events.make("drew", 0, count=n) for n in (1, 2)]
    assert [e["text"] for e in drew] == ["seat 0 draws 1 card", "seat 0 draws 2 cards"]
    assert said_in(brass, "de", drew) == ["Ada zieht 1 Karte", "Ada zieht 2 Karten"]


def test_the_numbers_an_event_tells_are_said_in_german():
    """seeds/003 EINKOMMEN, KREDIT AUFNEHMEN (Einkommensstufen zurücksetzen), UMDREHEN:
    money, VP, income steps, cubes and flipped tiles in the rulebook's words."""
    brass = game_types()["brass-lancashire"]
    numbers = {"money": [5, -3], "vp": [0, 2], "income": [-2, 1], "cubes_taken": {"wigan:0": 2},
               "flipped": [{"tile": "wigan:0", "industry": "coal_mine", "owner": 1}]}
    english = brass.events.numbers_text(numbers)
    assert english == ("seat 0 receives £5; seat 1 pays £3; seat 1 scores 2 VP; seat 0 moves down 2 income "
                       "spaces; seat 1 moves up 1 income space; cubes taken: 2 from Wigan (slot 1); "
                       "flipped: seat 1's coal mine at Wigan (slot 1)")
    with i18n.speaking("de"):
        words = brass.presented(NAMES)
        german = words.text(brass.events.numbers_text(numbers, words.saying()))
    assert german == ("Ada erhält £5; Bert zahlt £3; Bert erhält 2 SP; Ada setzt den Einkommensmarker 2 "
                      "Felder zurück; Bert rückt den Einkommensmarker 1 Feld vor; Würfel genommen: 2 von "
                      "Wigan, Platz 0; umgedreht: Kohlebergwerk von Bert in Wigan, Platz 0")


@pytest.mark.parametrize("game_id, options", [("brass-lancashire", {}), ("age-of-industry", {"map": "germany"}),
                                              ("industry", {}), ("ultimate-railroads", {"coal": True})])
def test_the_board_is_written_in_german(game_id, options):
    """The board of the mails (render_text) in German: its lines through the catalogue,
    English for an English reader as before."""
    game = game_types()[game_id]
    for _, (_before, seat, state, _events) in zip(range(40), played_moves(game, 3, 5, options)):
        pass
    with i18n.speaking("de"):
        german = game.presented(NAMES).view(state, seat)
    with i18n.speaking("en"):
        english = game.presented(NAMES).view(state, seat)
    assert english_in(german) == [] and english_in(english), english_in(german)
