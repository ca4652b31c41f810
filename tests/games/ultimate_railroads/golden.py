"""Golden games, one move per line in notation.

Re-record (after a deliberate rule or data change; review the diff and say why in the
commit):  python3 -m tests.games.ultimate_railroads.golden
Two kinds (issue 12 finding 7):
- `greedy_*`: played by `greedy`, a small heuristic player (each move judged by the
  position it leads to once its actions are carried out), to a plausible end;
  test_golden_scores.py checks their scores by WERTUNG and SPIELENDE, written out.
- the others (RECORDED): uniform *random* play, change detectors only: their results
  are whatever the engine made of those moves, checked against nothing.
"""
from __future__ import annotations

import json
from pathlib import Path

from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.board import steps_made
from service.games.ultimate_railroads.scoring import round_points
from tests.games.harness import play_game, play_random_game

GAMES = Path(__file__).parent / "games"
RECORDED = {"two_seats": (2, 2026), "three_seats": (3, 7), "four_seats": (4, 1835)}
GREEDY = {"greedy_two_seats": (2, 1)}
COLOURS = ("wood", "green", "bronze", "silver", "gold")
ENGINE = GAME.engine


def header(state, seats: int, seed: int, policy: str | None = None) -> dict:
    return {"options": GAME.resolve_options({}), "seats": seats, "seed": seed,
            "result": GAME.engine.result(state),
            "doublers_total": state["doubler_supply"] + sum(p["doublers"] for p in state["players"]),
            **({"policy": policy} if policy else {})}


def worth(state, seat: int) -> int:
    """The greedy player's measure: points scored, what the routes and the industry
    would score in each scoring left, steps made, engineers and coins."""
    player = state["players"][seat]
    left = max(0, state["rounds"] - state["round"] + 1)
    return (3 * player["score"] + 3 * left * sum(round_points(player).values())
            + sum(steps_made(player, c) for c in COLOURS) + 4 * len(player["engineers"])
            + player.get("coins", 0))


def carried_out(state, seat: int, move: dict) -> int:
    """The seat's worth after the move and the actions it brings (each taken greedily),
    up to its next placement or pass."""
    state, _ = ENGINE.apply(state, seat, move)
    for _ in range(12):
        if ENGINE.result(state) is not None or ENGINE.to_act(state) != [seat]:
            break
        moves = ENGINE.legal_moves(state, seat)
        if any(m["action"] in ("place", "pass") for m in moves):
            break
        state, _ = ENGINE.apply(state, seat, max(moves, key=lambda m: worth(ENGINE.apply(state, seat, m)[0], seat)))
    return worth(state, seat)


def greedy(state, seat: int, moves: list) -> dict:
    """The listed move worth most once carried out; the first listed wins a tie. No
    randomness."""
    return max(moves, key=lambda m: carried_out(state, seat, m))


def record(name: str, seats: int, seed: int, choose=None) -> None:
    played = play_random_game(GAME, seats, seed) if choose is None else \
        play_game(GAME, seats, seed, {}, choose)
    policy = choose and choose.__name__
    lines = [json.dumps(header(played.state, seats, seed, policy), sort_keys=True)]
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
    for game_name, (game_seats, game_seed) in GREEDY.items():
        record(game_name, game_seats, game_seed, greedy)
