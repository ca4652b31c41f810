"""A mail's line in German read as the game's notation (issue 31): the words a German
player begins a move with (`bau`, `entwickle`: GameWords.german_verbs) as the
notation's action, and the German names of places, industries, cards and actions
(GameWords.german, as the rulebooks print them: "Baumwollspinnerei", "Kohlebergwerk")
as their identifiers in the typed form (`cotton-mill`), a name of several words too;
"Karte=" and the other field words as the notation's keys. Everything else stays as
written, so an English line reads as before. And the other way (`written`, `listed`):
the moves a German seat's mail lists, written with those words, each read back as the
same move."""
from __future__ import annotations

import functools
import re

from service.games.base import GameType
from service.games.presentation import typed
from workers.mail.movelist import NOTE, first_verbs, without_note, words_of


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


def written(game: GameType, line: str, seats) -> str:
    """A move as typed (`build bolton cotton-mill card=bolton`) as a German player writes
    it: the German verb of its action, the German rulebook's names for its identifiers
    and the German word of a field's key, so that a German reply copies German lines.
    Only what `read` takes back: a field's word of one word; where the names would not
    read back as the same words (a name that is also a player's, a field's word that is
    also a name, a name with brackets the reader drops as a note) the German verb and
    keys with the names as typed; failing that too, the move as it stands."""
    verb, space, rest = line.partition(" ")
    keys = field_words(tuple(game.words.german_fields.items()))
    rest = re.sub(r"(?<![\w-])([^\W\d_]+)=", lambda found: keys.get(found.group(1), found.group(1)) + "=",
                  rest)
    verb = first_verbs(tuple(game.words.german_verbs.items())).get(verb.lower(), verb) + space
    pattern, names = english_names(tuple(game.words.german.items()))
    named = pattern.sub(lambda found: names[found.group(0).lower()], rest) if pattern else rest
    return next((german for german in (verb + named, verb + rest)
                 if words_of(read(game, without_note(german), seats)) == words_of(line)), line)


def listed(game: GameType, text: str, seats) -> str:
    """The legal moves' section with each move line (indented, before its note in
    brackets) `written` in German."""
    def german_line(line: str) -> str:
        if not line.startswith("  "):
            return line
        note = NOTE.search(line)
        move = line[:note.start()] if note else line
        return "  " + written(game, move.strip(), seats) + (line[note.start():] if note else "")
    return "\n".join(map(german_line, text.split("\n")))


@functools.cache
def english_names(german: tuple[tuple[str, str], ...]) -> tuple[re.Pattern | None, dict[str, str]]:
    """One pattern finding the identifiers as typed that have a German name of their own,
    and each (lower case) to that name."""
    names = {typed(ident): name for ident, name in german if name.lower() != ident.replace("_", " ")}
    if not names:
        return None, names
    alternatives = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE), names


@functools.cache
def field_words(german: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """Each field's German word where it is one word (`read` takes back no other)."""
    return {key: word for key, word in german if re.fullmatch(r"[^\W\d_]+", word)}
