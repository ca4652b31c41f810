"""Issue 28: `pbem bench bot GAME --options JSON --seats N` plays the given options (as
`bench engine` takes them) and says which; an option not played with that many players
is refused naming it, before any game is played."""
from __future__ import annotations

import subprocess
import sys

import pytest

from service.bench import bot


def test_bench_bot_plays_and_prints_the_given_options(capsys):
    bot.bench("ultimate-railroads", games=1, seats=1, options={"emil": True, "coal": True})
    out = capsys.readouterr().out
    assert "1 games, 1 seats, options {'board': 'russia', 'emil': True, 'coal': True," in out
    assert "win rate" in out and "think time (CPU)" in out and "think time (wall)" in out


def moves_line(out: str) -> str:
    return next(line for line in out.splitlines() if "the bot's moves by action" in line)


@pytest.mark.parametrize("module,actions", [("werklok", ("werklok",)), ("coal", ("coal", "stoker"))])
def test_bench_bot_plays_the_module_it_is_given(capsys, module, actions):
    """Not only printed: the games are set up with the option, so the bot plays the
    module's own moves (WERKLOK: the works train's tiles; KOHLE-MODUL: "Wie kann ich meine
    Kohle nutzen?", the stoker), and none of them without it."""
    bot.bench("ultimate-railroads", games=1, seats=1, options={"emil": True, module: True})
    with_module = moves_line(capsys.readouterr().out)
    bot.bench("ultimate-railroads", games=1, seats=1, options={"emil": True})
    without = moves_line(capsys.readouterr().out)
    for action in actions:
        assert f" {action} " in with_module and f" {action} " not in without, (with_module, without)


def test_bench_bot_refuses_an_option_not_played_with_that_many_players():
    with pytest.raises(SystemExit) as refused:
        bot.bench("ultimate-railroads", games=1, seats=3, options={"emil": True})
    assert str(refused.value).startswith("options.emil:")


def test_pbem_bench_bot_takes_options_on_the_command_line():
    run = subprocess.run([sys.executable, "-m", "service.cli", "bench", "bot", "ultimate-railroads",
                          "--seats", "3", "--games", "1", "--options", '{"emil": true}'],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and run.stderr.strip().startswith("options.emil:")
