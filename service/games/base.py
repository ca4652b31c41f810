"""The engine protocol every game implements (DESIGN.md, "Engines").

An engine is pure: no I/O, no clock, no global random. Seats are integers
0..n-1 in the order the players were given. A state is the engine's own plain
data; `dump`/`load` turn it into JSON-ready dicts and back, byte-stable, so a
snapshot can be stored and `setup + log` replays to the same JSON.

Moves are JSON-ready dicts with an "action" key naming the rulebook action
(`{"action": "pass"}`). Events are JSON-ready dicts of one shape across games
(service/games/events.py: `type`, `seat`, `text`, the numbers, the type's own fields,
declared by the game type's `events`); an event carrying `"visible_to": [seat, ...]`
is redacted for everyone else in the public log. A result is of one shape too
(`result`).

A log entry is `{"seat": mover, "move": ..., "events": [...], ...}`. Every reader
sees it through `GameType.redact(entry, seat)`, like a state through `view`: the
events meant for other seats are dropped, then an engine with something to hide in
a move (a card taken face down) blanks it with `redact` for every seat but the mover.
A blanked value reads `HIDDEN`, and `format` writes the blanked move as it writes any.

A dry run (a turn's preview, the choice tree's effects) never plays on the real state:
it plays on `concealed(engine, state, seat)`, where the engine's `conceal` has dealt
everything the seat cannot know (deck order, others' hands, face-down tiles, the
generator) anew at random, so what a dry run draws is a guess, never the real card.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable, Protocol

from marshmallow import RAISE, Schema, fields, validate

from .events import EventTypes, Saying
from .presentation import GameWords, Words
from .speech import N_, Pattern, Said

State = Any
Move = dict
Event = dict
HIDDEN = "hidden"        # a redacted value in a log entry (Engine.redact)
# The guesses of a dry run: the operating system's randomness, nothing derived from a
# game's seed (a seat knowing the seed's generator could otherwise undo the guess).
GUESSES = random.SystemRandom()


class IllegalMove(Exception):
    """A move the rules refuse. `reason` says why: a Said (speech.py), its message
    template marked for the catalogue with its values, so that each reader reads it in
    their language (issue 31), its English text what the API and stored rejections
    read; `rule` names the rulebook heading that refuses it, `field` the part of the
    move at fault, `options` what would be legal there."""

    def __init__(self, reason: str, *, rule: str | None = None,
                 field: str | None = None, options: list | None = None):
        super().__init__(reason)
        self.reason = reason
        self.rule = rule
        self.field = field
        self.options = options

    def as_dict(self) -> dict:
        out = {"reason": str(self.reason)}
        if isinstance(self.reason, Said):
            out["reason_message"] = self.reason.as_dict()
        for key in ("rule", "field", "options"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out


def neutral_move(moves: list[Move], actions: tuple[str, ...]) -> Move | None:
    """For Engine.neutral_move: of the listed `moves`, the first one of the first of
    `actions` that has one (the game's neutral moves, in preference), else the first
    listed (a forced choice); None for no move."""
    for action in actions:
        if found := next((m for m in moves if m.get("action") == action), None):
            return found
    return moves[0] if moves else None


class MoveSchema(Schema):
    """A move's shape (issue 13): one subclass per rulebook action, its fields typed and
    bounded. An engine package lists them in `move_schemas.py` as `MOVE_SCHEMAS`
    (action -> schema); `why_not_move` checks a move against them, and `pbem contract`
    publishes them in openapi.yaml. The rules, not the shape, say which values are legal."""

    class Meta:
        unknown = RAISE

    action = fields.String(required=True, metadata={"description": "the rulebook action"})


REQUIRED = {"required": Pattern(N_("is required"))}


def described(description: str) -> dict:
    return {"description": description} if description else {}


def text(required: bool = True, description: str = "", most: int = 80) -> fields.String:
    """A name (a card, a space, a link): a JSON string of at most `most` characters."""
    return fields.String(required=required, validate=validate.Length(
                             1, most, error=Pattern(N_("must be a text of {min} to {max} characters"))),
                         error_messages={**REQUIRED, "invalid": Pattern(N_("must be a text"))},
                         metadata=described(description))


def texts(required: bool = True, description: str = "", most: int = 20) -> fields.List:
    """A list of names, at most `most` of them."""
    return fields.List(text(), required=required, validate=validate.Length(
                           max=most, error=Pattern(N_("may name at most {max}"))),
                       error_messages={**REQUIRED, "invalid": Pattern(N_("must be a list of texts"))},
                       metadata=described(description))


def whole(low: int, high: int, required: bool = True, description: str = "") -> fields.Integer:
    """A whole number from `low` to `high` (a JSON integer: not 1.0, not true)."""
    return fields.Integer(strict=True, required=required, validate=validate.Range(
                              low, high, error=Pattern(N_("must be a whole number from {min} to {max}"))),
                          error_messages={**REQUIRED, "invalid": Pattern(N_("must be a whole number"))},
                          metadata=described(description))


class Flag(fields.Boolean):
    """true or false, and nothing else (marshmallow's Boolean also takes 1 and "yes")."""

    def _deserialize(self, value, attr, data, **kwargs):
        if value is True or value is False:
            return value
        raise self.make_error("invalid")


def flag(description: str = "") -> Flag:
    return Flag(required=False, error_messages={"invalid": Pattern(N_("must be true or false"))},
                metadata=described(description))


@cache
def schema_of(schema: type[Schema]) -> Schema:
    return schema()


def why_not_move(schemas: dict[str, type[Schema]], move) -> tuple[str, str] | None:
    """(reason, field) when `move` is not a well-formed move of a game whose actions'
    shapes are `schemas` (its MOVE_SCHEMAS): an object whose `action` names one of them,
    with every field its schema requires, no other, each of its type and within bounds."""
    if not isinstance(move, dict) or not isinstance(move.get("action"), str) \
            or move["action"] not in schemas:
        return Said(N_("action must be one of {actions}"), actions=sorted(schemas)), "action"
    action, schema = move["action"], schema_of(schemas[move["action"]])
    errors = schema.validate(move)
    if not errors:
        return None
    allowed = sorted(name for name in schema.fields if name != "action")
    key = next(k for k in [*move, *schema.fields] if k in errors)
    if key not in schema.fields:
        return Said(N_("{action} takes no {key}; it takes {allowed}"), action=action, key=key,
                    allowed=allowed or Said(N_("no field"))), key
    if key not in move:
        return Said(N_("{action} needs the field {key}"), action=action, key=key), key
    message = errors[key]
    while isinstance(message, dict):            # a list's item: {index: [message]}
        index, message = next(iter(message.items()))
        key = f"{key}[{index}]"
    return Said(N_("{field} {problem}"), field=key,
                problem=message[0] if isinstance(message, list) else message), key


def concealed(engine: "Engine", state: State, seat: int, rng: random.Random = GUESSES) -> State:
    """The state a dry run of the seat plays on (Engine.conceal, with GUESSES, or a
    seeded `rng` where the guess must be repeatable: the bot); the state itself for an
    engine that hides nothing."""
    hide = getattr(engine, "conceal", None)
    return state if hide is None else hide(state, seat, rng)


def deal_anew(piles: list[list], rng: random.Random) -> list[list]:
    """For Engine.conceal: the cards of `piles` (e.g. the deck and the hands the seat
    cannot see) shuffled together and dealt back, each pile keeping its size."""
    cards = sorted((card for pile in piles for card in pile), key=repr)   # their order unread
    rng.shuffle(cards)
    out, start = [], 0
    for pile in piles:
        out.append(cards[start:start + len(pile)])
        start += len(pile)
    return out


class NotationError(ValueError):
    """Text that does not parse as a move of the game; the message says what would."""


@dataclass(frozen=True)
class Option:
    """One game option: its default and what is allowed (a tuple of choices,
    or a (min, max) integer range). `seats` (choice -> the player counts it allows)
    limits a choice to some player counts; left out, such an option takes the
    default, or else the first choice that allows the game's player count."""

    name: str
    default: Any
    description: str
    choices: tuple | None = None
    int_range: tuple[int, int] | None = None
    seats: tuple[tuple[Any, tuple[int, ...]], ...] | None = None
    # for people (the home page, issue 31): the option's name and each choice's, marked N_
    # for the catalogue and said in the reader's language (none: the identifiers' words);
    # the description is marked N_ too where the game has it in German
    label: str = ""
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self):
        if self.choice_labels and len(self.choice_labels) != len(self.choices or ()):
            raise ValueError(f"option {self.name}: {len(self.choice_labels)} choice labels for "
                             f"{len(self.choices or ())} choices")

    def allows(self, value: Any, seats: int | None) -> bool:
        return seats is None or self.seats is None or any(
            type(value) is type(choice) and value == choice and seats in counts
            for choice, counts in self.seats)

    def seats_problem(self, value: Any, seats: int) -> str | None:
        if self.allows(value, seats):
            return None
        fits = [choice for choice, counts in self.seats if seats in counts]
        return (f"{value!r} is not played with {seats} player(s); with {seats}: "
                f"{fits}; " + "; ".join(f"{choice!r} takes {list(counts)} players"
                                        for choice, counts in self.seats))

    def why_not(self, value: Any) -> str | None:
        if self.choices is not None and not any(
                type(value) is type(choice) and value == choice for choice in self.choices):
            return f"must be one of {list(self.choices)}"       # True is not 1, 1.0 not 1
        if self.int_range is not None:
            low, high = self.int_range
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                return f"must be an integer from {low} to {high}"
        return None

    def as_dict(self) -> dict:
        out = {"name": self.name, "default": self.default, "description": self.description}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.int_range is not None:
            out["minimum"], out["maximum"] = self.int_range
        if self.seats is not None:
            out["players"] = [{"value": choice, "players": list(counts)}
                              for choice, counts in self.seats]
        return out


class Engine(Protocol):
    def setup(self, options: dict, seats: int, seed: int) -> State: ...
    def to_act(self, state: State) -> list[int]: ...
    def legal_moves(self, state: State, seat: int) -> list[Move]: ...
    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """Return a new state (the given one is left untouched) and the events;
        raise IllegalMove, changing nothing, when the rules refuse the move."""
    def view(self, state: State, seat: int | None) -> dict:
        """{"public": {...}, "private": {...}}; seat None is a spectator (empty private)."""
    # Optional: an engine whose moves show nothing private has no `redact`.
    def redact(self, entry: dict, seat: int | None) -> dict:
        """The log entry as a seat other than the mover (None: a spectator) may see it:
        what only a private view holds replaced by HIDDEN, in the move and its events.
        Never changes the given entry."""
    # Optional: an engine whose state hides nothing from the seat to act has no `conceal`.
    def conceal(self, state: State, seat: int, rng: random.Random) -> State:
        """A new state the seat cannot tell from this one (its view and legal moves are
        the same), in which all it cannot know is dealt anew with `rng`: the unseen
        cards shuffled together and dealt back in the same sizes, the generator reseeded.
        Never changes the given state."""
    # Each game here has it (tests/games/test_reveals.py); a plugin's engine without it
    # has every move reveal (GameType.reveals): a take-back then always asks consent.
    def reveals(self, before: State, after: State) -> bool:
        """Whether the move that led from `before` to `after` drew on what no seat could
        see, or showed it to a seat: a card drawn, a tile turned, a deck reshuffled, a
        hidden generator drawn. Such a move is taken back only by the consent of every
        other seat (service/takeback.py): its mover has seen what comes."""
    # Optional: an engine without it gets `neutral_move(moves, ("pass",))`.
    def neutral_move(self, state: State, seat: int) -> Move | None:
        """The move played for a seat that is absent (the `skip` deadline policy): one
        of its legal moves that gives up least, as the rulebook allows (stop selling,
        pass, end a phase) or the cheapest forced choice; None when it has no move."""
    def result(self, state: State) -> dict | None:
        """None while the game runs; then {"scores": [...], "ranking": [[seat, ...], ...],
        "breakdown": [{part: VP, ...} per seat], "tiebreak": [{name: value, ...} per seat]}:
        each ranking entry a group of tied seats, best first; each seat's breakdown parts
        add up to its score; `tiebreak` the values that order equal scores, in order."""
    # Each game here has it (tests/games/test_events.py); a plugin's engine may not.
    def tallies(self, state: State) -> dict[str, list[int]]:
        """The per-seat counters ("money", "vp", "income" as the game has them) whose
        every change some event of the move reports (events.NUMBERS)."""
    def dump(self, state: State) -> dict: ...
    def load(self, data: dict) -> State: ...
    def parse(self, text: str) -> Move:
        """The game's text notation to a move; raises NotationError."""
    def format(self, move: Move) -> str: ...
    def render_text(self, state: State, seat: int | None, say: Saying | None = None) -> str:
        """Plain-text board and the seat's situation, as e-mails show it, as `say` says
        it (None: in English, the engine's own names; issue 31)."""


@dataclass(frozen=True)
class Bot:
    """How the game's bot (service/games/bot.py) values a position: `evaluate(state)`
    gives a value per seat in the game's own currency (VP to come, income, money...),
    the game's `bot.py` writes it; None values every running position alike (the bot
    then only sees a game won or lost). `shortlist(state, seat, moves)`, when given,
    drops moves not worth looking at (a bid far above the lowest) before the rest are
    sampled down to `candidates`, the moves looked at per decision at most, which
    keeps its think time bounded. `follow_through` > 0: the `refine` best moves after
    one ply are valued again once the seat's own decisions they leave (an action pool,
    a second action) are taken greedily, that many at most: a move whose worth comes
    in later steps (placing a worker) is then seen. `turn_begins(state, seat)`, when
    given, stops the following through where the seat's next turn begins (when no other
    seat moves in between, as in a solo game): what that turn is worth is the
    evaluation's to say. `budget`, when given, is the work a decision may do: each
    engine call (`apply`, `legal_moves`) counts 1, and `work()`, when given, counts the
    engine's own work inside them (Ultimate Railroads: the situations its completion
    search tried, in this thread so far); a count, not a clock, so the move is the same
    on any machine, and the think time bounded where `candidates` alone did not."""

    evaluate: Callable[[State], list[float]] | None = None
    candidates: int = 40
    shortlist: Callable[[State, int, list], list] | None = None
    follow_through: int = 0
    refine: int = 6
    turn_begins: Callable[[State, int], bool] | None = None
    budget: int | None = None
    work: Callable[[], int] | None = None


@dataclass(frozen=True)
class GameType:
    id: str
    name: str
    min_seats: int
    max_seats: int
    engine: Engine
    engine_version: str
    description: str
    stage: str = "complete"          # "complete" | "provisional"
    options: tuple[Option, ...] = field(default_factory=tuple)
    # (German rulebook heading, its English name): what players read beside the
    # heading a refusal names (issue 20, finding 6); a heading without one is shown alone
    rule_names: tuple[tuple[str, str], ...] = ()
    events: EventTypes | None = None     # the game's event types (issue 13)
    # the package's move_schemas.MOVE_SCHEMAS (action -> MoveSchema): what the contract
    # publishes as the game's moves (`pbem contract`); a game without them gets `Move`
    move_schemas: dict = field(default_factory=dict)
    # the package's view_schemas.VIEW_SCHEMAS (the public part's schema, the private
    # part's): what the contract publishes as the game's view (issue 29); a game
    # without them gets the untyped view of `Game`
    view_schemas: tuple = ()
    # the move fields that say how a move is paid for (a card discarded, where coal
    # comes from), not what it does: the mails group moves that differ only in these
    choice_fields: tuple[str, ...] = ()
    money: str = "{}"                # an amount of the game's money, e.g. "£{}"
    # identifier -> the printed English name (the German one beside it where the printed
    # game is German), for the mails' words (issue 14)
    display_names: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    bot: Bot = Bot()
    # the rulebook's words for the moves' fields and the options (issue 27): `presented`
    words: GameWords = field(default_factory=GameWords, compare=False)
    # options that cannot go together: resolved options -> (the option to name, why) or None
    option_conflict: Callable[[dict], tuple[str, str] | None] | None = field(default=None, compare=False)
    # the description in the reader's language (the home page, issue 31; `description`
    # is its English, as the API says it); None: `description` as it is
    described: Callable[[], str] | None = field(default=None, compare=False)

    def resolve_options(self, given: dict | None, seats: int | None = None) -> dict:
        """Defaults filled in (for `seats` players, when given: Option.seats); raises
        OptionError naming the first bad option, or one not played with that many."""
        given = dict(given or {})
        known = {o.name: o for o in self.options}
        for name in given:
            if name not in known:
                raise OptionError(name, f"unknown option; allowed: {sorted(known)}")
        resolved = {}
        for name, option in known.items():
            value = given.get(name, option.default)
            if name not in given and not option.allows(value, seats):
                value = next((c for c, _ in option.seats if option.allows(c, seats)), value)
            if reason := option.why_not(value) or (
                    seats is not None and option.seats_problem(value, seats)):
                raise OptionError(name, reason)
            resolved[name] = value
        if self.option_conflict and (conflict := self.option_conflict(resolved)):
            raise OptionError(*conflict)
        return resolved

    def redact(self, entry: dict, seat: int | None) -> dict:
        """A log entry as `seat` may see it (None: a spectator): without the events meant
        for other seats, and for anyone but the mover without the turn's id (whether it
        is the seat's first id at its version, Store.turn_id, tells that the seat sent a
        turn before) and as the engine's `redact` makes it."""
        entry = {**entry, "events": [e for e in entry["events"] if "visible_to" not in e
                                     or (seat is not None and seat in e["visible_to"])]}
        if seat == entry["seat"]:
            return entry
        entry.pop("turn", None)
        hide = getattr(self.engine, "redact", None)
        return entry if hide is None else hide(entry, seat)

    def reveals(self, before: State, after: State) -> bool:
        """Engine.reveals; True for an engine that does not say (the safe side)."""
        own = getattr(self.engine, "reveals", None)
        return True if own is None else own(before, after)

    def presented(self, players: list[str]) -> Words:
        """The presentation seam (service/games/presentation.py): this game's moves,
        events, view and options in the words of its players, `players` their names."""
        return Words(self, players)

    def neutral_move(self, state: State, seat: int) -> Move | None:
        """The engine's neutral move for an absent seat (Engine.neutral_move)."""
        own = getattr(self.engine, "neutral_move", None)
        if own is not None:
            return own(state, seat)
        return neutral_move(self.engine.legal_moves(state, seat), ("pass",))

    def as_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "min_players": self.min_seats,
                "max_players": self.max_seats, "stage": self.stage,
                "engine_version": self.engine_version, "description": self.description,
                "options": [o.as_dict() for o in self.options]}


class OptionError(ValueError):
    def __init__(self, name: str, reason: str):
        super().__init__(f"options.{name}: {reason}")
        self.name = name
        self.reason = reason
