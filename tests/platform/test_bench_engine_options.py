"""Issue 17: `pbem bench engine GAME --options JSON` measures a game with its options
(the solo game against Emil here); an option not played with that many players is
refused naming it."""
from __future__ import annotations

import pytest

from service.bench import engine


def test_bench_engine_plays_the_given_options(capsys):
    engine.engine("ultimate-railroads", seats=1, games=1, options={"emil": True})
    out = capsys.readouterr().out
    assert "1 seats, options {'board': 'russia', 'emil': True," in out and "games/s" in out
    assert "decision (legal_moves + apply) p99" in out


def test_bench_engine_refuses_an_option_not_played_with_that_many_players():
    with pytest.raises(SystemExit) as refused:
        engine.engine("ultimate-railroads", seats=3, games=1, options={"emil": True})
    assert str(refused.value).startswith("options.emil:")
