"""Words the games' refusals share (issue 31): the resources by name, and a choice
among names, as messages (speech.Said) each reader reads in their language."""
from __future__ import annotations

from service.games.speech import N_, Said

RESOURCES = {"coal": N_("coal"), "iron": N_("iron")}


def resource_word(name: str) -> Said:
    """A resource ("coal", "iron") as a refusal names it."""
    return Said(RESOURCES[name])


def either(names) -> str:
    """"a or b or c", the "or" in the reader's language."""
    *first, last = names
    return last if not first else Said(N_("{one} or {other}"), one=either(first), other=last)
