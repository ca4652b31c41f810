"""Re-record the golden games: `python -m tests.games.age_of_industry.record`.

Each file in games/ holds a header line (options, seats, seed, result) and then one
move a line in notation, from a keen random game (test_random_games.keen_game).
"""
from __future__ import annotations

import json
from pathlib import Path

from tests.games.age_of_industry.test_random_games import ENGINE, keen_game

GAMES = Path(__file__).parent / "games"
RECORDED = (("germany", 4, 2024), ("new_england", 3, 1865), ("new_england", 5, 1830))


def record() -> None:
    GAMES.mkdir(exist_ok=True)
    for map_id, seats, seed in RECORDED:
        state, log = keen_game(map_id, seats, seed, checks=False)
        header = {"options": {"map": map_id}, "seats": seats, "seed": seed,
                  "result": ENGINE.result(state)}
        lines = [json.dumps(header)] + [f"{seat} {ENGINE.format(move)}" for seat, move in log]
        (GAMES / f"{map_id}_{seats}p_{seed}.jsonl").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    record()
