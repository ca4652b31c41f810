"""Golden games: recorded random games on the shipped (provisional) board.

Each file in games/ holds a header line (options, seats, seed, result) and then one
move per line as [seat, "notation"]. Re-record them all after a deliberate rule
change with `python -m tests.games.industry.golden`, review the diff and say why.
"""
from __future__ import annotations

import json
from pathlib import Path

from service.games.industry import GAME
from tests.games.harness import play_random_game

GAMES = Path(__file__).parent / "games"
RECORDINGS = {"three_seats_seed_5": (3, 5, {}),
              "three_seats_markers_run_out_seed_4": (3, 4, {}),
              "four_seats_recommended_counts_seed_8": (4, 8, {"recommended_marker_counts": True})}


def record(name: str, seats: int, seed: int, options: dict) -> None:
    played = play_random_game(GAME, seats, seed, options)
    header = {"options": GAME.resolve_options(options), "seats": seats, "seed": seed,
              "result": GAME.engine.result(played.state)}
    lines = [json.dumps(header)] + [json.dumps([seat, GAME.engine.format(move)])
                                    for seat, move in played.log]
    (GAMES / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def read(path: Path) -> tuple[dict, list]:
    header, *moves = path.read_text(encoding="utf-8").splitlines()
    return json.loads(header), [json.loads(line) for line in moves]


if __name__ == "__main__":
    for name, (seats, seed, options) in RECORDINGS.items():
        record(name, seats, seed, options)
