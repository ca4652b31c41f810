"""Generic checks every engine must pass: random games, exact legal moves,
replay from setup + log, JSON round-trip and views that leak nothing and fit the
contract's view of their game (issue 29).

Used by each game's tests (tests/games/<game>/) and by the platform tests.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from functools import cache

from service import contract
from service.contract_schemas import prefix
from service.games.base import GameType, IllegalMove
from service.games.registry import built_in_types


def canonical(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@dataclass
class Played:
    state: object
    log: list = field(default_factory=list)       # [(seat, move), ...]
    steps: int = 0


def first_to_act(engine, state) -> int:
    seats = engine.to_act(state)
    assert seats, "a running game must have a seat to act"
    return seats[0]


def play_random_game(game: GameType, seats: int, seed: int, options: dict | None = None,
                     max_steps: int = 20_000, check=None) -> Played:
    """Plays listed moves chosen by a seeded chooser until result() is not None.
    `check(engine, state, seat, moves, chooser)` runs before every move."""
    chooser = random.Random(seed)
    return play_game(game, seats, seed, options, lambda _state, _seat, moves: chooser.choice(moves),
                     max_steps=max_steps, check=check, chooser=chooser)


def play_game(game: GameType, seats: int, seed: int, options: dict | None, choose,
              max_steps: int = 20_000, check=None, chooser=None) -> Played:
    """Plays `choose(state, seat, moves)`'s pick of the listed moves of the first seat
    to act until result() is not None; `check` as in play_random_game."""
    engine = game.engine
    options = game.resolve_options(options, seats)
    played = Played(engine.setup(options, seats, seed))
    while engine.result(played.state) is None:
        assert played.steps < max_steps, f"no end after {max_steps} moves (seed {seed})"
        seat = first_to_act(engine, played.state)
        moves = engine.legal_moves(played.state, seat)
        assert moves, f"seat {seat} must act but has no legal move (seed {seed})"
        if check:
            check(engine, played.state, seat, moves, chooser)
        move = choose(played.state, seat, moves)
        played.state, _events = engine.apply(played.state, seat, move)
        played.log.append((seat, move))
        played.steps += 1
    return played


def best_after(engine, state, seat: int, moves, worth, ignore=("card",)):
    """For the golden games' greedy players: of `moves`, the one after which
    `worth(state, seat)` is highest, trying one move of those differing only in the
    `ignore`d fields (e.g. which card pays for it); the first listed wins a tie.
    None when there are no moves."""
    distinct = {}
    for move in moves:
        distinct.setdefault(canonical({k: v for k, v in move.items() if k not in ignore}), move)
    return max(distinct.values(), key=lambda m: worth(engine.apply(state, seat, m)[0], seat),
               default=None)


def replay(game: GameType, seats: int, seed: int, options: dict | None, log) -> object:
    engine = game.engine
    state = engine.setup(game.resolve_options(options, seats), seats, seed)
    for seat, move in log:
        state, _ = engine.apply(state, seat, move)
    return state


def assert_listed_moves_apply(engine, state, seat, moves, chooser, sample: int = 8):
    """Every listed move applies (a sample of them at each step) and leaves the
    given state untouched."""
    before = canonical(engine.dump(state))
    for move in chooser.sample(moves, min(sample, len(moves))):
        try:
            engine.apply(state, seat, move)
        except IllegalMove as refused:
            raise AssertionError(f"listed move {move} refused: {refused.reason}") from None
    assert canonical(engine.dump(state)) == before, "apply changed its input state"


def mutations(moves, chooser, count: int = 8):
    """Moves made by swapping one field of a listed move for a value that field
    takes in another listed move: plausible, often illegal."""
    values = {}
    for move in moves:
        for key, value in move.items():
            if key != "action":
                values.setdefault(key, []).append(value)
    for _ in range(count):
        move = dict(chooser.choice(moves))
        keys = [k for k in move if k in values]
        if not keys:
            continue
        key = chooser.choice(keys)
        move[key] = chooser.choice(values[key])
        yield move


def assert_unlisted_refused(engine, state, seat, moves, chooser, count: int = 8, *, seats: int):
    """A move not in legal_moves is refused with a reason, for the seat to act
    and for every seat that is not to act. (A mutation is looked up among the listed
    moves as it is: its values are theirs, so equal is equal as JSON too; writing every
    listed move as JSON at every step was a fifth of a random game's time, issue 33.)"""
    waiting = set(range(seats)) - set(engine.to_act(state))
    for move in mutations(moves, chooser, count):
        if move in moves:
            continue
        for mover in sorted({seat} | waiting):
            try:
                engine.apply(state, mover, move)
            except IllegalMove as refused:
                assert refused.reason, f"unlisted move {move} refused without a reason"
            else:
                raise AssertionError(f"unlisted move {move} was accepted from seat {mover}")


def assert_out_of_turn_refused(engine, state, seats: int, move):
    """No seat that is not to act may move (here: a move legal for the seat to act)."""
    for other in set(range(seats)) - set(engine.to_act(state)):
        try:
            engine.apply(state, other, move)
        except IllegalMove:
            continue
        raise AssertionError(f"seat {other} moved out of turn")


def assert_views_leak_nothing(engine, state, seats: int):
    """The public part is the same for every viewer; a spectator sees no private part.
    So whatever is seat-specific lives in `private`, shown to that seat alone. No view
    shows the generator's state (`rng`), from which deck order could be foretold. Each
    view fits the contract's view of its game (issue 29)."""
    spectator = engine.view(state, None)
    assert spectator["private"] in ({}, None)
    assert view_errors(engine, spectator) == []
    public = canonical(spectator["public"])
    generator = str(engine.dump(state).get("rng", "no generator state"))
    for seat in range(seats):
        view = engine.view(state, seat)
        assert set(view) == {"public", "private"}
        assert view_errors(engine, view["private"], "PrivateView") == []    # public: as above
        assert canonical(view["public"]) == public, f"seat {seat}'s public view differs"
        assert generator not in canonical(view), "a view shows the generator's state"
    json.dumps(spectator)


@cache
def published(engine, part: str):
    """The contract's `part` (`View`, `PrivateView`) of the built-in game played by
    `engine`, compiled as the API's validator compiles; None for a game without one."""
    game = next((g for g in built_in_types().values() if g.engine is engine), None)
    if game is None or not game.view_schemas:
        return None
    return contract.compiled(contract.inline(
        {"$ref": f"#/components/schemas/{prefix(game.id)}{part}"}, contract.spec()))


def view_errors(engine, view: dict, part: str = "View") -> list[str]:
    """What the contract finds wrong with a view, or its part (a key its game's view
    does not declare, a value of another type): what a generated client would misread."""
    schema = published(engine, part)
    return [] if schema is None else [f"{list(e.absolute_path)}: {e.message}"
                                      for e in schema.iter_errors(view)]


def strings(data, keys: bool = False) -> set[str]:
    """Every string value in JSON-ready data, and with `keys` every key too."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return (set(data) if keys else set()) | strings(list(data.values()), keys)
    if isinstance(data, (list, tuple)):
        return set().union(*(strings(item, keys) for item in data))
    return set()


def seen_strings(engine, state, seats: int) -> tuple[set[str], list[set[str]]]:
    """What the public view names (values and keys), and each seat's private strings."""
    return (strings(engine.view(state, None)["public"], keys=True),
            [strings(engine.view(state, seat)["private"]) for seat in range(seats)])


def secrets_from(seen: list, viewer: int | None) -> set[str]:
    """What only other seats' private views hold in any of the `seen_strings`: their
    private strings that no public part names and that are not in the viewer's own."""
    others, public, own = set(), set(), set()
    for names, private in seen:
        public |= names
        own |= private[viewer] if viewer is not None else set()
        others |= set().union(*(p for seat, p in enumerate(private) if seat != viewer))
    return others - public - own


def revealed(secrets: set[str], shown) -> set[str]:
    """The secrets written, as whole words, anywhere in `shown` (JSON-ready data or text)."""
    text = shown if isinstance(shown, str) else canonical(shown)
    return {s for s in secrets if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text)}


