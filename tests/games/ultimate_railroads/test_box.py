"""The box (box.py): a chapter left out of its registry leaves the base game (RUSSIAN
RAILROADS, no module, 2-4 players) as it is. Each run is a fresh interpreter that loads the
package's core without the package's own __init__ (which opens the whole box), opens the box
without one chapter, and plays seeded random base games to the end; every run must play
the same games, move by move, as the whole box does, and the chapter left out must really
be out (not imported, fewer registered rules)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from service.games.ultimate_railroads.box import CHAPTERS

ROOT = Path(__file__).resolve().parents[3]
PLAY = r'''
import hashlib, importlib.util, json, random, sys, types

NAME = "service.games.ultimate_railroads"
package = types.ModuleType(NAME)
package.__path__ = list(importlib.util.find_spec(NAME).submodule_search_locations)
sys.modules[NAME] = package     # the core only: the package's __init__ would open the whole box

from service.games.ultimate_railroads import box, gains, pool
from service.games.ultimate_railroads.engine import ENGINE

left_out = sys.argv[1]
box.open_box(tuple(chapter for chapter in box.CHAPTERS if chapter != left_out))
games = []
for seats in (2, 3, 4):
    chooser, state = random.Random(seats), ENGINE.setup({}, seats, 20 + seats)
    played = hashlib.sha256(json.dumps(state).encode())
    for _ in range(3000):
        acting = ENGINE.to_act(state)
        if not acting:
            break
        moves = ENGINE.legal_moves(state, acting[0])
        state, events = ENGINE.apply(state, acting[0], chooser.choice(moves))
        played.update(json.dumps([moves, state, events]).encode())
    games.append({"seats": seats, "phase": state["phase"], "played": played.hexdigest(),
                  "result": ENGINE.result(state)})
chapters = sorted(chapter for chapter in box.CHAPTERS if f"{NAME}.{chapter}" in sys.modules)
print(json.dumps({"games": games, "chapters": chapters, "effect_types": len(gains.GAIN),
                  "pool_kinds": len(pool.KINDS)}))
'''


def play_base_games(left_out: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PLAY, left_out], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def whole_box() -> dict:
    return play_base_games("")


def test_the_whole_box_plays_base_games_to_the_end(whole_box):
    assert whole_box["chapters"] == sorted(CHAPTERS)
    assert [game["phase"] for game in whole_box["games"]] == ["over"] * 3
    assert all(game["result"]["scores"] for game in whole_box["games"])


@pytest.mark.parametrize("left_out", CHAPTERS)
def test_a_chapter_left_out_of_the_box_leaves_the_base_game_as_it_is(whole_box, left_out):
    without = play_base_games(left_out)
    assert without["chapters"] == sorted(set(CHAPTERS) - {left_out})
    rules = without["effect_types"] + without["pool_kinds"]
    if left_out in ("extra_engineers", "emil"):     # these two add set-up and flow rules only
        assert rules == whole_box["effect_types"] + whole_box["pool_kinds"]
    else:
        assert rules < whole_box["effect_types"] + whole_box["pool_kinds"]
    assert without["games"] == whole_box["games"]
