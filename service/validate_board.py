"""`pbem validate-board GAME PATH`: a game's printed data checked, in-process, before it
replaces the provisional data (the checks are the game's own `validate` module), and
where the files go next."""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

from service.games.common import datafiles
from service.games.registry import game_type, game_types


def validators() -> dict:
    """Game type id -> the `validate` module of each game whose package ships one."""
    found = {}
    for game_id, game in sorted(game_types().items()):
        engine = game.engine
        package = (engine.__name__ if isinstance(engine, ModuleType) else engine.__module__)
        package = package.rpartition(".")[0]
        if package.startswith("service.games.") and (
                Path(importlib.import_module(package).__file__).parent / "validate.py").exists():
            found[game_id] = importlib.import_module(f"{package}.validate")
    return found


def validate(game_id: str, path: str, validators: dict) -> None:
    """Checks candidate data in-process; exits 0 (sound: then says what to do next),
    1 (problems, each listed) or 2 (unreadable or unknown game), never with a traceback."""
    def unreadable(message: str):
        print(message, file=sys.stderr)
        sys.exit(2)
    if game_id not in validators:
        unreadable(f"pbem validate-board: unknown game {game_id!r}; "
                   f"games with data to check: {', '.join(validators)}")
    validator, path = validators[game_id], Path(path)
    try:
        checked = validator.check(path)
    except datafiles.DataFileError as error:
        unreadable(f"{error}\n{game_id} takes {validator.TAKES}")
    except Exception as error:          # a shape the checker does not foresee: say so, plainly
        unreadable(f"{path}: the checker failed on this data ({type(error).__name__}: {error}); "
                   f"{game_id} takes {validator.TAKES}. Please report this.")
    for problem in checked.problems:
        print(f"{path}: {problem}")
    if checked.problems:
        print(f"{len(checked.problems)} problem(s); nothing was changed", file=sys.stderr)
        sys.exit(1)
    print(f"{path}: ok" + "".join(f"\n  still marked provisional: {mark}" for mark in
                                  checked.provisional) if checked.provisional else
          f"{path}: ok, nothing marked provisional (printed data)")
    print_next_steps(game_id, validator, checked)


def print_next_steps(game_id: str, validator, checked) -> None:
    """Where sound data goes (the drop-in folder), and what the switch does."""
    game = game_type(game_id)
    in_use = datafiles.files_in_use(validator.SHIPPED, game_id)
    rules = game.engine_version.partition("+data.")[0]
    new_version = datafiles.engine_version(rules, {**in_use, **checked.files})
    folder = datafiles.drop_in_folder(game_id)
    root = os.environ[datafiles.DROP_IN] if folder else "$PBEM_DATA"
    target = folder or f"$PBEM_DATA/{game_id}"
    folders = sorted({str(Path(target, name).parent) for name in checked.files})
    copies = "\n".join([f"       mkdir -p {' '.join(folders)}"] + [
        f"       cp {source} {target}/{name}" for name, source in checked.files.items()])
    print(f"""Next:
  1. Put the files in the drop-in folder{'' if folder else ' (choose a folder and export PBEM_DATA)'}:
{copies}
  2. Restart every pbem process (serve, worker, dev) with PBEM_DATA={root}.
     {game_id} then runs engine {new_version} (now {game.engine_version});
     `GET /v1/game-types` shows it, with stage "{'provisional' if checked.provisional else 'complete'}".
  3. Games started under the old data are refused (409 engine-version), never played on under
     changed data: finish them first, or keep a server with the old data for them.""")
