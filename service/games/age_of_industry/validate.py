"""Check a folder of data files against the schema and the rulebook's facts, for
`pbem validate-board age-of-industry FOLDER` (the folder laid out as this package's
data/ is; schema.py documents the files and what is checked)."""
from __future__ import annotations

from pathlib import Path

from service.games.age_of_industry.data import HERE, NAMES, read_raw
from service.games.age_of_industry.schema import provisional_parts, validate_data
from service.games.common.datafiles import Checked, DataFileError

TAKES = "a folder laid out as data/: " + ", ".join(NAMES)
SHIPPED = HERE


def check(folder: Path) -> Checked:
    """The folder's problems; DataFileError when a file cannot be read."""
    folder = Path(folder)
    if not folder.is_dir():
        what = "is a file" if folder.exists() else "no such folder"
        raise DataFileError(f"{folder}: {what}; a folder is expected here")
    files = {name: folder / name for name in NAMES}
    raw = read_raw(files)
    problems = validate_data(raw)
    return Checked(problems, files, [] if problems else provisional_parts(raw))
