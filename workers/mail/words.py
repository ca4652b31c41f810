"""An engine's text in the words players read (issue 14, "Names and words"): the
engines, pure, know seats and identifiers only. "seat 2" (or "seat2") becomes the
player's name; an identifier the game's data names (GameType.display_names) its
printed name; a link `a__b` "A – B"; any other identifier with `_` its words."""
from __future__ import annotations

import re

SEAT_LABEL = re.compile(r"\b([Ss])eat ?(\d+)\b")
IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:_+[a-z0-9]+)*\b")


def named(ident: str, names: dict[str, str]) -> str:
    if ident in names:
        return names[ident]
    if "__" in ident:
        return " – ".join(named(part, names) for part in ident.split("__"))
    return ident.replace("_", " ")


def in_words(text: str, names: dict[str, str], players: list[str]) -> str:
    """The text with players by name and identifiers by their display names."""
    text = SEAT_LABEL.sub(lambda found: players[int(found.group(2))]
                          if int(found.group(2)) < len(players) else found.group(0), text)
    return IDENTIFIER.sub(lambda found: named(found.group(0), names), text)


def unnamed(text: str, players: list[str]) -> str:
    """A player's line with the players' names back as the seats the notation writes
    ("develop 2H Bert": "develop 2H seat1"), the longest names first."""
    for seat, name in sorted(enumerate(players), key=lambda pair: -len(pair[1])):
        if name.strip():
            text = re.sub(rf"(?<![\w-]){re.escape(name.strip())}(?![\w-])", f"seat{seat}", text, flags=re.I)
    return text
