"""The presentation seam (issue 27): a game's moves, events and view in the words its
players read, the rulebook's: players by name, places, industries and cards by their
printed names (GameType.display_names), amounts and counts with their plurals right
("1 action left", "1 coin", "2 coins"). The mails, the pages' labels and previews and
the choice labels all say a game's things through `Words`, so that no identifier, raw
field name, `True`/`False`/`None`, "(s)" or "seat N" reaches a player.

Built once here; each game supplies its words: its display names and money (GameType),
and in `GameWords` the rulebook's names of its move fields and options, and how to name
a value that is more than an identifier (a Brass slot `wigan:1`). The engines stay pure
and write seats as "seat N" and identifiers; `Words.text` turns any engine text (a
board, an event's sentence, a refusal) into the players' words.

In the reader's language (issue 31, service/games/speech.py): the seam's own sentences
through the catalogue, the game's names in German from `GameWords.german` (as the German
rulebooks print them) when the reader reads German; an event's sentence said anew in the
reader's language from the catalogue (EventTypes.said with a `Saying` of the reader's
Speech), its names the German ones. The engines store their events' text in English. A
refusal's reason is a Said (speech.py), said anew in the reader's language (`reason`)."""
from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from typing import Any, Callable

from service.games.addressing import addressed
from service.games.events import Saying
from service.games.speech import ENGLISH, _, german, listed, say, speech

SEAT_LABEL = re.compile(r"\b([Ss])eat ?(\d+)\b")
IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:_+[a-z0-9]+)*\b")
# "1 action(s)", "2 maintenance car(s)": the noun after a number, its plural open
OPEN_PLURAL = re.compile(r"\b(\d+)((?: [A-Za-z-]+)*? )([A-Za-z]+)\(s\)")
OTHER_PLURAL = re.compile(r"\(s\)")
TRUTH = re.compile(r"\b(True|False|None)\b")
TRUTH_WORDS = {"True": "yes", "False": "no", "None": "none"}
GERMAN_NAME = re.compile(r"(?P<english>.*?)(?: (?P<number>\d+))? \((?P<german>[^()]+)\)")
MONEY_NOUN = re.compile(r"\{\} [A-Za-z]+s")     # "{} coins"
NUMBERS = ("money", "vp", "income")     # the per-seat changes events carry (events.NUMBERS)
COLUMNS = 78                # RFC 5322 2.1.1: a mail's line SHOULD be at most 78 characters


def count(number: int, noun: str, plural: str | None = None) -> str:
    """"1 coin", "2 coins", "0 coins": a number with its noun in the right form."""
    return f"{number:g} {noun if number == 1 else plural or noun + 's'}"


def amount(money: str, number: int) -> str:
    """An amount of a game's money as GameType.money writes it ("£{}", "{} coins"), a
    plural noun after it singular for 1 ("1 coin")."""
    said = money.format(number)
    return said[:-1] if abs(number) == 1 and MONEY_NOUN.fullmatch(money) else said


def in_brackets(names: dict[str, str]) -> dict[str, str]:
    """The German names a game's English names carry in brackets ("Coal (Kohle)":
    "Kohle"; "Industry 1 (Industrialisierung)": "Industrialisierung 1"; "Locomotive 9 (Lok 9)":
    "Lok 9", its number said once), for `GameWords.german`."""
    out = {}
    for ident, name in names.items():
        if found := GERMAN_NAME.fullmatch(name):
            number = found["number"]
            out[ident] = found["german"] if not number or found["german"].endswith(f" {number}") \
                else f'{found["german"]} {number}'
    return out


def typed(notation: str) -> str:
    """A move as a player types it (in a mail, the pages' log): identifiers with `-`
    for `_`, which the readers of notation take as well (issue 27)."""
    return notation.replace("_", "-")


def named(ident: str, names: dict[str, str]) -> str:
    """An identifier by its printed name; a link `a__b` "A – B"; else its words."""
    if ident in names:
        return names[ident]
    if "__" in ident:
        return " – ".join(named(part, names) for part in ident.split("__"))
    return ident.replace("_", " ")


def capital(text: str) -> str:
    """The first letter a capital, the rest as written ("Trans-Siberian Railroad
    (Transsibirische Eisenbahn)": str.capitalize would lower the German)."""
    return text[:1].upper() + text[1:]


