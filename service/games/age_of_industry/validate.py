"""Check the data files against the rulebook's facts:
`python -m service.games.age_of_industry.validate` lists the problems (schema.py)."""
from __future__ import annotations

import sys

from service.games.age_of_industry.schema import validate_data

__all__ = ["validate_data", "main"]


def main() -> int:
    from service.games.age_of_industry.data import read_raw
    problems = validate_data(read_raw())
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
