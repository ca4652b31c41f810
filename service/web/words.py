"""Moves, their effects and the log in words, for the pages: moves, events and choice
labels by the game's presentation seam (service/games/presentation.py, issue 27), a
view's changes with seat numbers as the players' names."""
from __future__ import annotations

from collections import Counter

from service.games.presentation import Words, typed
from service.games.speech import german

SHOWN_CHANGES = 8           # changes named per move; the rest are counted
SEAT_FIELDS = ("owner", "seat")


def readable(value) -> str:
    """`barrow_in_furness` as "barrow in furness", a link `a__b` as "a – b"."""
    if isinstance(value, list):
        return ", ".join(map(readable, value))
    text = str(value)
    return " – ".join(part.replace("_", " ") for part in text.split("__"))


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st; in German (issue 31) "1.", "2."."""
    if german():
        return f"{number}."
    tens = number % 100 in (11, 12, 13)
    return f"{number}{'th' if tens else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def log_lines(entries: list[dict], said: Words) -> list[dict]:
    """The log newest first, each move in words by its player's name, with what its
    events say (in words, the players by name); a move taken back says so (issue 30)."""
    return [{"version": e["version"], "who": said.player(e["seat"]) if isinstance(e["seat"], int)
             else str(e["seat"]), "words": said.move(e["move"]), "notation": typed(e["notation"]),
             "said": [said.sentence(event) for event in e["events"] if "text" in event]
             + ([f"({e['taken_back']['text']})"] if "taken_back" in e else [])}
            for e in entries[::-1]]


def path_words(path: str, view: dict, names: list[str]) -> str:
    """`public.money.1` as "money Brunel", `private.hand` as "your hand": an index
    into a list with one entry per seat becomes that seat's name."""
    parts, node, out = path.split("."), view, []
    for i, part in enumerate(parts):
        is_seat = part.isdigit() and isinstance(node, list) and len(node) == len(names) \
            and int(part) < len(names) and parts[0] != "private"     # a hand is no seat's
        if i == 0:
            out.append("your" if part == "private" else "")
        else:
            out.append(names[int(part)] if is_seat else readable(part))
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            node = None
    return " ".join(p for p in out if p)


def change_words(changes: dict, view: dict, names: list[str]) -> list[str]:
    """A move's effects (choice_tree.effects' `changes`) in words, the first few; the
    entries of a list of plain values (a hand) said as what leaves and how many come:
    what comes may be drawn from a hidden deck or bag (the next card), never named."""
    said, lists, new = [], {}, {}
    for path, (before, after) in changes.items():
        parent, _, last = path.rpartition(".")
        if last in SEAT_FIELDS and isinstance(after, int) and after < len(names):
            after = names[after]
        if last.isdigit() and plain_list(view, parent, len(names)):
            lists.setdefault(parent, {})[int(last)] = after
        elif before is None and not last.isdigit():
            new.setdefault(parent, []).append(f"{readable(last)} {readable(after)}")
        else:
            said.append(f"{path_words(path, view, names)}: "
                        f"{'–' if before is None else readable(before)} → "
                        f"{'–' if after is None else readable(after)}")
    said += [f"{path_words(parent, view, names) or 'new'}: new, {', '.join(fields)}"
             for parent, fields in new.items()]
    for parent, changed in lists.items():
        befores = at_path(view, parent)
        afters = [changed.get(i, v) for i, v in enumerate(befores)] + \
            [v for i, v in sorted(changed.items()) if i >= len(befores)]
        befores, afters = Counter(befores), Counter(v for v in afters if v is not None)
        gone, came = befores - afters, afters - befores
        came_count = sum(1 for v in came.elements() if v is not None)
        said.append(f"{path_words(parent, view, names)}: "
                    + ", ".join([f"− {readable(v)}" for v in gone.elements() if v is not None]
                                + ([f"+ {came_count} new"] if came_count else [])))
    said.sort(key=lambda line: not (line.startswith("your") or any(n in line for n in names)))
    more = len(said) - SHOWN_CHANGES
    return said[:SHOWN_CHANGES] + ([f"and {more} more changes"] if more > 0 else [])


def at_path(view: dict, path: str):
    node = view
    for part in path.split("."):
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def plain_list(view: dict, path: str, seats: int) -> bool:
    """A list of plain values that is not one per seat (a hand, a row of cards)."""
    node = at_path(view, path)
    return isinstance(node, list) and len(node) not in (0, seats) and \
        all(not isinstance(v, (dict, list)) for v in node)
