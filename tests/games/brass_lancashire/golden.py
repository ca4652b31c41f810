"""Golden games, one move per line in notation after a JSON header (options, seats,
seed, expected result). Re-record all with `python -m tests.games.brass_lancashire.golden`
and review the diff.

Two kinds (issue 12 finding 7):
- `greedy_*`: played by `greedy`, a small heuristic player that prefers sales, builds
  and links over loans and passing, to a plausible end; test_golden_scores.py checks
  their final scores by the rulebook's scoring, the arithmetic written out.
- the others (RECORDED): purposeful *random* play. They are change detectors only:
  their results are whatever the engine made of those moves, checked against nothing
  (roxley_2p ends 0-0 with both incomes at -10). They keep every variant replayed."""
from __future__ import annotations

import json
import random
from pathlib import Path

from service.games.brass_lancashire.data import LEVELS
from service.games.brass_lancashire.income import income_level
from service.games.brass_lancashire.sell import sales
from service.games.brass_lancashire.state import tile_refs
from tests.games.harness import best_after, play_game

from .builders import ENGINE, GAME

GAMES = Path(__file__).parent / "games"
RECORDED = {"roxley_4p": (4, 21, {}), "roxley_3p": (3, 22, {}), "roxley_2p": (2, 23, {}),
            "classic_4p": (4, 24, {"rules": "classic"}), "classic_3p": (3, 25, {"rules": "classic"}),
            "introductory_3p": (3, 26, {"length": "introductory"})}

GREEDY = {"greedy_roxley_3p": (3, 1, {})}

PREFERENCE = ("sell", "remove_tile", "build", "connect", "loan", "develop", "done", "pass")


def purposeful_chooser(chooser: random.Random):
    """Sell when possible, else mostly build or connect, borrow when short: games
    that score, unlike uniform random play."""
    def choose(moves):
        by_kind = {}
        for move in moves:
            by_kind.setdefault(move["action"], []).append(move)
        kinds = [k for k in PREFERENCE if k in by_kind]
        if "loan" in by_kind and chooser.random() < 0.5:
            kinds.remove("loan")
        kind = kinds[0] if chooser.random() < 0.8 else chooser.choice(kinds)
        pool = by_kind[kind]
        if kind == "build":
            pool = [m for m in pool if "card" in m] or pool
        return chooser.choice(pool)
    return choose


TILE_WORTH = {"cotton_mill": 30, "port": 22, "shipyard": 30, "iron_works": 10, "coal_mine": 6}
PRODUCTIVE = ("sell", "build", "connect")


def worth(state, seat: int) -> int:
    """The greedy player's measure of a seat's position: VP and income first, then its
    tiles (mills and ports most), flipped tiles, links, cash and sales within reach."""
    tiles = [t for _ref, _loc, t in tile_refs(state) if t["owner"] == seat]
    return (10 * state.vp[seat] + 20 * income_level(state.income[seat])
            + 10 * sum(LEVELS[t["industry"]][t["level"]].vp for t in tiles if t["flipped"])
            + sum(TILE_WORTH[t["industry"]] + 4 * t["level"] for t in tiles)
            + 8 * sum(owner == seat for owner in state.links.values())
            + min(state.money[seat], 40) + 25 * min(3, len(sales(state, seat))))


def greedy(state, seat: int, moves: list) -> dict:
    """Decisions (debts, choices) take the first listed option. Otherwise the sale, build
    or link that leaves the seat worth most (one of each kind of move, whatever card
    it spends); with none, a £10 loan while the income level is -1 or more, else pass.
    No randomness: the same position always gets the same move."""
    if any(m["action"] not in (*PRODUCTIVE, "loan", "develop", "pass") for m in moves):
        return moves[0]
    if best := best_after(ENGINE, state, seat, [m for m in moves if m["action"] in PRODUCTIVE], worth):
        return best
    loans = [m for m in moves if m["action"] == "loan" and m["amount"] == 10]
    if loans and income_level(state.income[seat]) >= -1:
        return loans[0]
    return next(m for m in moves if m["action"] == "pass")


def write(name: str, options: dict, players: int, seed: int, log: list, state, **extra) -> None:
    header = {"options": options, "seats": players, "seed": seed, **extra,
              "result": ENGINE.result(state)}
    lines = [ENGINE.format(move) for _seat, move in log]
    (GAMES / f"{name}.jsonl").write_text("\n".join([json.dumps(header), *lines]) + "\n")


def record(name: str) -> None:
    players, seed, options = RECORDED[name]
    chooser = random.Random(seed)
    choose = purposeful_chooser(chooser)
    played = play_game(GAME, players, seed, options, lambda _state, _seat, moves: choose(moves))
    write(name, GAME.resolve_options(options), players, seed, played.log, played.state)


def record_greedy(name: str) -> None:
    players, seed, options = GREEDY[name]
    played = play_game(GAME, players, seed, options, greedy)
    write(name, GAME.resolve_options(options), players, seed, played.log, played.state,
          policy="greedy")


def replay(path: Path):
    header, *moves = path.read_text().splitlines()
    header = json.loads(header)
    state = ENGINE.setup(header["options"], header["seats"], header["seed"])
    for text in moves:
        state, _ = ENGINE.apply(state, ENGINE.to_act(state)[0], ENGINE.parse(text))
    return header, state


if __name__ == "__main__":
    for game in RECORDED:
        record(game)
    for game in GREEDY:
        record_greedy(game)
