"""Check a data file against the schema and the rulebook's facts, for
`pbem validate-board ultimate-railroads PATH` (a file laid out as data/base.json)."""
from __future__ import annotations

from pathlib import Path

from service.games.common.datafiles import Checked, read_json
from service.games.ultimate_railroads.data import SHIPPED, provisional_values, validate_data

TAKES = "a file laid out as data/base.json (schema in data.py)"
__all__ = ["SHIPPED", "TAKES", "check"]


def check(path: Path) -> Checked:
    """The file's problems; DataFileError when it cannot be read."""
    data = read_json(path)
    problems = validate_data(data)
    return Checked(problems, {"base.json": Path(path)}, [] if problems else provisional_values(data))
