"""The text notation, the views and the e-mail rendering."""
from __future__ import annotations

import pytest

from service.games.base import NotationError
from tests.games.age_of_industry.builders import ENGINE, a_game, with_hand, with_tile


@pytest.mark.parametrize("text, move", [
    ("build koeln.1 cotton with brown combined coal from essen.1",
     {"action": "build", "card": "brown", "space": "koeln.1", "industry": "cotton_mill",
      "combined": True, "coal_from": "essen.1"}),
    ("connect hamburg-kiel", {"action": "rail", "link": "kiel-hamburg"}),
    ("sell berlin.1 to poland.market", {"action": "sell", "mill": "berlin.1", "outlet": "poland.market"}),
    ("end sale", {"action": "end_sale"}),
    ("develop goods 0 discard port", {"action": "develop", "industry": "manufactured_goods",
                                      "level": 0, "card": "port"}),
    ("draw deck brown", {"action": "draw", "face_up": ["brown"], "deck": 1}),
    ("pass discard ship", {"action": "pass", "card": "ship"}),
    ("pass", {"action": "pass"}), ("loan", {"action": "loan"}), ("repay", {"action": "repay"}),
])
def test_notation_parses_and_formats(text, move):
    assert ENGINE.parse(text) == move
    assert ENGINE.parse(ENGINE.format(move)) == move


@pytest.mark.parametrize("text", ["", "fly to the moon", "build koeln.1", "rail atlantis-kiel",
                                  "draw", "develop goods x discard port", "end", "loan now"])
def test_notation_errors_say_what_would_parse(text):
    with pytest.raises(NotationError):
        ENGINE.parse(text)


def test_views_hide_hands_and_deck():
    state = with_hand(a_game(), 0, "ship", "port")
    spectator = ENGINE.view(state, None)
    assert spectator["private"] == {} and "deck" not in spectator["public"]
    assert spectator["public"]["players"][0]["hand_size"] == 2
    assert ENGINE.view(state, 0)["private"] == {"hand": ["port", "ship"]}
    assert "unused_market_tiles" in spectator["public"] and \
        isinstance(spectator["public"]["unused_market_tiles"], int)


def test_render_text_shows_board_and_own_hand():
    state = with_tile(with_hand(a_game("new_england"), 0, "ship"), "boston.1", 1, "port")
    text = ENGINE.render_text(state, 0)
    assert "boston" in text and "[port 1 seat 1]" in text and "Your hand: ship" in text
    assert "provisional" in text
    assert "Your hand" not in ENGINE.render_text(state, None)


@pytest.mark.parametrize("move", [
    {"action": "sell", "mill": [], "outlet": "x"}, {"action": "draw", "face_up": "brown", "deck": 1},
    {"action": "draw", "face_up": [], "deck": True}, {"action": "build", "card": "brown"},
    {"action": "fly"}, ["pass"], {"action": "loan", "amount": 20}])
def test_malformed_moves_are_refused_with_a_reason(move):
    from service.games.base import IllegalMove
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(a_game(), 0, move)
    assert refused.value.reason and refused.value.field


def test_deck_cards_drawn_are_shown_only_to_the_drawer():
    state = a_game()
    top = state.deck[-1]
    _, events = ENGINE.apply(state, 0, {"action": "draw", "face_up": [], "deck": 2})
    private = [e for e in events if "visible_to" in e]
    assert private == [{"type": "drew", "seat": 0, "text": "seat 0 draws 2 cards from the deck",
                        "count": 2, "cards": [top, state.deck[-2]], "visible_to": [0]}]
    assert all(not e.get("cards") for e in events if "visible_to" not in e)
