"""A mail's line in German read as the game's notation (issue 31): the words a German
player begins a move with (`bau`, `entwickle`: GameWords.german_verbs) as the
notation's action, and the German names of places, industries, cards and actions
(GameWords.german, as the rulebooks print them: "Baumwollspinnerei", "Kohlebergwerk")
as their identifiers in the typed form (`cotton-mill`), a name of several words too;
"Karte=" and the other field words as the notation's keys. Everything else stays as
written, so an English line reads as before."""
from __future__ import annotations

import functools
import re

from service.games.base import GameType
from service.games.presentation import typed


def phrases(game: GameType) -> tuple[re.Pattern | None, dict[str, str]]:
    """One pattern finding the game's German names (the longest first) and each name,
    in lower case, to its identifier as typed."""
    return found_in(tuple(game.words.german.items()))


@functools.cache
def found_in(german: tuple[tuple[str, str], ...]) -> tuple[re.Pattern | None, dict[str, str]]:
    names = {name.lower(): typed(ident) for ident, name in german if name.lower() != ident.replace("_", " ")}
    if not names:
        return None, names
    alternatives = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE), names


def read(game: GameType, line: str, seats) -> str:
    """The line with its German words as the notation's (a player's name, which may be
    a German word too, is left alone)."""
    if not line.strip():
        return line
    verb, space, rest = line.strip().partition(" ")
    verb = game.words.german_verbs.get(verb.lower(), verb)
    pattern, names = phrases(game)
    players = {seat.name.strip().lower() for seat in seats}
    if pattern is not None:
        rest = pattern.sub(lambda found: found.group(0) if found.group(0).lower() in players
                           else names[found.group(0).lower()], rest)
    keys = {word.lower(): key for key, word in game.words.german_fields.items()}
    rest = re.sub(r"(?<![\w-])([^\W\d_]+)=", lambda found: keys.get(found.group(1).lower(), found.group(1)) + "=",
                  rest)
    return f"{verb}{space}{rest}"
