"""The legal moves as a mail shows them (issue 14, "A short, useful move list"; issue
27): one move a line, each played as it stands when copied back (its note in brackets,
the price and "ends your turn", is dropped by the reader). Few moves in full; many
written short, once per action and what they do (for a build: where and what), the
choices that only say how a move is paid for (the game type's `choice_fields`: a card
discarded, where coal comes from) left to a stated rule (the first way that keeps the
player's actions), or named where they set the price, or to `moves ACTION` which lists
every move in full.

Moves are written in the typed form: the notation with `-` for `_` (the reader's
short form, `moves.resolve`, reads both), so no mail shows a raw identifier."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from service.games.base import GameType, IllegalMove, Move, NotationError
from service.games.presentation import amount, typed
from service.games.speech import _, german

FULL_LIST_UP_TO = 12        # this many moves or fewer are listed in full


@dataclass
class Group:
    """The legal moves of one action that differ only in their choice fields."""
    action: str
    main: dict
    members: list[Move] = field(default_factory=list)


def main_fields(game: GameType, move: Move) -> dict:
    return {k: v for k, v in move.items() if k != "action" and k not in game.choice_fields}


def groups(game: GameType, moves: list[Move]) -> list[Group]:
    """The moves grouped by action and main fields, in the order the engine lists them."""
    found: dict[str, Group] = {}
    for move in moves:
        main = main_fields(game, move)
        group_key = repr((move.get("action"), sorted(main.items())))
        found.setdefault(group_key, Group(str(move.get("action")), main)).members.append(move)
    return list(found.values())


def values_of(value) -> list[str]:
    items = value if isinstance(value, (list, tuple)) else [value]
    return [str(item).lower() for item in items]


def tagged_words(game: GameType, group: Group) -> list[tuple[str, str]]:
    """The words of the group's first move's notation that name the action or a main
    field's value (each value once), each with that field: its short form."""
    first = group.members[0]
    words = game.engine.format(first).split()
    values = {v for name, value in first.items() if name != "action" for v in values_of(value)}
    verb = 1
    while verb < len(words) and "=" not in words[verb] and words[verb].lower() not in values:
        verb += 1                               # "keep loans", "end sale": the action's words
    left = {name: values_of(value) for name, value in group.main.items()}
    out = [(word, "action") for word in words[:verb]]
    for word in words[verb:]:
        name, equals, value = word.partition("=")
        if equals and value.lower() in left.get(name, ()):
            owner, value = name, value.lower()
        else:
            owner, value = next((f for f, v in left.items() if word.lower() in v), None), word.lower()
        if owner is not None:
            left[owner].remove(value)
            out.append((word, owner))
    return out


def short_forms(game: GameType, found: list[Group]) -> list[list[tuple[str, str]]]:
    """Each group's short form, or the full notation of its first move where two groups
    would have the same one."""
    forms = [tagged_words(game, group) for group in found]
    texts = [" ".join(w for w, _ in form).lower() for form in forms]
    return [form if texts.count(text) == 1 else
            full_form(game, group)
            for form, text, group in zip(forms, texts, found)]


def full_form(game: GameType, group: Group) -> list[tuple[str, str]]:
    words = game.engine.format(group.members[0]).split()
    return [(words[0], "action")] + [(w, "full") for w in words[1:]]


def combined(group: Group) -> bool:
    """A group doing several things of one kind at once (two links, two industries)."""
    return any(isinstance(v, list) and len(v) > 1 for v in group.main.values())


def words_of(text: str) -> list[str]:
    """A move's words as compared: lower case, `-` read as `_`."""
    return text.lower().replace("-", "_").split()


def fits(said: list[str], words: list[str], whole: bool = False) -> bool:
    """Whether a move written short (said) fits a move's notation (words): its words in
    order, each a word of the notation or, unless `whole`, the leading part of one
    (`cotton` of `cotton_mill`, `warrington` of `warrington_runcorn`)."""
    position = 0
    for word in said:
        while position < len(words) and not (words[position] == word or (
                not whole and "=" not in word and words[position].startswith(word + "_"))):
            position += 1
        if position == len(words):
            return False
        position += 1
    return True


def price(game: GameType, seat: int, events: list) -> str:
    """What a move's events cost or bring the seat, and the VP they score, from their
    numbers (events: per-seat `money` and `vp` changes): "£12", "+£30", "+2 VP"."""
    totals = {name: sum((e.get(name) or [0] * (seat + 1))[seat] for e in events
                        if isinstance(e.get(name), list) and len(e[name]) > seat)
              for name in ("money", "vp")}
    parts = []
    if totals["money"]:
        cash = amount(game.money, abs(totals["money"]))
        parts.append(cash if totals["money"] < 0 else f"+{cash}")
    if totals["vp"]:
        parts.append(_("{points} VP").format(points=f"{totals['vp']:+d}"))
    return ", ".join(parts)


@dataclass(frozen=True)
class Way:
    """One way of playing a group's move: the move, its price, and whether the seat
    acts no more after it (its turn is over: both actions used, or the last)."""
    move: Move
    cost: str
    ends_turn: bool


