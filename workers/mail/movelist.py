"""The legal moves as a mail shows them (issue 14, "A short, useful move list"): few
moves in full; many grouped by action and by what they do (for a build: where and
what, once), each written short with its cost, and the choices that only say how a
move is paid for (the game type's `choice_fields`: a card discarded, where coal comes
from) left to a stated rule, or to `moves ACTION` which lists every move in full.

Moves are written in the typed form: the notation with `-` for `_` (the reader's
short form, `moves.resolve`, reads both), so no mail shows a raw identifier."""
from __future__ import annotations

from dataclasses import dataclass, field

from service.games.base import GameType, IllegalMove, Move, NotationError

FULL_LIST_UP_TO = 12        # this many moves or fewer are listed in full


def typed(notation: str) -> str:
    """A move as a player types it: identifiers with `-` for `_`."""
    return notation.replace("_", "-")


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


def fits(said: list[str], words: list[str]) -> bool:
    """Whether a move written short (said) fits a move's notation (words): its words in
    order, each a word of the notation or the leading part of one (`cotton` of
    `cotton_mill`, `warrington` of `warrington_runcorn`)."""
    position = 0
    for word in said:
        while position < len(words) and not (words[position] == word or (
                "=" not in word and words[position].startswith(word + "_"))):
            position += 1
        if position == len(words):
            return False
        position += 1
    return True


def effect(game: GameType, state, seat: int, move: Move, money: str) -> str:
    """What a move costs or brings the seat, and the VP it scores, from its events'
    numbers (events: per-seat `money` and `vp` changes): "£12", "+£30", "+2 VP"."""
    try:
        _after, events = game.engine.apply(state, seat, move)
    except IllegalMove:         # a listed move the engine refuses says so when played
        return ""
    totals = {name: sum((e.get(name) or [0] * (seat + 1))[seat] for e in events
                        if isinstance(e.get(name), list) and len(e[name]) > seat)
              for name in ("money", "vp")}
    parts = []
    if totals["money"]:
        amount = money.format(abs(totals["money"]))
        parts.append(amount if totals["money"] < 0 else f"+{amount}")
    if totals["vp"]:
        parts.append(f"{totals['vp']:+d} VP")
    return ", ".join(parts)


def summary(game: GameType, state, seat: int, moves: list[Move]) -> tuple[str, dict[str, str]]:
    """The "Your legal moves" section and the moves it names, as a player writes them,
    each with its cost (for the HTML part's links):
    every move when few, else one line per action and first main field, e.g.
    `build blackburn: cotton-mill (£12); coal-mine (£7)`, and of the moves doing
    several things at once one example."""
    engine = game.engine
    if len(moves) <= FULL_LIST_UP_TO:
        written = [typed(engine.format(m)) for m in moves]
        return "\n".join(f"  {w}" for w in written) or "(none)", dict.fromkeys(written, "")
    found = groups(game, moves)
    lines: dict[str, list[str]] = {}
    playable: dict[str, str] = {}
    several: dict[str, tuple[int, str]] = {}
    for group, form in zip(found, short_forms(game, found)):
        cost = effect(game, state, seat, group.members[0], game.money)
        head, entry = line_parts(group, form)
        playable[f"{head} {entry}".strip()] = cost
        entry += f" ({cost})" if cost else ""
        if combined(group) and group.action in {g.action for g in found if not combined(g)}:
            count, example = several.get(group.action, (0, f"{head} {entry}"))
            several[group.action] = (count + 1, example)
            continue
        lines.setdefault(head, []).append(entry)
    body = [f"  {head}: " + "; ".join(entries) if any(entries) else f"  {head}"
            for head, entries in lines.items()]
    body += [f"  or {action.replace('_', '-')} several at once ({count} ways), e.g. {example}"
             if count > 1 else f"  or {example}"
             for action, (count, example) in several.items()]
    body += choices_lines(game, moves)
    kinds = [g.action for g in found if len(g.members) > 1] or [found[0].action]
    return "\n".join([
        f"{len(moves)} legal moves, written short with what they cost: `a b: c; d` "
        "stands for `a b c` and `a b d`. A move played as written takes the choices ("
        + choice_names(game, found) + ") of the first move `moves` lists for it; or add "
        "your own.", *body,
        f"Reply `moves {kinds[0].replace('_', '-')}` (or any start of a move) for every "
        "move so starting, with all its choices."]), playable


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
        parts = [f"{name.replace('_', ' ')}: " + (", ".join(values) if len(values) <= CHOICES_SHOWN
                                                   else f"{len(values)} choices")
                 for name, values in fields.items() if len(values) > 1]
        if parts:
            said.setdefault("; ".join(parts), []).append(typed(action))
    return [f"  choices of {', '.join(actions)}: {parts}" for parts, actions in said.items()]


def line_parts(group: Group, form: list[tuple[str, str]]) -> tuple[str, str]:
    """(the line's head: action and first main field, the entry: the rest) of a short
    form; the head is the action alone for a move with one main field."""
    lead_field = next((f for _, f in form if f not in ("action", "full")), None)
    lead = [w for w, f in form if f == lead_field] if len(group.main) > 1 else []
    rest = [w for w, f in form if f != "action" and (f != lead_field or not lead)]
    verb = [w for w, f in form if f == "action"]
    return typed(" ".join(verb + lead)), typed(" ".join(rest))


def choice_names(game: GameType, found: list[Group]) -> str:
    used = [name for name in game.choice_fields
            if any(name in move for g in found for move in g.members)]
    return ", ".join(name.replace("_", " ") for name in used) or "none"


def resolve(game: GameType, state, seat: int, line: str) -> Move:
    """A reply's line as one of the seat's legal moves: its notation, or a short form
    that fits the moves of one group, which plays the group's first move (the stated
    rule); a short form that fits moves doing different things is asked back.
    NotationError when the line is no move; a parsed but illegal move is returned for
    the engine to refuse with its reason."""
    engine = game.engine
    legal = engine.legal_moves(state, seat) if state is not None else []
    try:
        parsed, error = engine.parse(line), None
    except NotationError as refused:
        parsed, error = None, refused
    if parsed is not None and (not legal or parsed in legal):
        return parsed
    said = words_of(line)
    found = groups(game, [m for m in legal if fits(said, words_of(engine.format(m)))])
    if len(found) > 1:          # `connect a` fits `connect a b` too: the one said exactly
        exact = [g for g in found if words_of(" ".join(w for w, _ in tagged_words(game, g))) == said]
        found = exact if len(exact) == 1 else found
    if len(found) == 1:
        return found[0].members[0]
    if len(found) > 1:
        options = "; ".join(typed(engine.format(g.members[0])) for g in found[:8])
        raise NotationError(f"fits {len(found)} different moves, e.g. {options}: write "
                            "more of the one you mean")
    if parsed is not None:
        return parsed
    raise error