def plurals(text: str) -> str:
    """Every "N noun(s)" with the noun in the form N takes; any other "(s)" as a plural."""
    text = OPEN_PLURAL.sub(lambda m: f"{m.group(1)}{m.group(2)}{m.group(3)}"
                           + ("" if m.group(1) == "1" else "s"), text)
    return OTHER_PLURAL.sub("s", text)


def in_words(text: str, names: dict[str, str], players: list[str],
             prose: frozenset[str] = frozenset()) -> str:
    """An engine's text in the players' words: "seat 2" (or "seat2") the player's name,
    identifiers the game's printed names (but the `prose` ones, everyday words of the
    game's sentences: "a maintenance car" is not renamed), plurals by their numbers,
    truth values as yes and no."""
    text = SEAT_LABEL.sub(lambda found: players[int(found.group(2))]
                          if int(found.group(2)) < len(players) else found.group(0), text)
    text = IDENTIFIER.sub(lambda found: found.group(0) if found.group(0) in prose
                          else named(found.group(0), names), text)
    return TRUTH.sub(lambda found: TRUTH_WORDS[found.group(0)], plurals(text))


def fitted(text: str, columns: int = COLUMNS, hang_all: bool = True) -> str:
    """Each line at most `columns` wide: a longer one wrapped at its words, continued
    under its own indentation and two more (a line not indented: only if `hang_all`);
    a single word longer (a link, a move) stays whole."""
    lines = []
    for line in text.split("\n"):
        indent = line[:len(line) - len(line.lstrip())]
        lines += textwrap.wrap(line, columns, subsequent_indent=indent + "  " * (hang_all or bool(indent)),
                               break_long_words=False, break_on_hyphens=False) or [line]
    return "\n".join(lines)


def changes(events: list[dict]) -> dict[int, dict[str, int]]:
    """seat -> number ("money", "vp", "income") -> its total change over the events."""
    out: dict[int, dict[str, int]] = {}
    for event in events:
        for name in NUMBERS:
            values = event.get(name)
            if not isinstance(values, list):
                continue
            for seat, change in enumerate(values):
                if isinstance(change, int) and change:
                    out.setdefault(seat, {}).setdefault(name, 0)
                    out[seat][name] += change
    return {seat: numbers for seat, numbers in out.items() if any(numbers.values())}


@dataclass(frozen=True)
class GameWords:
    """What a game supplies to the seam beyond its display names: `fields` the rulebook's
    word for each move field ("location": "town"; a field not named is said by its own
    words), `counted` the nouns its stored texts (events' sentences, written once and
    kept in logs) put after any number in the plural ("scores 1 points": "1 point"),
    `options` the game's options as (heading, words) pairs ("Board", "Russia"),
    `value` a value's name where an identifier's printed name is not enough (a slot
    `wigan:1` as "Wigan, slot 1", numbered as the board prints it; None: not this value);
    `prose` the identifiers that are also everyday words of the game's own sentences
    ("car", "maintenance": "uses a purple maintenance car"), named when they stand as a
    move's value but not renamed inside a text, where renaming doubled them (issue 27).
    In German (issue 31): `german` the names as the German rulebook prints them (places,
    industries, cards, actions), `german_fields` the move fields' words, `german_money`
    the money, for 1 and for other numbers (None: as in English), `german_verbs` each
    German word a player may begin a move with by mail ("bau") and the notation's word it
    stands for ("build"). `unsaid`: the move fields its words leave out (Ultimate
    Railroads' `item`, a decision of the action pool by its id, which the move's action
    already names). `compound`: the identifiers of more than one word an engine's text
    may hold ("engineer:4"), each said by `value` inside any text (issue 31)."""

    fields: dict[str, str] = field(default_factory=dict)
    prose: frozenset[str] = frozenset()
    counted: tuple[str, ...] = ()
    options: Callable[[dict], list[tuple[str, str]]] | None = None
    value: Callable[[str, Any, Callable[[str], str]], str | None] | None = None
    german: dict[str, str] = field(default_factory=dict)
    german_fields: dict[str, str] = field(default_factory=dict)
    german_money: tuple[str, str] | None = None        # for 1, for any other number
    german_verbs: dict[str, str] = field(default_factory=dict)
    unsaid: frozenset[str] = frozenset()
    compound: re.Pattern | None = None