def assert_log_leaks_nothing(game: GameType, seats: int, seed: int, options: dict | None,
                             log) -> int:
    """Issue 11, finding 1: replaying a played game, each log entry as another seat or a
    spectator sees it (GameType.redact), and the notation of its move (as the log and the
    mails show it), shows no value that only a private view of another seat holds
    before or after the move. Returns
    how many entries the engine had to redact (for tests that want some)."""
    engine = game.engine
    state = engine.setup(game.resolve_options(options, seats), seats, seed)
    after = seen_strings(engine, state, seats)
    redacted = 0
    for version, (seat, move) in enumerate(log, start=1):
        before = after
        state, events = engine.apply(state, seat, move)
        after = seen_strings(engine, state, seats)
        entry = {"version": version, "seat": seat, "move": move, "events": events}
        assert game.redact(entry, seat)["move"] == move, "the mover sees its own move"
        for viewer in [None, *(s for s in range(seats) if s != seat)]:
            seen = game.redact(entry, viewer)
            shown = [seen, engine.format(seen["move"])]
            leaked = revealed(secrets_from([before, after], viewer), shown)
            reader = "a spectator" if viewer is None else f"seat {viewer}"
            assert not leaked, (f"version {version}: {reader}"
                                f" sees {sorted(leaked)} of seat {seat}'s private view in {shown}")
            redacted += viewer is None and seen["move"] != move
    return redacted


def assert_round_trips(engine, state):
    data = engine.dump(state)
    text = canonical(data)
    assert canonical(engine.dump(engine.load(json.loads(text)))) == text


def full_check(seats: int):
    """The generic per-step check: listed moves apply, unlisted ones and moves out
    of turn are refused, views leak nothing, the state round-trips through JSON."""
    def check(engine, state, seat, moves, chooser):
        assert_listed_moves_apply(engine, state, seat, moves, chooser)
        assert_unlisted_refused(engine, state, seat, moves, chooser, seats=seats)
        assert_out_of_turn_refused(engine, state, seats, moves[0])
        assert_views_leak_nothing(engine, state, seats)
        assert_round_trips(engine, state)
    return check
