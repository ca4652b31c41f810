"""The text notation, the views and the e-mail rendering."""
import pytest

from service.games.base import NotationError
from tests.games.industry.builders import a_game, engine, owning, play


@pytest.mark.parametrize("text,move", [
    ("auction 2d", {"action": "auction", "space": "2D"}),
    ("bid 3", {"action": "bid", "amount": 3}),
    ("  PASS ", {"action": "pass"}),
    ("sell", {"action": "sell"}), ("claim", {"action": "claim"}),
    ("develop 1D", {"action": "develop", "space": "1D"}),
    ("develop 3H seat2 joker?", {"action": "develop", "space": "3H",
                                 "supply": ["seat2", "joker?"]}),
    ("done", {"action": "done"}), ("subsidy", {"action": "subsidy"})])
def test_notation_reads_every_move_and_writes_it_back(text, move):
    assert engine.parse(text) == move
    assert engine.parse(engine.format(move)) == move


@pytest.mark.parametrize("text,hint", [("", "empty"), ("bid x", "whole number"),
                                       ("auction 7Z", "not a space"), ("fly 1A", "moves are")])
def test_notation_errors_say_what_would_be_right(text, hint):
    with pytest.raises(NotationError, match=hint):
        engine.parse(text)


def test_views_show_everything_but_the_generator():
    """All is public here (money "stets gut sichtbar"); the bag's contents are shown
    sorted, its draw order is the hidden generator's."""
    state = a_game()
    public = engine.view(state, None)["public"]
    assert "rng" not in public and public["bag"] == sorted(state.bag)
    assert public["money"] == state.money and public["board"] == "provisional"
    assert all(engine.view(state, seat)["private"] == {} for seat in range(3))
    assert public["to_act"] == [0] and len(public["available"]) == 3


def test_render_text_shows_the_board_the_seat_and_its_moves():
    state = owning(a_game(), "1D", 1)
    state = play(state, f"auction 1{state.face_up[0]}")
    text = engine.render_text(state, 1)
    assert "PROVISIONAL" in text and "on auction:" in text and "your spaces:" in text
    assert "1D" in text and "  pass" in text and "seat 1:" in text
    assert f"bid 1 to {state.money[1]}" in text
    assert "your moves" not in engine.render_text(state, None)
