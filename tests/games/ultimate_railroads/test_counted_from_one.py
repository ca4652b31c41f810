"""WIE BAUST DU FABRIKEN ("eine der 5 Lücken deiner Industrieleiste") and the
INDUSTRIETABLEAU count gaps, wrenches and factory spots as the board shows them, from
the left, the first 1; the notation players type counts them from 0 (notation.py, the
contract). What players read counts from 1: the events' sentences, the contract's
description of them, a move described in words (presentation seam, names.py's
value_words) and the stoker's event (KOHLE-MODUL, DER HEIZER)."""
from __future__ import annotations

import yaml

from service.contract import SPEC_PATH
from service.games.events import Saying
from service.games.presentation import Words
from service.games.registry import game_type
from service.games.ultimate_railroads.events import EVENTS
from service.i18n import speech_of


def words() -> Words:
    return Words(game_type("ultimate-railroads"), ["Ada", "Bea"])


def test_a_move_described_in_words_counts_gaps_wrenches_and_spots_from_one():
    said = words()
    assert said.move({"action": "factory", "item": 0, "gap": 3}) == "Factory (gap: 4)"
    assert said.move({"action": "industry", "item": 0, "wrench": 1}) == "Industry (wrench: 2)"
    assert said.label("spot", 0) == "spot: 1"
    assert said.move({"action": "stoker", "item": 1, "at": "factory:3"}) == "Stoker (on: The factory in gap 4)"


def test_the_stoker_event_counts_the_gap_and_the_slot_from_one_in_english_and_german():
    on_factory = {"type": "stoker", "seat": 0, "at": "factory:3"}
    assert EVENTS.said(on_factory, Saying()).endswith("on the factory in gap 4")
    assert EVENTS.said(on_factory, Saying(speech=speech_of("de"))).endswith("auf die Fabrik in Lücke 4")
    assert EVENTS.said({"type": "stoker", "seat": 0, "at": "kyiv:0"}, Saying()).endswith(
        "on locomotive 1 of the kyiv route")


def test_the_contract_describes_the_events_counted_from_one_by_their_sentence_and_fields_from_zero():
    schemas = yaml.safe_load(SPEC_PATH.read_text())["components"]["schemas"]
    for name, template in (("UltimateRailroadsIndustryEvent", "moves wrench {wrench}"),
                           ("UltimateRailroadsFactoryEvent", "in gap {gap}")):
        assert template in schemas[name]["description"]
    gap = schemas["UltimateRailroadsFactoryEvent"]["allOf"][1]["properties"]["gap"]
    assert "Counted from 0" in gap["description"]
