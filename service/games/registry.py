"""The game types: every sub-package of service.games whose __init__ exports GAME,
plus any named in PBEM_GAME_PLUGINS ("package.module:ATTR,..."), which is how an
engine kept outside this package (a third party's, or the tests' own) is served."""
from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache

from service import games
from service.games.base import GameType

NOT_GAMES = {"common"}


@cache
def built_in_types() -> dict[str, GameType]:
    """The game types of this package, without plugins (what the contract publishes)."""
    found = {}
    for info in pkgutil.iter_modules(games.__path__):
        if not info.ispkg or info.name in NOT_GAMES:
            continue
        module = importlib.import_module(f"service.games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, GameType):
            found[game.id] = game
    return dict(sorted(found.items()))


@cache
def game_types() -> dict[str, GameType]:
    found = dict(built_in_types())
    for plugin in filter(None, os.environ.get("PBEM_GAME_PLUGINS", "").split(",")):
        module_name, _, attr = plugin.strip().partition(":")
        game = getattr(importlib.import_module(module_name), attr or "GAME")
        found[game.id] = game
    return dict(sorted(found.items()))


def game_type(game_id: str) -> GameType | None:
    return game_types().get(game_id)
