"""The box: the chapters of ULTIMATE RAILROADS played on the core (the base game, RUSSIAN
RAILROADS). Each chapter is one module that imports the core only and registers its rules
in the core's registries when imported; none imports another chapter (pyproject.toml's
import-linter contracts check it). A chapter left out of CHAPTERS is not played: the base
game does not need it (tests/games/ultimate_railroads/test_box.py plays it so).

The order is the set-up's: the chapters add their engineers, idea tiles and cards, and lay
their pieces in this order, which decides the order of those lists and of the state's keys
(stored games replay equal only in it)."""
from __future__ import annotations

from importlib import import_module

CHAPTERS = ("extra_engineers", "werklok", "coal", "germany", "special_ideas", "asia", "industry_board",
            "america", "emil")


def open_box(chapters: tuple = CHAPTERS) -> None:
    """Each chapter registers its rules as it is imported."""
    for chapter in chapters:
        import_module(f"{__package__}.{chapter}")
