"""Choices the rules leave to the player (which of two equally near coal mines,
which iron works): a move names one only where there is more than one."""
from __future__ import annotations

from service.games.common.words import resource_word
from service.games.speech import N_, Said


def why_not_choice(name: str, options: list[tuple], given) -> str | None:
    """`options` lists every full choice (a tuple of sources); `given` is the move's
    field (a list) or None."""
    if not options:
        return Said(N_("no {resource} can be had"), resource=resource_word(name))
    if len(options) == 1:
        if given is None:
            return None
        return Said(N_("there is no choice of {resource} here (it comes from {sources})"),
                    resource=resource_word(name), sources=", ".join(options[0]) or Said(N_("nowhere")))
    if given is None:
        return Said(N_("name the {resource} source, one of: {options}"), resource=resource_word(name),
                    options=[list(o) for o in options])
    if not isinstance(given, list) or tuple(given) not in options:
        return Said(N_("{resource} cannot come from {given}; choose one of: {options}"),
                    resource=resource_word(name), given=given, options=[list(o) for o in options])
    return None


def chosen(options: list[tuple], given) -> tuple:
    return options[0] if given is None else tuple(given)


def with_choice(move: dict, name: str, options: list[tuple]) -> list[dict]:
    """The move once per option, naming it only when there is a choice."""
    if len(options) == 1:
        return [move]
    return [{**move, name: list(option)} for option in options]
