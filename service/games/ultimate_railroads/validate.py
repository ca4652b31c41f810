"""Check a data file against the schema and the rulebook's facts:
`python -m service.games.ultimate_railroads.validate [PATH]` (or `pbem validate-board
ultimate-railroads PATH`) lists the problems of PATH, or of the shipped data/base.json."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from service.games.ultimate_railroads.data import validate_data

SHIPPED = Path(__file__).parent / "data" / "base.json"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else SHIPPED
    problems = validate_data(json.loads(path.read_text()))
    for problem in problems:
        print(f"{path}: {problem}")
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