def way_key(game: GameType, move: Move) -> tuple:
    """What tells two ways of a move apart in price or in the actions they use: every
    choice field's value but the first choice field's (the card played: it changes
    neither), and which choice fields the move has (`cards=` for two cards)."""
    return tuple((name, repr(move[name]) if name != game.choice_fields[0] else "")
                 for name in game.choice_fields if name in move)


def ways(game: GameType, state, seat: int, members: list[Move]) -> list[Way]:
    """The distinct ways (way_key) of playing members of one group, each by its first
    member the engine lists, played on the state to price it; the ones it refuses left
    out. One move per way is played, not every member: a Brass decision of 1,130 moves
    took 2.4 s played whole, one way per key a tenth of that."""
    first: dict[tuple, Move] = {}
    for move in members:
        first.setdefault(way_key(game, move), move)
    found = []
    for move in first.values():
        try:
            after, events = game.engine.apply(state, seat, move)
        except IllegalMove:     # a listed move the engine refuses says so when played
            continue
        found.append(Way(move, price(game, seat, events), seat not in game.engine.to_act(after)))
    return found


def preferred(found: list[Way]) -> list[Way]:
    """The ways that keep the player's options: those after which the seat still acts
    (a one-card build over a two-card one that ends the turn), else all."""
    return [w for w in found if not w.ends_turn] or found


def note(way: Way, keeps_on: bool, extra: str = "") -> str:
    """A listed move's note: its price, "ends your turn" when some other listed move
    would leave the seat acting, and `extra`; the reader drops it (`without_note`)."""
    parts = [p for p in (way.cost, _("ends your turn") if way.ends_turn and keeps_on else "", extra) if p]
    return f" ({'; '.join(parts)})" if parts else ""


NOTE = re.compile(r"\s*\([^()]*\)\s*$")


def without_note(line: str) -> str:
    """A listed line as copied back, without the note in brackets at its end (no
    game's notation has a bracket)."""
    return NOTE.sub("", line).strip()


@dataclass
class Listed:
    """A line of the list: the move as written, the way it plays, an extra note."""
    written: str
    way: Way
    extra: str = ""


def summary(game: GameType, state, seat: int, moves: list[Move]) -> tuple[str, dict[str, str]]:
    """The "Your legal moves" section and the moves it names, as a player writes them,
    each with its note (for the HTML part's links). One move a line, each line played
    as it stands when copied back (its note in brackets is dropped): every move when
    few, else one line per action and main fields, written short (`build blackburn
    coal-mine (£7)`), in full where its ways differ in price; of the moves doing
    several things at once one example."""
    engine = game.engine
    if len(moves) <= FULL_LIST_UP_TO:
        listed = [Listed(typed(engine.format(w.move)), w)
                  for m in moves for w in ways(game, state, seat, [m])]
        return lines_of(listed, []), playable_of(listed)
    found = groups(game, moves)
    listed: list[Listed] = []
    several: dict[str, list[Listed]] = {}
    for group, form in zip(found, short_forms(game, found)):
        keep = preferred(ways(game, state, seat, group.members))
        if not keep:
            continue
        line = Listed(typed(priced_form(game, state, seat, group, form, keep)), keep[0])
        if combined(group) and group.action in {g.action for g in found if not combined(g)}:
            several.setdefault(group.action, []).append(line)
        else:
            listed.append(line)
    for action, lines in several.items():
        if len(lines) > 1:
            lines[0].extra = _("one of {number} ways to {action} several at once").format(
                number=len(lines), action=action_word(game, action))
        listed.append(lines[0])
    kinds = [g.action for g in found if len(g.members) > 1] or [found[0].action]
    head = _("{number} legal moves, one a line, written short with what they cost. A move written "
             "short takes the choices ({choices}) of the first move `moves` lists for it that leaves "
             "you the most actions; or add your own. A line copied back as it stands plays that "
             "move.").format(number=len(moves), choices=choice_names(game, found))
    tail = _("Reply `moves {start}` (or any start of a move) for every move so starting, with all "
             "its choices.").format(start=action_word(game, kinds[0]))
    return "\n".join([head, lines_of(listed, choices_lines(game, moves)), tail]), playable_of(listed)


def action_word(game: GameType, action: str) -> str:
    """An action as the reader begins a move with it: as typed, for a German reader the
    game's first German verb for it (`bau`), which the reader takes back."""
    typed_action = typed(action)
    return first_verbs(tuple(game.words.german_verbs.items())).get(typed_action, typed_action) \
        if german() else typed_action


