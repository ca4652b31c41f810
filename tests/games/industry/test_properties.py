"""Property tests (hypothesis draws seats, seeds and the option) over random games:
the invariants issue 5 names.

- money is conserved: the seats' Taler and the Kasse always add up to the box's 59
  (the Kasse may go below 0: it never runs out), and no seat ever holds less than 0;
- every one of the 60 spaces is auctioned exactly once ("won" once in the events),
  each in its own epoch, and no seat has more markers on the board than its 23;
- the game ends after epoch 5, when its 12 spaces are gone, and not before;
- setup + log replays to the same state (canonical JSON of dump), events included.
"""
import random

from hypothesis import given, settings, strategies as st

from service.games.industry import GAME
from service.games.industry.board import BOARD
from service.games.industry.state import COINS_TOTAL, OWNERSHIP_MARKERS
from tests.games.harness import canonical, play_random_game

engine = GAME.engine
games = dict(seats=st.sampled_from([3, 4]), seed=st.integers(0, 2**32 - 1),
             recommended=st.booleans())


def invariants(engine, state, seat, moves, chooser):
    assert sum(state.money) + state.kasse == COINS_TOTAL
    assert min(state.money) >= 0
    assert all(0 <= state.markers_left(s) <= OWNERSHIP_MARKERS for s in range(state.seats))
    assert all(space[0] == str(mark["epoch"]) for space, mark in state.owned.items())
    assert state.epoch <= 5 and engine.result(state) is None


def replayed_with_events(seats, seed, options, log):
    state = engine.setup(GAME.resolve_options(options), seats, seed)
    events = []
    for seat, move in log:
        assert engine.to_act(state) == [seat]
        state, new = engine.apply(state, seat, move)
        events += new
    return state, events


@settings(max_examples=6, deadline=None)
@given(**games)
def test_random_games_keep_money_auction_every_space_once_end_after_epoch_5_and_replay(
        seats, seed, recommended):
    options = {"recommended_marker_counts": recommended}
    played = play_random_game(GAME, seats, seed, options, check=invariants)
    state = played.state
    assert sum(state.money) + state.kasse == COINS_TOTAL
    again, events = replayed_with_events(seats, seed, options, played.log)
    assert canonical(engine.dump(again)) == canonical(engine.dump(state))
    won = [e["space"] for e in events if e["type"] == "won"]
    assert sorted(won) == sorted(BOARD.spaces) == sorted(state.auctioned)
    assert [e["epoch"] for e in events if e["type"] == "epoch_change"] == [2, 3, 4, 5]
    assert state.epoch == 5 and state.phase == "over" and engine.to_act(state) == []
    assert events[-1]["type"] == "game_over" and engine.result(state)["scores"] == events[-1]["scores"]


@settings(max_examples=10, deadline=None)
@given(**games, steps=st.integers(0, 300))
def test_a_seat_is_asked_only_with_a_choice_and_forced_moves_were_the_only_legal_ones(
        seats, seed, recommended, steps):
    """After every move the engine plays each turn that has exactly one legal move
    ("forced" event). So the seat to act always has two or more moves, and each forced
    move, replayed step by step, was the one move listed for that seat at that moment."""
    state = engine.setup(GAME.resolve_options({"recommended_marker_counts": recommended}),
                         seats, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if engine.result(state) is not None:
            break
        seat = engine.to_act(state)[0]
        moves = engine.legal_moves(state, seat)
        assert len(moves) >= 2
        move = chooser.choice(moves)
        stepwise = engine.load(engine.dump(state))
        state, events = engine.apply(state, seat, move)
        engine.play(stepwise, seat, move, [])
        for forced in (e for e in events if e["type"] == "forced"):
            assert engine.to_act(stepwise) == [forced["seat"]]
            assert engine.legal_moves(stepwise, forced["seat"]) == [forced["move"]]
            engine.play(stepwise, forced["seat"], forced["move"], [])
        assert canonical(engine.dump(stepwise)) == canonical(engine.dump(state))
