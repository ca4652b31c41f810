"""Check the data files against the rulebook's facts:
`python -m service.games.age_of_industry.validate [FOLDER]` (or `pbem validate-board
age-of-industry FOLDER`) lists the problems of FOLDER, laid out as this package's
data/ is, or of the shipped data (schema.py)."""
from __future__ import annotations

import sys

from service.games.age_of_industry.schema import validate_data

__all__ = ["validate_data", "main"]


def main(argv: list[str] | None = None) -> int:
    from service.games.age_of_industry.data import HERE, read_raw
    args = sys.argv[1:] if argv is None else argv
    problems = validate_data(read_raw(args[0] if args else HERE))
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
