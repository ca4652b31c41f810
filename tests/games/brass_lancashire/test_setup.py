"""VORBEREITUNG SPIELPLAN / VORBEREITUNG SPIELERBEREICH and the classic card set-up."""
from __future__ import annotations

import pytest

from service.games.brass_lancashire.data import (CARDS, COTTON_TILES, INCOME_START, LOCATIONS,
                                                 ROUNDS_PER_ERA, TOWNS)
from service.games.brass_lancashire.income import income_level
from service.games.brass_lancashire.setup import deck_faces

from .builders import a_game


@pytest.mark.parametrize("players, deck", [(2, 40), (3, 54), (4, 64)])
def test_setup_by_player_count(players, deck):
    """Cards without your player count and the two 1-player cards are removed; one card
    per player lies under the deck tile; everyone holds 8."""
    s = a_game(players).state
    assert len(s.beneath) == players
    assert all(len(hand) == 8 for hand in s.hands)
    assert len(s.deck) + len(s.beneath) + 8 * players == deck


@pytest.mark.parametrize("players, tiles", [(2, 7), (3, 9), (4, 12)])
def test_cotton_merchant_tiles_by_player_count(players, tiles):
    s = a_game(players).state
    assert len(s.cotton_face_down) == tiles and s.cotton_marker == 0


def test_markets_full_money_and_income():
    """One cube on every market space, £30 each, income marker on the 10 space (£0)."""
    s = a_game(3).state
    assert (s.coal_market, s.iron_market) == (8, 8)
    assert s.money == [30, 30, 30] and s.vp == [0, 0, 0]
    assert s.income == [INCOME_START] * 3 and income_level(INCOME_START) == 0


def test_random_turn_order():
    orders = {tuple(a_game(4, seed).state.order) for seed in range(12)}
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders) and len(orders) > 1


@pytest.mark.parametrize("players, under", [(3, 9), (4, 6)])
def test_classic_card_setup(players, under):
    """KLASSISCHE REGELN: all 66 cards; 9 (3 players) or 6 (4 players) under the deck tile."""
    s = a_game(players, rules="classic").state
    assert len(s.beneath) == under
    assert len(s.deck) + under + 8 * players == 66


@pytest.mark.parametrize("players", [3, 4])
def test_classic_card_setup_keeps_all_twelve_cotton_merchant_tiles(players):
    """KLASSISCHE REGELN: "Überspringt Schritt 2 der Vorbereitung Spielplan", and step 2
    is what removes the cotton merchant tiles without your player count."""
    s = a_game(players, rules="classic").state
    assert sorted(s.cotton_face_down) == sorted(t["value"] for t in COTTON_TILES)


def test_classic_rules_keep_the_roxley_cards_for_two_players():
    s = a_game(2, rules="classic").state
    assert len(s.deck) + len(s.beneath) + 16 == 40


@pytest.mark.parametrize("players, absent", [(2, {"blue", "teal"}), (3, {"teal"}), (4, set())])
def test_location_banners_by_player_count(players, absent):
    """ORTSNAMEN-BANNER: 2 players: no blue or teal location cards in the deck; 3: no
    teal ones; 4: every location card."""
    faces = set(deck_faces({}, players))
    bands = {loc: LOCATIONS[loc]["card_band"] for loc in TOWNS}
    assert {loc for loc, band in bands.items() if band in absent} & faces == set()
    assert {loc for loc, band in bands.items() if band not in absent} <= faces


def test_the_two_one_player_cards_are_removed():
    """VORBEREITUNG SPIELPLAN 2: "Entfernt auch die beiden Karten mit dem I-Symbol"."""
    for players in (2, 3, 4):
        faces = deck_faces({}, players)
        kept = [c for c in CARDS if players in c["player_counts"]]
        assert len(faces) == len(kept) == 2 * players * ROUNDS_PER_ERA[players]
        assert not any(c.get("one_player_icon") for c in kept)
