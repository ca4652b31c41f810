"""Golden games: recorded random games, one move per line in notation after a JSON
header (options, seats, seed, expected result). Re-record all with
`python -m tests.games.brass_lancashire.golden` and review the diff."""
from __future__ import annotations

import json
import random
from pathlib import Path

from .builders import ENGINE, GAME

GAMES = Path(__file__).parent / "games"
RECORDED = {"roxley_4p": (4, 21, {}), "roxley_3p": (3, 22, {}), "roxley_2p": (2, 23, {}),
            "classic_4p": (4, 24, {"rules": "classic"}), "classic_3p": (3, 25, {"rules": "classic"}),
            "introductory_3p": (3, 26, {"length": "introductory"})}


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


def record(name: str) -> None:
    players, seed, options = RECORDED[name]
    options = GAME.resolve_options(options)
    state = ENGINE.setup(options, players, seed)
    choose = purposeful_chooser(random.Random(seed))
    lines = []
    while ENGINE.result(state) is None:
        seat = ENGINE.to_act(state)[0]
        move = choose(ENGINE.legal_moves(state, seat))
        lines.append(ENGINE.format(move))
        state, _ = ENGINE.apply(state, seat, move)
    header = {"options": options, "seats": players, "seed": seed, "result": ENGINE.result(state)}
    (GAMES / f"{name}.jsonl").write_text("\n".join([json.dumps(header), *lines]) + "\n")


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
