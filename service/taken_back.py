"""What a game's log holds after a take-back (issue 30, service/takeback.py): the log
never forgets a move. A take-back adds an entry of its own, whose `move` is
`{"take_back": FIRST, "agreed": [seat, ...]}`: every move from version FIRST up to it
stands no longer. So versions only grow, and the game is replayed from setup over the
moves that stand (`in_effect`), each turn on the state read back from its JSON as the
workers play it (`restored`, which the take-back itself stores)."""
from __future__ import annotations

import json

from service.store import dumps

TAKE_BACK = "take_back"


def is_take_back(entry: dict) -> bool:
    return TAKE_BACK in entry["move"]


def in_effect(entries: list[dict]) -> list[dict]:
    """The entries whose moves stand: neither a take-back's nor one it took back."""
    standing = []
    for entry in entries:
        if is_take_back(entry):
            standing = [e for e in standing if e["version"] < entry["move"][TAKE_BACK]]
        else:
            standing.append(entry)
    return standing


def takers(entries: list[dict]) -> dict[int, dict]:
    """version of a move taken back -> the take-back's entry that took it back."""
    out = {}
    for entry in entries:
        if is_take_back(entry):
            for earlier in in_effect(entries[:entry["version"] - 1]):
                if earlier["version"] >= entry["move"][TAKE_BACK]:
                    out[earlier["version"]] = entry
    return out


def read_back(engine, state):
    """The state as stored and read again (an engine may order its dicts as read)."""
    return engine.load(json.loads(dumps(engine.dump(state))))


def restored(engine, start, entries: list[dict]):
    """The state after the moves of `entries` that stand, from `start` (setup's), each
    turn begun on its state read back: what a take-back stores and a replay meets."""
    state, turn = start, None
    for entry in in_effect(entries):
        if entry["turn"] != turn:
            state, turn = read_back(engine, state), entry["turn"]
        state, _events = engine.apply(state, entry["seat"], entry["move"])
    return read_back(engine, state)
