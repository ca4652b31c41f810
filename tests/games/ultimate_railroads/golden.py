"""Golden games: recorded random games, one move per line in notation.

Re-record (after a deliberate rule or data change; review the diff and say why in the
commit):  python3 -m tests.games.ultimate_railroads.golden
"""
from __future__ import annotations

import json
from pathlib import Path

from service.games.ultimate_railroads import GAME
from tests.games.harness import play_random_game

GAMES = Path(__file__).parent / "games"
RECORDED = {"two_seats": (2, 2026), "three_seats": (3, 7), "four_seats": (4, 1835)}


def header(state, seats: int, seed: int) -> dict:
    return {"options": GAME.resolve_options({}), "seats": seats, "seed": seed,
            "result": GAME.engine.result(state),
            "doublers_total": state["doubler_supply"] + sum(p["doublers"] for p in state["players"])}


def record(name: str, seats: int, seed: int) -> None:
    played = play_random_game(GAME, seats, seed)
    lines = [json.dumps(header(played.state, seats, seed), sort_keys=True)]
    lines += [json.dumps([seat, GAME.engine.format(move)]) for seat, move in played.log]
    (GAMES / f"{name}.jsonl").write_text("\n".join(lines) + "\n")


def replay_file(path: Path) -> tuple[dict, object]:
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    engine = GAME.engine
    state = engine.setup(head["options"], head["seats"], head["seed"])
    for line in lines[1:]:
        seat, text = json.loads(line)
        state, _ = engine.apply(state, seat, engine.parse(text))
    return head, state


if __name__ == "__main__":
    GAMES.mkdir(exist_ok=True)
    for game_name, (game_seats, game_seed) in RECORDED.items():
        record(game_name, game_seats, game_seed)
