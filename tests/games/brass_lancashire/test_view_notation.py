"""Views hide hands, deck order and face-down cotton tiles; the text notation."""
from __future__ import annotations

import json

import pytest

from service.games.base import NotationError
from service.games.brass_lancashire.render import display

from .builders import ENGINE, a_game


def test_view_hides_hands_deck_and_cotton_tiles():
    s = a_game(3).state
    s.discards[1] = ["bolton"]
    for seat in (None, 0, 1, 2):
        public = ENGINE.view(s, seat)["public"]
        text = json.dumps(public)
        assert "hands" not in public and "deck" not in public and "cotton_face_down" not in public
        assert "rng" not in public and "beneath" not in public
        assert public["hand_sizes"] == [8, 8, 8] and public["discards"][1] == ["bolton"]
        assert str(s.rng) not in text
    assert ENGINE.view(s, 2)["private"] == {"hand": sorted(s.hands[2])}
    assert ENGINE.view(s, None)["private"] == {}


@pytest.mark.parametrize("text, move", [
    ("build manchester cotton_mill card=manchester",
     {"action": "build", "location": "manchester", "industry": "cotton_mill", "card": "manchester"}),
    ("build bolton iron_works cards=bolton+wigan coal=bury:0",
     {"action": "build", "location": "bolton", "industry": "iron_works", "cards": ["bolton", "wigan"],
      "coal": ["bury:0"]}),
    ("build wigan coal_mine card=wigan overbuild=1",
     {"action": "build", "location": "wigan", "industry": "coal_mine", "card": "wigan", "overbuild": 1}),
    ("connect bolton__wigan blackburn__wigan card=port coal=bolton:1,market",
     {"action": "connect", "links": ["bolton__wigan", "blackburn__wigan"], "card": "port",
      "coal": ["bolton:1", "market"]}),
    ("develop cotton_mill port card=bury iron=preston:2,preston:2",
     {"action": "develop", "industries": ["cotton_mill", "port"], "card": "bury",
      "iron": ["preston:2", "preston:2"]}),
    ("sell colne:0 via=distant card=wigan", {"action": "sell", "mill": "colne:0", "via": "distant", "card": "wigan"}),
    ("done", {"action": "done"}),
    ("loan 30 card=wigan", {"action": "loan", "amount": 30, "card": "wigan"}),
    ("pass card=wigan", {"action": "pass", "card": "wigan"}),
    ("remove_tile bolton:1", {"action": "remove_tile", "tile": "bolton:1"}),
])
def test_notation_round_trips(text, move):
    assert ENGINE.parse(text) == move and ENGINE.format(move) == text


def test_notation_synonyms():
    assert ENGINE.parse("Network bolton__bury card=wigan")["action"] == "connect"
    assert ENGINE.parse("remove bolton:1")["action"] == "remove_tile"
    assert ENGINE.parse("connect manchester-bolton card=wigan")["links"] == ["bolton__manchester"]
    assert ENGINE.parse("connect manchester__bolton card=wigan")["links"] == ["bolton__manchester"]


@pytest.mark.parametrize("text, hint", [
    ("", "start with one of"), ("fly bolton", "unknown action"), ("build bolton", "takes 2 word"),
    ("loan ten card=wigan", "number"), ("pass colour=red", "takes no colour="),
    ("connect card=wigan", "at least one link"),
])
def test_notation_errors_say_what_would_be_right(text, hint):
    with pytest.raises(NotationError, match=hint):
        ENGINE.parse(text)


def test_render_text_shows_the_board_and_the_hand():
    """Display names from the data (issue 14); the mail puts names for the seats."""
    g = a_game(2).with_tile("bolton:0", 0, "cotton_mill").with_link("bolton__bury", 0)
    text = ENGINE.render_text(g.state, 0)
    assert "Bolton: 0: Cotton mill L1 of seat 0" in text and "Bolton – Bury (seat 0)" in text
    assert "Your hand: " + ", ".join(sorted(map(display, g.state.hands[0]))) in text
    assert "Your hand" not in ENGINE.render_text(g.state, None)
