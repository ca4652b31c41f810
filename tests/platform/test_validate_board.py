"""`pbem validate-board GAME PATH`: the shipped data passes, a broken copy is refused
with its problems listed (the printed data will drop in through this door)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "service" / "games"
SHIPPED = {"industry": GAMES / "industry" / "data" / "board.json",
           "age-of-industry": GAMES / "age_of_industry" / "data",
           "ultimate-railroads": GAMES / "ultimate_railroads" / "data" / "base.json"}


def validate(game: str, path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "service.cli", "validate-board", game,
                           str(path)], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("game", sorted(SHIPPED))
def test_the_shipped_data_passes(game):
    checked = validate(game, SHIPPED[game])
    assert checked.returncode == 0, checked.stdout + checked.stderr


def broken_copy(game: str, tmp_path: Path) -> Path:
    """The shipped data with one rulebook fact broken."""
    if game == "age-of-industry":
        folder = tmp_path / "data"
        shutil.copytree(SHIPPED[game], folder)
        cards = json.loads((folder / "cards.json").read_text())
        cards["industry_cards"].popitem()
        (folder / "cards.json").write_text(json.dumps(cards))
        return folder
    data = json.loads(SHIPPED[game].read_text())
    if game == "industry":
        data["spaces"] = data["spaces"][:-1]
    else:
        data["track_colours"] = data["track_colours"][:4]
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("game", sorted(SHIPPED))
def test_a_broken_copy_is_refused_with_its_problems(game, tmp_path):
    checked = validate(game, broken_copy(game, tmp_path))
    assert checked.returncode == 1
    assert "problem" in checked.stdout or ":" in checked.stdout
