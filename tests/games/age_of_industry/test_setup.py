"""SPIELVORBEREITUNG: what the table looks like before the first move."""
from __future__ import annotations

from collections import Counter

from service.games.age_of_industry.data import DECK, LEVELS, MAPS, MARKET_TILES, TRACKS
from service.games.age_of_industry.setup import setup_state


def test_setup_no_money_six_cards_two_face_up():
    """Zu Spielbeginn hat niemand Geld; sechs Karten je Spieler; zwei offene Karten."""
    for seats in (3, 4, 5):
        state = setup_state("germany", seats, 3)
        assert [p.money for p in state.players] == [0] * seats
        assert [len(p.hand) for p in state.players] == [6] * seats
        assert len(state.face_up) == 2
        assert len(state.deck) == 66 - 6 * seats - 2
        cards = [c for p in state.players for c in p.hand] + state.face_up + state.deck
        assert Counter(cards) == Counter(DECK)


def test_setup_demand_tracks_filled():
    """Auf jedes schwarze (orangefarbene) Feld der Bedarfsleiste ein Klötzchen."""
    state = setup_state("new_england", 3, 1)
    assert state.track == {r: len(p) for r, p in TRACKS.items()}


def test_setup_market_tiles_on_market_spaces_extras_out():
    """Marktplättchen verdeckt gemischt, eins auf jedes Marktfeld, der Rest in die Schachtel."""
    for map_id in ("germany", "new_england"):
        placed = []
        for seed in range(20):
            state = setup_state(map_id, 3, seed)
            assert sorted(state.markets) == sorted(MAPS[map_id].market_order)
            kinds = [m["kind"] for m in state.markets.values()] + state.unused_market_tiles
            assert Counter(kinds) == Counter(MARKET_TILES)
            assert not any(m["flipped"] for m in state.markets.values())
            placed.append(tuple(m["kind"] for m in state.markets.values()))
        assert len(set(placed)) > 1, "the tiles are shuffled"


def test_setup_random_start_player_then_clockwise():
    """Ein Startspieler wird bestimmt; die anderen folgen im Uhrzeigersinn."""
    starts = set()
    for seed in range(30):
        order = setup_state("germany", 4, seed).order
        assert order == [(order[0] + i) % 4 for i in range(4)]
        starts.add(order[0])
    assert starts == {0, 1, 2, 3}


def test_setup_display_full_with_level_zero_tiles():
    """Each display holds two tiles of every value, one level-0 ship, all rails."""
    player = setup_state("germany", 3, 1).players[0]
    assert player.display["manufactured_goods"][:2] == [0, 0]
    assert player.display["ship"][0] == 0 and player.display["ship"].count(0) == 1
    assert sum(len(v) for v in player.display.values()) == 35
    assert player.rails_left == 12
    assert all(player.display[i] == sorted(player.display[i]) for i in LEVELS)
