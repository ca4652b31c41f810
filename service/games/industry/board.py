"""The board (Spielplan): the 60 spaces and their connections, loaded once at import.

The file is `data/board.json` (schema in schema.py). The shipped file is PROVISIONAL:
built to the rulebook's structural facts, not transcribed from the printed board.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from service.games.industry.schema import BONUS_NETWORK, load_json
from service.games.industry.validate import validate_board


@dataclass(frozen=True)
class Board:
    provisional: bool
    note: str
    coin_columns: frozenset
    spaces: MappingProxyType                 # id -> space dict (read only by convention)
    connections: tuple                       # (type, a, b)

    def links(self, kind: str) -> list[tuple[str, str]]:
        """All connections of one kind: road, tech_line, river, rail, pipe, power_line."""
        return [(a, b) for t, a, b in self.connections if t == kind]

    def connected_factories(self, bonus_space: str) -> list[str]:
        """Spielende, Bonusfelder: the factories joined to a bonus space by its network."""
        network = BONUS_NETWORK[self.spaces[bonus_space]["bonus"]]
        return sorted({b if a == bonus_space else a for a, b in self.links(network)
                       if bonus_space in (a, b)})


def board_from(data: dict) -> Board:
    problems = validate_board(data)
    if problems:
        raise ValueError("invalid board: " + "; ".join(problems))
    return Board(provisional=data["provisional"], note=data.get("provisional_note", ""),
                 coin_columns=frozenset(data["coin_columns"]),
                 spaces=MappingProxyType({s["id"]: s for s in data["spaces"]}),
                 connections=tuple((c["type"], c["a"], c["b"]) for c in data["connections"]))


BOARD = board_from(load_json("board.json"))
