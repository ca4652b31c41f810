"""What happened since a seat's last turn, in words (issue 14, "Since your last
turn"): each move by its events' sentences (`text`, the shared event shape of
service/games/events.py) with what it cost and scored from their numbers (per-seat
`money`, `vp` and `income` changes), all said by the game's presentation seam
(service/games/presentation.py, issue 27). A move whose events carry no sentence is
told by its notation, with the same numbers."""
from __future__ import annotations

from typing import Callable

from service.games.presentation import Words, changes

__all__ = ["changes", "entry_lines", "since_text", "since_version"]


def since_version(movers: list[int | None], seat: int, over: bool) -> int:
    """Where "since your last turn" starts in a log whose entries were played by
    `movers`: after the seat's last move (the whole log if it has not moved). When the
    game is `over`, the seat's own final moves at the end of the log count as its last
    turn, so the seat that ended the game is told the moves since its previous turn,
    its final ones included: every seat sees how the game ended (issue 27)."""
    end = len(movers)
    while over and end and movers[end - 1] == seat:
        end -= 1
    return max((version + 1 for version in range(end) if movers[version] == seat), default=0)


def entry_lines(entry: dict, words: Words, notation: Callable[[dict], str]) -> list[str]:
    """One log entry as lines: a sentence per event that has one, each with its
    numbers; else the mover's name, the move's notation and the numbers of all events."""
    events = [e for e in entry.get("events", []) if isinstance(e, dict)]
    said = [e for e in events if isinstance(e.get("text"), str) and e["text"]]
    if not said:
        return [f"{words.player(entry['seat'])}: {notation(entry)}" + words.tally(events, entry["seat"])]
    lines, unsaid = [], [e for e in events if e not in said]
    for number, event in enumerate(said):
        mover = event.get("seat", entry["seat"])
        extra = unsaid if number == 0 else []            # numbers on events without a sentence
        lines.append(words.sentence(event) + words.tally([event, *extra], mover))
    return lines


def since_text(entries: list[dict], words: Words, notation: Callable[[dict], str]) -> str:
    """The "Since your last turn" section: every entry's lines, in order; a move taken
    back (issue 30) followed by the line that says so."""
    return "\n".join(f"  {line}" for entry in entries
                     for line in entry_lines(entry, words, notation)
                     + ([f"({entry['taken_back']['text']})"] if "taken_back" in entry else []))