@functools.cache
def first_verbs(verbs: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """Each action as typed to the first German verb a player may begin it with."""
    first: dict[str, str] = {}
    for word, action in verbs:
        first.setdefault(typed(action), word)
    return first


def priced_form(game: GameType, state, seat: int, group: Group, form: list[tuple[str, str]],
                keep: list[Way]) -> str:
    """The group's short form, for ways at different prices with the words that set the
    first one's price (`coal=manchester:0`); its full notation where those words do
    not single it out."""
    short = [w for w, _ in form]
    if len({w.cost for w in keep}) == 1:
        return " ".join(short)
    others = {word for w in keep[1:] for word in game.engine.format(w.move).split()}
    words = short + [word for word in game.engine.format(keep[0].move).split()[1:]
                     if word not in others and word not in short]
    said = words_of(" ".join(words))
    fitting = [m for m in group.members if fits(said, words_of(game.engine.format(m)))]
    alike = preferred(ways(game, state, seat, fitting))
    if alike and alike[0].move == keep[0].move and len({w.cost for w in alike}) == 1:
        return " ".join(words)
    return game.engine.format(keep[0].move)


def lines_of(listed: list[Listed], more: list[str]) -> str:
    keeps_on = any(not line.way.ends_turn for line in listed)
    return "\n".join([f"  {line.written}{note(line.way, keeps_on, line.extra)}" for line in listed]
                     + more) or _("(none)")


def playable_of(listed: list[Listed]) -> dict[str, str]:
    return {line.written: line.way.cost for line in listed}


CHOICES_SHOWN = 8


def choices_lines(game: GameType, moves: list[Move]) -> list[str]:
    """Per action, the choices its moves leave to the player (the cards it may be
    played with...): the values when single, else how many combinations."""
    found: dict[str, dict[str, list[str]]] = {}
    for move in moves:
        for name in game.choice_fields:
            if name in move:
                value = move[name]
                shown = typed("+".join(map(str, value)) if isinstance(value, list) else str(value))
                values = found.setdefault(move["action"], {}).setdefault(name, [])
                if shown not in values:
                    values.append(shown)
    said: dict[str, list[str]] = {}          # the same choices of several actions said once
    for action, fields in found.items():
        parts = [f"{field_word(game, name)}: " + (", ".join(values) if len(values) <= CHOICES_SHOWN
                                                   else _("{number} choices").format(number=len(values)))
                 for name, values in fields.items() if len(values) > 1]
        if parts:
            said.setdefault("; ".join(parts), []).append(typed(action))
    return ["  " + _("choices of {actions}: {parts}").format(actions=", ".join(actions), parts=parts)
            for parts, actions in said.items()]


def choice_names(game: GameType, found: list[Group]) -> str:
    used = [name for name in game.choice_fields
            if any(name in move for g in found for move in g.members)]
    return ", ".join(field_word(game, name) for name in used) or _("none")


def field_word(game: GameType, name: str) -> str:
    """A move field's name as the reader calls it: its words, for a German reader the
    game's German word for it (GameWords.german_fields)."""
    return game.words.german_fields.get(name, name.replace("_", " ")) if german() else name.replace("_", " ")


def resolve(game: GameType, state, seat: int, line: str) -> Move:
    """A reply's line as one of the seat's legal moves: its notation, or a short form
    that fits the moves of one group, which plays the first of them that keeps the
    player's options (`preferred`); a short form that fits moves doing different
    things, or ways of one move at different prices, is asked back. A listed line's
    note in brackets is dropped. NotationError when the line is no move; a parsed but
    illegal move is returned for the engine to refuse with its reason."""
    engine = game.engine
    line = without_note(line)
    legal = engine.legal_moves(state, seat) if state is not None else []
    try:
        parsed, error = engine.parse(line), None
    except NotationError as refused:
        parsed, error = None, refused
    if parsed is not None and (not legal or parsed in legal):
        return parsed
    said = words_of(line)
    fitting = [m for m in legal if fits(said, words_of(engine.format(m)))]
    # `place industry-1` fits `place industry-1-track-1` too: the moves it names word for word
    found = groups(game, [m for m in fitting if fits(said, words_of(engine.format(m)), whole=True)]
                   or fitting)
    if len(found) > 1:          # `connect a` fits `connect a b` too: the one said exactly
        exact = [g for g in found if words_of(" ".join(w for w, _ in tagged_words(game, g))) == said]
        found = exact if len(exact) == 1 else found
    if len(found) == 1:
        return chosen(game, state, seat, found[0].members)
    if len(found) > 1:
        options = "; ".join(typed(engine.format(g.members[0])) for g in found[:8])
        raise NotationError(_("fits {number} different moves, e.g. {options}: write more of the one "
                              "you mean").format(number=len(found), options=options))
    if parsed is not None:
        return parsed
    raise error


def chosen(game: GameType, state, seat: int, members: list[Move]) -> Move:
    """The move a short form of one group plays: its first way that keeps the player's
    options; asked back (NotationError) when those ways differ in price."""
    keep = preferred(ways(game, state, seat, members))
    if len({w.cost for w in keep}) > 1:
        options = "; ".join(f"{typed(game.engine.format(w.move))} ({w.cost or _('free')})"
                            for w in keep[:8])
        raise NotationError(_("is played at different prices: {options}: write the one you "
                              "mean").format(options=options))
    return keep[0].move if keep else members[0]
