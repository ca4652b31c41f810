"""Re-record the golden games: `python -m tests.games.age_of_industry.record`.

Each file in games/ holds a header line (options, seats, seed, result) and then one
move a line as "seat notation". Two kinds (issue 12 finding 7):
- `greedy_*`: played by `greedy`, a small heuristic player preferring builds, sales
  and rails over loans and passing, to a plausible end; test_golden_scores.py checks
  their final scores by the rulebook's SPIELSIEGER, the arithmetic written out.
- the others (RECORDED): keen *random* play (test_random_games.keen_game), change
  detectors only: their results (every one below zero, loans piled up by interest)
  are whatever the engine made of those moves, checked against nothing.
"""
from __future__ import annotations

import json
from pathlib import Path

from service.games.age_of_industry.data import GOODS
from service.games.age_of_industry.network import Network
from service.games.age_of_industry.sell import accepts, outlets
from service.games.age_of_industry.state import split_space
from tests.games.age_of_industry.test_random_games import ENGINE, GAME, keen_game
from tests.games.harness import best_after, play_game

GAMES = Path(__file__).parent / "games"
RECORDED = (("germany", 4, 2024), ("new_england", 3, 1865), ("new_england", 5, 1830))
GREEDY = (("germany", 4, 3),)
PRODUCTIVE = ("build", "sell", "rail")


def sales_in_reach(state, seat: int) -> int:
    """The seat's unflipped mills and factories joined to an outlet taking their goods."""
    net = Network(state)
    count = 0
    for space, tile in state.tiles.items():
        if tile["owner"] == seat and tile["industry"] in GOODS and not tile["flipped"]:
            reach = net.distances((split_space(space)[0],))
            count += any(accepts(state, outlet, tile["industry"]) and split_space(outlet)[0] in reach
                         for outlet in outlets(state))
    return count


def worth(state, seat: int) -> int:
    """The greedy player's measure: cash less loans (each costs $10 back or 5 VP),
    tile levels (VP) and flipped tiles (profit taken), rails, cards, sales within reach."""
    player = state.players[seat]
    own = [t for t in state.tiles.values() if t["owner"] == seat]
    return (player.money - 20 * player.loans + 6 * sum(t["level"] for t in own)
            + 12 * sum(t["flipped"] for t in own) + 2 * sum(o == seat for o in state.rails.values())
            + len(player.hand) + 20 * min(2, sales_in_reach(state, seat)))


def greedy(state, seat: int, moves: list) -> dict:
    """Repay loans with $14 or more; else the build, sale or rail leaving the seat worth
    most (one of each, whatever card it spends); else a loan when broke and holding
    fewer than 2, cards when short of them, develop, pass. No randomness."""
    kinds = {m["action"] for m in moves}
    player = state.players[seat]
    if "keep_loans" in kinds:
        wanted = "repay" if player.money >= 14 else "keep_loans"
        return next(m for m in moves if m["action"] == wanted)
    productive = [m for m in moves if m["action"] in (*PRODUCTIVE, "end_sale")]
    if best := best_after(ENGINE, state, seat, productive, worth):
        return best
    if "loan" in kinds and player.money < 10 and player.loans < 2:
        return next(m for m in moves if m["action"] == "loan")
    if "draw" in kinds and len(player.hand) < 4:
        return max((m for m in moves if m["action"] == "draw"), key=lambda m: len(m["face_up"]))
    kind = next((k for k in ("develop", "pass", "draw") if k in kinds), moves[0]["action"])
    return next(m for m in moves if m["action"] == kind)


def write(name: str, map_id: str, seats: int, seed: int, state, log, **extra) -> None:
    header = {"options": {"map": map_id}, "seats": seats, "seed": seed, **extra,
              "result": ENGINE.result(state)}
    lines = [json.dumps(header)] + [f"{seat} {ENGINE.format(move)}" for seat, move in log]
    (GAMES / f"{name}.jsonl").write_text("\n".join(lines) + "\n")


def replay(path: Path):
    """The header and the final state of a recorded game."""
    header, *moves = path.read_text().splitlines()
    header = json.loads(header)
    state = ENGINE.setup(GAME.resolve_options(header["options"]), header["seats"], header["seed"])
    for line in moves:
        seat, text = line.split(" ", 1)
        state, _ = ENGINE.apply(state, int(seat), ENGINE.parse(text))
    return header, state


def record() -> None:
    GAMES.mkdir(exist_ok=True)
    for map_id, seats, seed in RECORDED:
        state, log = keen_game(map_id, seats, seed, checks=False)
        write(f"{map_id}_{seats}p_{seed}", map_id, seats, seed, state, log)
    for map_id, seats, seed in GREEDY:
        played = play_game(GAME, seats, seed, {"map": map_id}, greedy)
        write(f"greedy_{map_id}_{seats}p_{seed}", map_id, seats, seed, played.state, played.log,
              policy="greedy")


if __name__ == "__main__":
    record()
