"""Choices the rules leave to the player (which of two equally near coal mines,
which iron works): a move names one only where there is more than one."""
from __future__ import annotations


def why_not_choice(name: str, options: list[tuple], given) -> str | None:
    """`options` lists every full choice (a tuple of sources); `given` is the move's
    field (a list) or None."""
    if not options:
        return f"no {name} can be had"
    if len(options) == 1:
        if given is None:
            return None
        return f"there is no choice of {name} here (it comes from {', '.join(options[0]) or 'nowhere'})"
    if given is None:
        return f"name the {name} source, one of: {[list(o) for o in options]}"
    if not isinstance(given, list) or tuple(given) not in options:
        return f"{name} cannot come from {given}; choose one of: {[list(o) for o in options]}"
    return None


def chosen(options: list[tuple], given) -> tuple:
    return options[0] if given is None else tuple(given)


def with_choice(move: dict, name: str, options: list[tuple]) -> list[dict]:
    """The move once per option, naming it only when there is a choice."""
    if len(options) == 1:
        return [move]
    return [{**move, name: list(option)} for option in options]
