"""One event shape for every game (issue 13) and its numbers (issue 15).

Every event is `{"type", "seat", "text", ...}`: `type` names what happened in the
rulebook's words, `seat` who did it (null for the game's own steps: income, scoring,
the automaton), `text` says it as an English sentence with the game's display names
("seat N" for a seat; the service writes the players' names in). Then the numbers, the
same in every game: per-seat changes (`money`, `vp`, `income`: a list indexed by seat,
the change the event caused), `cubes_taken` (source -> cubes), `flipped` tiles and for
whom, `cards` drawn. An event meant for some seats only carries `visible_to`
(GameType.redact drops it for the others). Each engine declares the further fields of
each of its event types (EventTypes); `EventSchema` plus those fields is the schema an
event of that type validates against, as marshmallow schemas.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from service.games.speech import N_, Speech, listed

MAX_SEATS = 8
PER_SEAT_CHANGE = 10_000            # no game moves more than this in one event
NUMBERS = ("money", "vp", "income")  # the per-seat changes


def per_seat_changes() -> fields.List:
    return fields.List(fields.Integer(validate=validate.Range(-PER_SEAT_CHANGE, PER_SEAT_CHANGE)),
                       validate=validate.Length(1, MAX_SEATS))


def text(required: bool = True) -> fields.String:
    """A string field of an event type (EventTypes)."""
    return fields.String(required=required)


def count(required: bool = True, description: str | None = None) -> fields.Integer:
    """A whole-number field of an event type, within the bounds of any game's counts
    (`description`: what the contract says of it)."""
    return fields.Integer(required=required, validate=validate.Range(-PER_SEAT_CHANGE, PER_SEAT_CHANGE),
                          metadata={"description": description} if description else {})


class FlippedSchema(Schema):
    """A tile flipped (or turned over, scored...) by the event, and whose it is."""
    tile = fields.String(required=True)
    industry = fields.String(required=True)
    owner = fields.Integer(required=True, validate=validate.Range(0, MAX_SEATS - 1))


class EventSchema(Schema):
    """The fields every event of every game may carry."""
    class Meta:
        unknown = RAISE

    type = fields.String(required=True, validate=validate.Regexp(r"^[a-z][a-z0-9_]{0,39}$"))
    seat = fields.Integer(required=True, allow_none=True,
                          validate=validate.Range(0, MAX_SEATS - 1))
    text = fields.String(required=True, validate=validate.Length(1, 1000))
    money = per_seat_changes()
    vp = per_seat_changes()
    income = per_seat_changes()
    cubes_taken = fields.Dict(keys=fields.String(),
                              values=fields.Integer(validate=validate.Range(1, 100)))
    flipped = fields.List(fields.Nested(FlippedSchema))
    cards = fields.List(fields.String())
    visible_to = fields.List(fields.Integer(validate=validate.Range(0, MAX_SEATS - 1)))


SEAT_LABEL = re.compile(r"\b([Ss])eat (\d+)\b")


def with_names(text: str, names: list[str]) -> str:
    """An engine's text with its "seat N" labels as the players' names (issue 14): the
    engines, pure, know seats only."""
    return SEAT_LABEL.sub(lambda found: int(found.group(2)) < len(names)
                          and names[int(found.group(2))] or found.group(0), text)


def words(ident: str) -> str:
    """An id in words ("cotton_mill" -> "cotton mill"), for a game without display names."""
    return ident.replace("_", " ")


@dataclass(frozen=True)
class Saying:
    """How an event is said: ids by `name` (a game's display names; for a reader the
    printed names in the reader's language), its sentences in `speech`'s language
    (English: the catalogue's msgids as they are, what the engines store), money by
    `amount` (None: the game's own format, EventTypes.money). A sentence written by a
    function says its words through it (`say._(...)`, `say.ngettext(...)`), so that they
    are catalogue messages and said in the reader's language."""
    name: Callable[[str], str] = words
    speech: Speech = field(default_factory=Speech)
    amount: Callable[[int], str] | None = None

    def _(self, message: str) -> str:
        return self.speech.gettext(message)

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return self.speech.ngettext(singular, plural, number)

    def seat(self, seat: int | None) -> str:
        """A seat as "seat N" (the seam writes the player's name in), null as the game."""
        return self._("the game") if seat is None else f"seat {seat}"

    def formatted(self, template: str, event: dict) -> str:
        """A template (already in the reader's language) filled from the event's fields,
        each as `value` says it, `{seat}` as `seat` says it."""
        given = {k: self.value(v) for k, v in event.items() if k not in ("type", "seat", "text")}
        return template.format(**given, seat=self.seat(event.get("seat")))

    def value(self, value) -> str:
        """A field as players read it: an id by its name (a plain word of the engine's,
        "action", through the catalogue); a list joined with "and"."""
        if isinstance(value, (list, tuple)):
            return listed(map(self.value, value), self._) or self._("nothing")
        if isinstance(value, str):
            return self._(self.name(value))
        return str(value)


class EventTypes:
    """One game's event types: type -> (sentence, its own fields). The sentence is a
    `str.format` template over the event's fields, each shown by `name` (an id's display
    name), `{seat}` as "seat N"; or a function of the event and a `Saying` returning the
    sentence. The numbers an event carries are told after its sentence, money as `money`
    writes it."""

    def __init__(self, types: dict[str, tuple[str | Callable[[dict, Saying], str], dict]],
                 name: Callable[[str], str] = words, money: str = "{}"):
        self.sentences = {name: sentence for name, (sentence, _) in types.items()}
        self.schemas = {name: EventSchema.from_dict(own, name=f"{name}_event")()
                        for name, (_, own) in types.items()}
        self.name = name
        self.money = money          # how the game writes an amount of money ("£{}")

    def make(self, kind: str, seat: int | None, /, **given) -> dict:
        """The event of type `kind` by `seat`, its text written from its sentence in
        English with the game's display names."""
        text = self.say({"type": kind, "seat": seat, **given}, Saying(self.name))
        return {"type": kind, "seat": seat, "text": text, **given}

    def say(self, event: dict, say: Saying) -> str:
        """The event's sentence from its fields, as `say` says it."""
        sentence = self.sentences[event["type"]]
        if callable(sentence):
            return sentence(event, say)
        return say.formatted(say._(sentence), event)

    def said(self, event: dict, say: Saying) -> str | None:
        """The event's sentence said anew from its fields for a reader (issue 27: the
        stored text wrote "track wood 2"; issue 31: in the reader's language), each id
        by `say.name`; None for an event of no type of this game or lacking a field its
        sentence names."""
        if event.get("type") not in self.sentences:
            return None
        try:
            return self.say(event, say)
        except (KeyError, IndexError, TypeError):
            return None

    def told(self, event: dict) -> dict:
        """An event written as {"type", "seat" (if any), fields...} in the shared shape:
        the seat null where it has none, its text written."""
        given = {k: v for k, v in event.items() if k not in ("type", "seat")}
        return self.make(event["type"], event.get("seat"), **given)

    def numbers_text(self, numbers: dict, say: Saying | None = None) -> str:
        """The numbers (events.NUMBERS, cubes_taken, flipped) in words, as `say` says them
        (None: in English with the game's display names, as the engines store them)."""
        say = say or Saying(self.name)
        said = []
        for name, gain, loss in (("money", N_("{seat} receives {amount}"), N_("{seat} pays {amount}")),
                                 ("vp", N_("{seat} scores {amount} VP"), N_("{seat} loses {amount} VP"))):
            said += [say._(gain if change > 0 else loss).format(
                seat=say.seat(seat), amount=self.amount(abs(change), say) if name == "money" else abs(change))
                for seat, change in enumerate(numbers.get(name) or ()) if change]
        said += [(say.ngettext("{seat} moves up {amount} income space", "{seat} moves up {amount} income spaces",
                               abs(change)) if change > 0 else
                  say.ngettext("{seat} moves down {amount} income space",
                               "{seat} moves down {amount} income spaces", abs(change))
                  ).format(seat=say.seat(seat), amount=abs(change))
                 for seat, change in enumerate(numbers.get("income") or ()) if change]
        if cubes := numbers.get("cubes_taken"):
            said.append(say._("cubes taken: {cubes}").format(cubes=", ".join(
                say._("{cubes} from {place}").format(cubes=taken, place=say.value(source))
                for source, taken in cubes.items())))
        if flipped := numbers.get("flipped"):
            said.append(say._("flipped: {tiles}").format(tiles=", ".join(
                say._("{owner}'s {industry} at {place}").format(
                    owner=say.seat(tile["owner"]), industry=say.value(tile["industry"]),
                    place=say.value(tile["tile"])) for tile in flipped)))
        return "; ".join(said)

    def amount(self, number: int, say: Saying) -> str:
        return say.amount(number) if say.amount else self.money.format(number)

    def with_numbers(self, event: dict, numbers: dict) -> dict:
        """The event with the numbers, told after its sentence."""
        told = self.numbers_text(numbers)
        return {**event, **numbers, "text": f"{event['text']}: {told}" if told else event["text"]}

    def counted(self, events: list[dict], numbers: dict, otherwise: Callable[[], dict]
                ) -> list[dict]:
        """The events with `numbers` (a move's or a step's) on the first of them, or on the
        event `otherwise()` makes when there is none."""
        if not numbers:
            return events
        if not events:
            return [self.with_numbers(otherwise(), numbers)]
        return [self.with_numbers(events[0], numbers), *events[1:]]

    def errors(self, event: dict) -> dict:
        """What is wrong with an event of this game ({} for nothing)."""
        schema = self.schemas.get(event.get("type")) if isinstance(event, dict) else None
        if schema is None:
            return {"type": [f"not an event type of this game: {sorted(self.schemas)}"]}
        try:
            schema.load(event)
        except ValidationError as wrong:
            return wrong.messages
        return {}


def changes(before: dict[str, list[int]], after: dict[str, list[int]],
            reported: list[dict] = ()) -> dict:
    """The per-seat changes between two tallies (Engine.tallies) that are not all zero,
    less what the `reported` events already say."""
    out = {}
    for name in NUMBERS:
        if name in before:
            told = summed(reported, name, len(before[name]))
            change = [a - b - t for b, a, t in zip(before[name], after[name], told)]
            if any(change):
                out[name] = change
    return out


def one_seat(seats: int, seat: int, change: int) -> list[int]:
    """A per-seat change for one seat's number."""
    return [change if other == seat else 0 for other in range(seats)]


def summed(events: list[dict], name: str, seats: int) -> list[int]:
    """The per-seat total of one number over events (for checks and summaries)."""
    total = [0] * seats
    for event in events:
        for seat, change in enumerate(event.get(name) or ()):
            total[seat] += change
    return total


def run_steps(state, steps: list[tuple[str, Callable]], tallies: Callable, types: EventTypes
              ) -> list[dict]:
    """A sequence of the game's own steps, (type, step) in order: for each that changes a
    tally, an event of its type (seat null) with the changes; then the events the step
    returns, if any."""
    events = []
    for kind, step in steps:
        before = tallies(state)
        made = step(state) or []
        events += types.counted([], changes(before, tallies(state)), lambda: types.make(kind, None))
        events += made
    return events


def same_tile(before: dict[str, dict], ref: str, tile: dict) -> bool:
    old = before.get(ref)
    return old is not None and all(old[key] == tile[key] for key in ("owner", "industry", "level"))


def tile_changes(before: dict[str, dict], after: dict[str, dict], taken: dict[str, int]) -> dict:
    """Between two boards of tiles by reference ({"owner", "industry", "level",
    "flipped", "cubes"} each): the cubes taken from each tile and elsewhere (`taken`:
    place -> cubes) as `cubes_taken`, and the tiles flipped, with their owners (`flipped`)."""
    out = {}
    if cubes := {ref: before[ref].get("cubes", 0) - tile.get("cubes", 0)
                 for ref, tile in after.items()
                 if same_tile(before, ref, tile) and tile.get("cubes", 0) < before[ref].get("cubes", 0)
                 } | {place: cubes for place, cubes in taken.items() if cubes > 0}:
        out["cubes_taken"] = cubes
    if flipped := [{"tile": ref, "industry": tile["industry"], "owner": tile["owner"]}
                   for ref, tile in after.items()
                   if tile["flipped"] and not (same_tile(before, ref, tile) and before[ref]["flipped"])]:
        out["flipped"] = flipped
    return out
