"""What happened since a seat's last turn, in words (issue 14, "Since your last
turn"): each move by its events' sentences (`text`, the shared event shape of
service/games/events.py) with what it cost and scored from their numbers (per-seat
`money`, `vp` and `income` changes), the players by name. A move whose events carry
no sentence is told by its notation, with the same numbers."""
from __future__ import annotations

from typing import Callable

NUMBERS = ("money", "vp", "income")


def changes(events: list[dict]) -> dict[int, dict[str, int]]:
    """seat -> number -> its total change over the events."""
    out: dict[int, dict[str, int]] = {}
    for event in events:
        for name in NUMBERS:
            values = event.get(name)
            if not isinstance(values, list):
                continue
            for seat, change in enumerate(values):
                if isinstance(change, int) and change:
                    out.setdefault(seat, {}).setdefault(name, 0)
                    out[seat][name] += change
    return {seat: numbers for seat, numbers in out.items() if any(numbers.values())}


def amounts(numbers: dict[str, int], money: str) -> str:
    """"paid £7, +2 VP, income +1"."""
    parts = []
    if cash := numbers.get("money"):
        parts.append(f"{'paid' if cash < 0 else 'got'} {money.format(abs(cash))}")
    if vp := numbers.get("vp"):
        parts.append(f"{vp:+d} VP")
    if income := numbers.get("income"):
        parts.append(f"income {income:+d}")
    return ", ".join(parts)


def numbers_text(events: list[dict], mover: int | None, names: list[str], money: str) -> str:
    """The events' numbers: the mover's first and unnamed, then the others' by name."""
    counted = changes(events)
    parts = [amounts(counted[mover], money)] if mover in counted else []
    parts += [f"{names[seat] if seat < len(names) else seat}: {amounts(numbers, money)}"
              for seat, numbers in sorted(counted.items()) if seat != mover]
    return f" ({'; '.join(parts)})" if parts else ""


def entry_lines(entry: dict, names: list[str], money: str, words: Callable[[str], str],
                notation: Callable[[dict], str]) -> list[str]:
    """One log entry as lines: a sentence per event that has one (`words(event)`), each
    with its numbers; else the mover's name, the move's notation and the numbers of all
    events."""
    events = [e for e in entry.get("events", []) if isinstance(e, dict)]
    said = [e for e in events if isinstance(e.get("text"), str) and e["text"]]
    if not said:
        return [f"{names[entry['seat']]}: {notation(entry)}"
                + numbers_text(events, entry["seat"], names, money)]
    lines, unsaid = [], [e for e in events if e not in said]
    for number, event in enumerate(said):
        mover = event.get("seat", entry["seat"])
        extra = unsaid if number == 0 else []            # numbers on events without a sentence
        lines.append(words(event) + numbers_text([event, *extra], mover, names, money))
    return lines


def since_text(entries: list[dict], names: list[str], money: str, words: Callable[[str], str],
               notation: Callable[[dict], str]) -> str:
    """The "Since your last turn" section: every entry's lines, in order."""
    return "\n".join(f"  {line}" for entry in entries
                     for line in entry_lines(entry, names, money, words, notation))
