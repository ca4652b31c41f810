"""AKTION: ENTWICKLUNG, AKTION: ZWEI KARTEN ZIEHEN, AKTION: PASSEN."""
from __future__ import annotations

from tests.games.age_of_industry.builders import ENGINE, a_game, play, refused, with_hand


def test_develop_removes_any_tile_for_a_discarded_card():
    """Ein beliebiges Plättchen entfernen; dafür eine Karte abwerfen."""
    state = with_hand(a_game(), 0, "port")
    state = play(state, 0, {"action": "develop", "industry": "cotton_mill", "level": 3, "card": "port"})
    assert state.players[0].display["cotton_mill"] == [1, 1, 2, 2, 3, 4, 4]
    assert state.players[0].hand == [] and state.discard == ["port"]


def test_develop_example_level_zero_goods_away_then_level_three():
    """BEISPIEL: zwei Entwicklungen entfernen die Stufe-0-Plättchen; dann Stufe drei."""
    state = with_hand(a_game(), 0, "port", "brown")
    for card in ("port", "brown"):
        state = play(state, 0, {"action": "develop", "industry": "manufactured_goods", "level": 0, "card": card})
    assert state.players[0].display["manufactured_goods"][0] == 3


def test_develop_needs_a_card():
    state = a_game()
    assert "discard a card" in refused(state, 0, {"action": "develop", "industry": "ship",
                                                  "level": 0, "card": "port"}).reason


def test_draw_two_from_deck_or_face_up_then_refill():
    """Zwei Karten vom Stapel oder aus der Auslage, in beliebiger Kombination; danach
    wird die Auslage nachgefüllt."""
    state = a_game()
    face_up, top = list(state.face_up), state.deck[-1]
    state = play(state, 0, {"action": "draw", "face_up": [face_up[0]], "deck": 1})
    assert sorted(state.players[0].hand) == sorted([face_up[0], top])
    assert len(state.face_up) == 2 and face_up[1] in state.face_up


def test_draw_exactly_two_cards():
    """AKTION: ZWEI KARTEN ZIEHEN: "Als Aktion kann ein Spieler zwei Karten ziehen"; fewer
    only at the hand limit ("kann nur eine Karte ziehen")."""
    state = a_game()
    draws = [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "draw"]
    assert draws and all(len(m["face_up"]) + m["deck"] == 2 for m in draws)
    assert "draw 2" in refused(state, 0, {"action": "draw", "face_up": [], "deck": 1}).reason


def test_draw_hand_limit_nine():
    """Wer acht Karten hat, kann nur eine Karte ziehen; nie mehr als neun."""
    state = a_game()
    with_hand(state, 0, *state.deck[:8])
    draws = [m for m in ENGINE.legal_moves(state, 0) if m["action"] == "draw"]
    assert draws and all(len(m["face_up"]) + m["deck"] == 1 for m in draws)
    state = play(state, 0, draws[0])
    assert not any(m["action"] == "draw" for m in ENGINE.legal_moves(state, 0))


def test_draw_face_up_only_listed_cards():
    state = a_game()
    missing = next(c for c in ("port", "brown", "ship", "grey") if c not in state.face_up)
    assert refused(state, 0, {"action": "draw", "face_up": [missing], "deck": 1})


def test_pass_discards_a_card():
    """Passen: eine Karte abwerfen."""
    state = with_hand(a_game(), 0, "ship")
    assert refused(state, 0, {"action": "pass"})
    state = play(state, 0, {"action": "pass", "card": "ship"})
    assert state.discard == ["ship"] and state.actions_left == 1


def test_pass_free_when_hand_and_deck_empty():
    """Ohne Handkarten und mit leerem Stapel darf man passen, ohne abzuwerfen."""
    state = a_game()
    state.discard, state.deck = state.deck, []
    assert {"action": "pass"} in ENGINE.legal_moves(state, 0)
    assert play(state, 0, {"action": "pass"}).actions_left == 1
