"""A game's data files: where they are read from, how a broken one is reported (bad
JSON by file, line and column; a missing key by file and row, `shape`), and the digest
of their content that goes into the game's engine version.

Each game ships its data as JSON files under `service/games/<package>/data/`. A file of
the same name under `$PBEM_DATA/<game id>/` (the drop-in folder, README "Replacing
provisional data") replaces the shipped one. The engine version is the hand-set rules
version plus a digest of the files in use ("2+data.1a2b3c4d5e6f"), so a server with other
data refuses a game started under the old data (409 engine-version), as it does for a
rules change, rather than play it on under changed facts (a renamed place id included;
not a place's names for readers, WORDS_ONLY).
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

DROP_IN = "PBEM_DATA"


class DataFileError(ValueError):
    """A data file that cannot be read; the message names the file and what is wrong."""


def read_json(path: Path):
    """The file's JSON; DataFileError naming the file (with line and column for bad JSON)."""
    path = Path(path)
    if path.is_dir():
        raise DataFileError(f"{path}: is a folder; a JSON file is expected here")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise DataFileError(f"{path}: cannot be read: {error}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise DataFileError(f"{path}: line {error.lineno}, column {error.colno}: "
                            f"not valid JSON: {error.msg}") from None


def drop_in_folder(game_id: str) -> Path | None:
    """$PBEM_DATA/<game id>, when PBEM_DATA is set."""
    root = os.environ.get(DROP_IN)
    return Path(root) / game_id if root else None


def shipped_names(shipped: Path) -> list[str]:
    """The data files a package ships, as paths relative to its data folder."""
    return sorted(p.relative_to(shipped).as_posix() for p in shipped.rglob("*.json"))


def files_in_use(shipped: Path, game_id: str) -> dict[str, Path]:
    """Each shipped data file, or its replacement in the drop-in folder when there is one."""
    folder = drop_in_folder(game_id)
    return {name: (folder / name if folder and (folder / name).is_file() else shipped / name)
            for name in shipped_names(shipped)}


# Keys that only name things for readers (issue 31: a place's names in each language,
# where they come from, whether they are ours): no rule reads them, so a change of them
# leaves the engine version, and the games in play, alone. A renamed id still counts.
WORDS_ONLY = frozenset({"name_en", "name_de", "name_source", "names_provisional", "names_note"})


def rules_facts(value):
    """A data file's JSON without its WORDS_ONLY keys, at any depth."""
    if isinstance(value, dict):
        return {key: rules_facts(item) for key, item in value.items() if key not in WORDS_ONLY}
    if isinstance(value, list):
        return [rules_facts(item) for item in value]
    return value


def digest(files: dict[str, Path]) -> str:
    """12 hex digits of SHA-256 over each file's name and its JSON content (so spacing
    and key order do not count, values do; words for readers alone do not: WORDS_ONLY)."""
    hashed = hashlib.sha256()
    for name in sorted(files):
        content = json.dumps(rules_facts(read_json(files[name])), sort_keys=True,
                             separators=(",", ":"))
        hashed.update(f"{name}\n{content}\n".encode())
    return hashed.hexdigest()[:12]


def engine_version(rules: str, files: dict[str, Path]) -> str:
    """The rules version (bumped by hand for a rules change) and the data's digest."""
    return f"{rules}+data.{digest(files)}"


@dataclass
class Checked:
    """What `pbem validate-board` learnt about candidate data: its problems ([] when
    sound), its files by their name under data/, and what it marks provisional."""
    problems: list[str]
    files: dict[str, Path]
    provisional: list[str] = field(default_factory=list)


# The kinds a schema names for shape(): a type, or one of these.
WHOLE, COUNTS, PAIRS = "a whole number", "an object of whole numbers", "a list of [id, id] pairs"
KIND_NAMES = {dict: "an object", list: "a list", str: "a string"}


def optional(kind):
    """A key that may be left out, of this kind when present."""
    return ("optional", kind)


def fits(value, kind) -> bool:
    if kind == WHOLE:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == COUNTS:
        return isinstance(value, dict) and all(fits(v, WHOLE) for v in value.values())
    if kind == PAIRS:
        return isinstance(value, list) and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(e, str) for e in p) for p in value)
    return isinstance(value, kind)


def shape(where: str, record, keys: dict) -> list[str]:
    """What a record lacks, or holds with the wrong kind, named by `where` (its file and
    row): checked before a file's facts, so a broken file is reported, never a crash."""
    if not isinstance(record, dict):
        return [f"{where}: an object is expected"]
    problems = []
    for key, kind in keys.items():
        required = not (isinstance(kind, tuple) and kind[0] == "optional")
        kind = kind if required else kind[1]
        if key not in record:
            if required:
                problems.append(f"{where}: missing key {key!r}")
        elif not fits(record[key], kind):
            problems.append(f"{where}: {key!r} must be {KIND_NAMES.get(kind, kind)}")
    return problems
