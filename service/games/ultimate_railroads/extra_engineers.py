"""ZUSÄTZLICHE INGENIEURINNEN (option `extra_engineers`): the 9 extra engineers are shuffled
into the A and B stacks; each has an ordinal (`ordinal` in data/modules.json; the base
engineers' is their number), never two with the same ordinal are dealt (setup.py), and the
engineer-number actions and the majority's tie-break use the ordinal (data.ordinal)."""
from __future__ import annotations

from . import modules
from .data import MODULES
from .chapter import into


@into(modules.ENGINEERS_IN)
def engineers(options: dict, tiles: list[int]) -> list[int]:
    """All nine (the players may choose)."""
    if not options.get("extra_engineers"):
        return tiles
    return tiles + [t["number"] for t in MODULES["extra_engineers"]["tiles"]]


