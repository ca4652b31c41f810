"""A player's typed move and the players' names (issue 14): the mails write a seat a
move names by its player's name ("develop 2H Bert"), and a reply's line gets the seat
back. Everything else a game says is put in words by the presentation seam
(service/games/presentation.py, issue 27), whose `in_words` this re-exports."""
from __future__ import annotations

import re

from service.games.presentation import SEAT_LABEL, in_words

__all__ = ["in_words", "seats_named", "unnamed"]


def seats_named(text: str, players: list[str]) -> str:
    """A typed move with each seat it names by its player's name."""
    return SEAT_LABEL.sub(lambda found: players[int(found.group(2))]
                          if int(found.group(2)) < len(players) else found.group(0), text)


def unnamed(text: str, players: list[str]) -> str:
    """A player's line with the players' names back as the seats the notation writes
    ("develop 2H Bert": "develop 2H seat1"), the longest names first."""
    for seat, name in sorted(enumerate(players), key=lambda pair: -len(pair[1])):
        if name.strip():
            text = re.sub(rf"(?<![\w-]){re.escape(name.strip())}(?![\w-])", f"seat{seat}", text, flags=re.I)
    return text
