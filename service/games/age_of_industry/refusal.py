"""Why a move is refused: the reason, the move's field at fault and what would be
legal there (DESIGN.md: "if it is needed and missing, the reason lists the options")."""
from __future__ import annotations

from dataclasses import dataclass

from service.games.base import IllegalMove


@dataclass(frozen=True)
class Refusal:
    reason: str
    field: str | None = None
    options: tuple = ()

    def illegal(self, rule: str) -> IllegalMove:
        return IllegalMove(self.reason, rule=rule, field=self.field,
                           options=list(self.options) if self.options else None)


def refuse(reason: str | None, field: str | None = None) -> Refusal | None:
    return None if reason is None else Refusal(reason, field)
