"""Golden games on the shipped (provisional) board.

Each file in games/ holds a header line (options, seats, seed, result) and then one
move per line as [seat, "notation"]. Re-record them all after a deliberate rule
change with `python -m tests.games.industry.golden`, review the diff and say why.
Two kinds (issue 12 finding 7):
- `greedy_*`: played by `greedy`, a small heuristic player (offers and bids for what
  is worth most to it, develops all it can, never takes a subsidy), to a plausible end;
  test_golden_scores.py checks their scores by the rulebook's Spielende, written out.
- the others (RECORDINGS): uniform *random* play, change detectors only: their results
  are whatever the engine made of those moves, checked against nothing.
"""
from __future__ import annotations

import json
from pathlib import Path

from service.games.industry import GAME
from service.games.industry.board import BOARD
from tests.games.harness import play_game, play_random_game

GAMES = Path(__file__).parent / "games"
RECORDINGS = {"three_seats_seed_5": (3, 5, {}),
              "three_seats_markers_run_out_seed_4": (3, 4, {}),
              "four_seats_recommended_counts_seed_8": (4, 8, {"recommended_marker_counts": True})}
GREEDY = {"greedy_three_seats_seed_1": (3, 1, {})}


def value(state, seat: int, space: str) -> int:
    """What a space is worth to the seat: its VP (a bonus space 2 or 3 per own factory
    it would join, and one more), a joker 2, and 3 for each road or line to a space
    the seat owns."""
    info = BOARD.spaces[space]
    mine = {s for s, mark in state.owned.items() if mark["seat"] == seat}
    if info["kind"] == "bonus":
        worth = info["vp_per_factory"] * (1 + sum(f in mine for f in BOARD.connected_factories(space)))
    else:
        worth = 2 if info["kind"] == "joker" else info.get("vp", 0)
    joined = {b if a == space else a for kind in ("road", "tech_line") for a, b in BOARD.links(kind)
              if space in (a, b)}
    return worth + 3 * len(joined & mine)


def greedy(state, seat: int, moves: list) -> dict:
    """Offer the space worth most; bid the least allowed while it is at most the space's
    worth and leaves a Taler; sell to the high bidder unless the space is worth more
    than the bid; develop the space worth most, then done. No randomness, no subsidy."""
    kinds = {m["action"] for m in moves}

    def first(kind):
        return next(m for m in moves if m["action"] == kind)

    if "auction" in kinds:
        return max((m for m in moves if m["action"] == "auction"),
                   key=lambda m: value(state, seat, m["space"]))
    auction = state.auction
    if "sell" in kinds or "claim" in kinds:
        if "claim" in kinds and auction.high_bid < value(state, seat, auction.space):
            return first("claim")
        return first("sell" if "sell" in kinds else "claim")
    if auction is not None and "pass" in kinds:
        limit = min(value(state, seat, auction.space), state.money[seat] - 1)
        return next((m for m in moves if m["action"] == "bid" and m["amount"] <= limit), first("pass"))
    if "develop" in kinds:
        return max((m for m in moves if m["action"] == "develop"),
                   key=lambda m: value(state, seat, m["space"]))
    return first("done" if "done" in kinds else moves[0]["action"])


def record(name: str, seats: int, seed: int, options: dict, choose=None) -> None:
    if choose is None:
        played = play_random_game(GAME, seats, seed, options)
        extra = {}
    else:
        played = play_game(GAME, seats, seed, options, choose)
        extra = {"policy": choose.__name__}
    header = {"options": GAME.resolve_options(options), "seats": seats, "seed": seed, **extra,
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
    for name, (seats, seed, options) in GREEDY.items():
        record(name, seats, seed, options, greedy)