class Words:
    """One game's things in its players' words, for one game's players (names by seat)."""

    def __init__(self, game_type, players: list[str]):
        self.type, self.players = game_type, list(players)
        self.game: GameWords = game_type.words
        self.names: dict[str, str] = ({**game_type.display_names, **self.game.german} if german()
                                      else game_type.display_names)
        # an engine's English sentence keeps its verbs ("passes", "sell"): the actions'
        # German names are for labels and moves only
        verbs = set(self.game.german_verbs.values()) - set(game_type.display_names)
        self.text_names = {ident: name for ident, name in self.names.items() if ident not in verbs}
        self.ones = re.compile(rf"(?<![\w.,])1 ({'|'.join(map(re.escape, self.game.counted))})s\b") \
            if self.game.counted else None

    def name(self, ident: str) -> str:
        return named(ident, self.names)

    def player(self, seat: int | None) -> str:
        if seat is None:
            return _("the game")
        return self.players[seat] if 0 <= seat < len(self.players) else _("player {number}").format(
            number=seat + 1)

    def text(self, text: str) -> str:
        """Any engine text (a board, an event's sentence, a refusal) in words."""
        if self.game.compound and self.game.value:
            text = self.game.compound.sub(lambda found: self.field_name(found.group(0)), text)
        text = in_words(text, self.text_names, self.players, self.game.prose)
        return self.ones.sub(r"1 \1", text) if self.ones else text

    def reason(self, reason: str | dict) -> str:
        """A refusal's reason in the reader's language and words (issue 31): a Said, or
        the `reason_message` a stored rejection keeps, said anew from its catalogue id
        and values (speech.say); a plain text as written."""
        return self.text(say(reason))

    def amount(self, number: int) -> str:
        if german() and self.game.german_money:
            said = self.game.german_money[abs(number) != 1].format(number)
        else:
            said = amount(self.type.money, number)
        return said.replace(str(number), speech().number(number), 1)

    def value(self, field_name: str, value) -> str:
        """A move field's value: names by their printed names, lists joined, truth in words."""
        if self.game.value and (own := self.game.value(field_name, value, self.name)) is not None:
            return own
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, (list, tuple)):
            return listed(self.value(field_name, v) for v in value) or _("none")
        if isinstance(value, str):
            return self.text(self.name(value))
        if value is None:
            return _("none")
        return str(value)

    def field(self, field_name: str) -> str:
        if german() and field_name in self.game.german_fields:
            return self.game.german_fields[field_name]
        return self.game.fields.get(field_name, field_name.replace("_", " "))

    def label(self, field_name: str, value) -> str:
        """A choice's label: "Build", "card: Blackburn", "industry: Coal mine"."""
        if field_name == "action":
            return capital(self.name(str(value)))
        said = self.value(field_name, value)
        return f"{self.field(field_name)}: {said if said in TRUTH_WORDS.values() else capital(said)}"

    def move(self, move: dict) -> str:
        """A move in words: "Build (town: Manchester; industry: Iron works; ...)"."""
        rest = [self.label(name, value) for name, value in move.items()
                if name != "action" and name not in self.game.unsaid]
        return self.label("action", move.get("action", "move")) + (
            f" ({'; '.join(rest)})" if rest else "")

    def sentence(self, event: dict, you: int | None = None) -> str:
        """An event's sentence, said anew from its fields with the printed names
        (EventTypes.said), else its stored text; without the numbers its text tells after
        it (which `numbers` says shorter); said to seat `you` in the second person."""
        language = ENGLISH        # an engine's stored text is English
        if self.type.events and (anew := self.type.events.said(event, self.saying())) is not None:
            text, language = anew, speech().language
        else:
            told = self.type.events.numbers_text(event) if self.type.events else ""
            text = event.get("text") or ""
            text = text.removesuffix(f": {told}") if told else text
        return self.text(capital(addressed(text, you, language)) if you is not None else text)

    def saying(self) -> Saying:
        """How this game's events are said to the reader: names (a value the game names
        itself by GameWords.value, a Brass slot "Wigan, slot 0"), language, money."""
        return Saying(self.field_name, speech(), self.amount)

    def field_name(self, ident: str) -> str:
        own = self.game.value("", ident, self.name) if self.game.value else None
        return self.name(ident) if own is None else own

    def numbers(self, changes: dict[str, int]) -> str:
        """One seat's changes ("money", "vp", "income") in words: "paid £7, +2 VP"."""
        parts = []
        if cash := changes.get("money"):
            said = _("paid {amount}") if cash < 0 else _("got {amount}")
            parts.append(said.format(amount=self.amount(abs(cash))))
        if vp := changes.get("vp"):
            parts.append(_("{points} VP").format(points=f"{vp:+d}"))
        if income := changes.get("income"):
            parts.append(_("income {change}").format(change=f"{income:+d}"))
        return ", ".join(parts)

    def tally(self, events: list[dict], mover: int | None) -> str:
        """The events' numbers in brackets: the mover's first and unnamed, then the
        others' by name; "" for none."""
        counted = changes(events)
        parts = [self.numbers(counted[mover])] if mover in counted else []
        parts += [f"{self.player(seat)}: {self.numbers(numbers)}"
                  for seat, numbers in sorted(counted.items()) if seat != mover]
        return f" ({'; '.join(parts)})" if parts else ""

    def owed(self, changes: dict[str, int], seat: int, you: int) -> str:
        """One seat's changes of a move not played yet, said of that seat: "you pay £7,
        score 2 VP", "Ada gets £3"."""
        mine = seat == you
        parts = []
        if cash := changes.get("money"):
            said = (_("you pay {amount}") if mine else _("{player} pays {amount}")) if cash < 0 \
                else (_("you get {amount}") if mine else _("{player} gets {amount}"))
            parts.append(said.format(amount=self.amount(abs(cash)), player=self.player(seat)))
        if vp := changes.get("vp"):
            said = (_("you score {points}") if mine else _("{player} scores {points}")) if vp > 0 \
                else (_("you lose {points}") if mine else _("{player} loses {points}"))
            parts.append(said.format(points=_("{points} VP").format(points=abs(vp)), player=self.player(seat)))
        if income := changes.get("income"):
            parts.append((_("your income {change}") if mine else _("{player}'s income {change}")).format(
                change=f"{income:+d}".replace("-", "−"), player=self.player(seat)))
        return ", ".join(parts)

    def effects(self, events: list[dict], seat: int) -> list[str]:
        """What a move not played yet would do, said to the seat that plays it (a preview,
        a choice's effects): each event's sentence in the second person ("You build a
        level-1 coal mine in Blackburn") with what it costs and pays ("you pay £7;
        Ada gets £3"), and the numbers of the events without a sentence."""
        said = [e for e in events if isinstance(e, dict) and e.get("text")]
        lines = []
        for event in said:
            owed = self.owing([event], seat)
            lines.append(self.sentence(event, seat) + (f": {owed}" if owed else ""))
        if rest := self.owing([e for e in events if e not in said], seat):
            lines.append(capital(rest))
        return lines

    def owing(self, events: list[dict], you: int) -> str:
        """The events' numbers said of each seat, `you`'s first: "you pay £7; Ada gets £3"."""
        counted = changes(events)
        return "; ".join(self.owed(counted[seat], seat, you)
                         for seat in sorted(counted, key=lambda s: (s != you, s)))

    def view(self, state, seat: int | None) -> str:
        """The board and the seat's situation (the engine's render_text) in words: in
        German said by the engine through the reader's Saying (its lines catalogue
        messages, its names the German ones); in English the engine's own."""
        return self.text(self.type.engine.render_text(state, seat, self.saying() if german() else None))

    def options(self, options: dict) -> str:
        """The game's options in words: "Board: Russia; modules: none"."""
        if self.game.options:
            pairs = self.game.options(options)
        else:
            pairs = [(self.field(name).capitalize(), self.value(name, value))
                     for name, value in options.items()]
        return "; ".join(f"{heading}: {said}" for heading, said in pairs) or _("none")

    def breakdown(self, parts: dict) -> str:
        """A seat's score by its parts: "during play 20, money 5"."""
        return ", ".join(f"{self.text(self.name(part))} {vp}" for part, vp in parts.items())
