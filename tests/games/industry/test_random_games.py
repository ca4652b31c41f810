"""Random games: the generic engine checks and the invariants of issue 5.

Money is conserved (seats + Kasse = the 59 Taler of the box), every space is auctioned
exactly once, the game ends after epoch 5, and setup + log replays to the same state.
"""
import pytest

from service.games.industry import GAME
from service.games.industry.board import BOARD
from service.games.industry.state import COINS_TOTAL
from tests.games.harness import canonical, full_check, play_random_game, replay
from tests.games.industry.golden import GAMES, read

engine = GAME.engine


def invariants(engine, state, seat, moves, chooser):
    assert sum(state.money) + state.kasse == COINS_TOTAL
    assert min(state.money) >= 0
    assert len(state.auctioned) == len(set(state.auctioned))
    assert all(m["epoch"] <= state.epoch for m in state.owned.values())
    for move in moves:
        assert engine.parse(engine.format(move)) == move


@pytest.mark.parametrize("seats,seed", [(3, 1), (4, 2)])
def test_random_game_passes_the_generic_checks(seats, seed):
    played = play_random_game(GAME, seats, seed, check=full_check(seats))
    assert engine.result(played.state) is not None


@pytest.mark.parametrize("seats,seed,option", [(s, seed, o) for s in (3, 4) for seed in range(6)
                                                for o in (False, True)])
def test_random_game_keeps_the_invariants_and_replays(seats, seed, option):
    options = {"recommended_marker_counts": option}
    played = play_random_game(GAME, seats, seed, options, check=invariants)
    state = played.state
    assert sorted(state.auctioned) == sorted(BOARD.spaces)
    assert state.epoch == 5 and state.phase == "over" and engine.to_act(state) == []
    result = engine.result(state)
    assert sorted(s for group in result["ranking"] for s in group) == list(range(seats))
    again = replay(GAME, seats, seed, options, played.log)
    assert canonical(engine.dump(again)) == canonical(engine.dump(state))
    assert sum(state.money) + state.kasse == COINS_TOTAL


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_recorded_game_replays_to_its_result(path):
    """Golden games (STYLE.md): setup, parse, apply; the recorded result, coins kept."""
    header, moves = read(path)
    state = engine.setup(header["options"], header["seats"], header["seed"])
    for seat, text in moves:
        assert engine.to_act(state) == [seat]
        state, _ = engine.apply(state, seat, engine.parse(text))
    assert engine.result(state) == header["result"]
    assert sum(state.money) + state.kasse == COINS_TOTAL
