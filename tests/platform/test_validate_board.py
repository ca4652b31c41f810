"""`pbem validate-board GAME PATH` and the data drop-in (issue 12, finding 4): the shipped
data passes, broken input is refused with a message naming the file (and line and
column, or row), never a traceback; success says what to do next; a drop-in's own
"provisional" marks set the game type's stage; new data never changes a game in progress."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from service import cli
from service.games.registry import game_type
from tests.api.helpers import a_game

GAMES = Path(__file__).resolve().parents[2] / "service" / "games"
SHIPPED = {"industry": GAMES / "industry" / "data" / "board.json",
           "age-of-industry": GAMES / "age_of_industry" / "data",
           "ultimate-railroads": GAMES / "ultimate_railroads" / "data" / "base.json"}


def validate(capsys, game: str, path) -> tuple[int, str, str]:
    """The command in-process: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as exited:
        cli.main(["validate-board", game, str(path)])
        sys.exit(0)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return exited.value.code or 0, out, err


def aoi_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "aoi"
    shutil.copytree(SHIPPED["age-of-industry"], folder)
    return folder


@pytest.mark.parametrize("game", sorted(SHIPPED))
def test_the_shipped_data_passes_and_the_next_steps_are_told(game, capsys, monkeypatch):
    monkeypatch.delenv("PBEM_DATA", raising=False)
    code, out, _ = validate(capsys, game, SHIPPED[game])
    assert code == 0, out
    assert ": ok" in out and f"$PBEM_DATA/{game}" in out
    assert f"now {game_type(game).engine_version}" in out and "409 engine-version" in out


def test_the_command_runs_the_checks_in_process_without_warnings():
    """Industry's check printed a runpy RuntimeWarning (the command exec'd `python -m`)."""
    done = subprocess.run([sys.executable, "-m", "service.cli", "validate-board", "industry",
                           str(SHIPPED["industry"])], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_help_names_the_games_and_what_each_takes(capsys):
    with pytest.raises(SystemExit):
        cli.main(["validate-board", "--help"])
    out = capsys.readouterr().out
    assert "one of: age-of-industry, industry, ultimate-railroads" in out
    assert "age-of-industry: PATH is a folder" in out and "maps/germany.json" in out


@pytest.mark.parametrize("name", ["aoi", "age_of_industry", "brass"])
def test_an_unknown_game_is_refused_with_the_list(name, capsys):
    """`aoi` failed with a traceback; `age_of_industry` worked only by accident."""
    code, _, err = validate(capsys, name, SHIPPED["industry"])
    assert code == 2
    assert f"unknown game {name!r}; games with data to check: age-of-industry, industry, " \
           "ultimate-railroads" in err


@pytest.mark.parametrize("game", ["industry", "ultimate-railroads"])
def test_a_missing_file_is_named(game, tmp_path, capsys):
    code, _, err = validate(capsys, game, tmp_path / "board.json")
    assert code == 2 and f"{tmp_path / 'board.json'}: no such file" in err


def test_a_missing_file_in_a_folder_is_named(tmp_path, capsys):
    folder = aoi_copy(tmp_path)
    (folder / "maps" / "germany.json").unlink()
    code, _, err = validate(capsys, "age-of-industry", folder)
    assert code == 2 and f"{folder / 'maps' / 'germany.json'}: no such file" in err


def test_a_file_given_for_a_folder_is_refused(capsys):
    code, _, err = validate(capsys, "age-of-industry", SHIPPED["industry"])
    assert code == 2 and f"{SHIPPED['industry']}: is a file; a folder is expected here" in err
    assert "age-of-industry takes a folder laid out as data/" in err


@pytest.mark.parametrize("game", ["industry", "ultimate-railroads"])
def test_a_folder_given_for_a_file_is_refused(game, tmp_path, capsys):
    code, _, err = validate(capsys, game, tmp_path)
    assert code == 2 and f"{tmp_path}: is a folder; a JSON file is expected here" in err


def test_bad_json_is_named_with_file_line_and_column(tmp_path, capsys):
    """A trailing comma in one of Age of Industry's files."""
    folder = aoi_copy(tmp_path)
    (folder / "cards.json").write_text('{\n  "location_cards": {"brown": 6,}\n}\n')
    code, _, err = validate(capsys, "age-of-industry", folder)
    assert code == 2
    assert f"{folder / 'cards.json'}: line 2, column 33: not valid JSON: Expecting property " \
           "name enclosed in double quotes" in err


def test_a_row_without_its_level_is_named_with_file_and_row(tmp_path, capsys):
    """Was a bare `KeyError: 'level'`."""
    folder = aoi_copy(tmp_path)
    board = json.loads((folder / "player_board.json").read_text())
    del board["industries"]["port"][1]["level"]
    (folder / "player_board.json").write_text(json.dumps(board))
    code, out, err = validate(capsys, "age-of-industry", folder)
    assert code == 1
    assert f"{folder}: player_board.json: industries.port, row 2: missing key 'level'" in out
    assert "1 problem(s); nothing was changed" in err


def test_a_route_without_its_length_is_named_with_file_and_row(tmp_path, capsys):
    data = json.loads(SHIPPED["ultimate-railroads"].read_text())
    del data["routes"][1]["length"]
    path = tmp_path / "base.json"
    path.write_text(json.dumps(data))
    code, out, _ = validate(capsys, "ultimate-railroads", path)
    assert code == 1 and f"{path}: base.json: routes[1]: missing key 'length'" in out


@pytest.mark.parametrize("game", sorted(SHIPPED))
def test_a_broken_copy_is_refused_with_its_problems(game, tmp_path, capsys):
    """The shipped data with one rulebook fact broken."""
    if game == "age-of-industry":
        path = aoi_copy(tmp_path)
        cards = json.loads((path / "cards.json").read_text())
        cards["industry_cards"].popitem()
        (path / "cards.json").write_text(json.dumps(cards))
        expected = "one industry card kind per industry"
    else:
        data = json.loads(SHIPPED[game].read_text())
        if game == "industry":
            data["spaces"] = data["spaces"][:-1]
            expected = "the board must have the 60 spaces"
        else:
            data["track_colours"] = data["track_colours"][:4]
            expected = "track_colours: five colours expected"
        path = tmp_path / "board.json"
        path.write_text(json.dumps(data))
    code, out, _ = validate(capsys, game, path)
    assert code == 1 and expected in out


def printed_industry_board(folder: Path) -> Path:
    """The shipped board, marked as a transcription of the printed one (its spaces'
    names too, issue 31)."""
    data = json.loads(SHIPPED["industry"].read_text())
    data["provisional"] = False
    for space in data["spaces"]:
        if "name_source" in space:
            space["name_source"] = "printed"
    path = folder / "industry" / "board.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    return path


def game_type_under(drop_in: Path, game: str) -> dict:
    """The game type as a server started with PBEM_DATA=drop_in serves it."""
    done = subprocess.run(
        [sys.executable, "-c", "import json, sys; from service.games.registry import game_type; "
         "print(json.dumps(game_type(sys.argv[1]).as_dict()))", game],
        capture_output=True, text=True, timeout=60, env={**os.environ, "PBEM_DATA": str(drop_in)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_stage_follows_the_boards_own_provisional_mark(tmp_path, capsys):
    """A board with "provisional": false validated as "printed", yet the game type
    still said provisional (it was hard-coded)."""
    path = printed_industry_board(tmp_path)
    code, out, _ = validate(capsys, "industry", path)
    assert code == 0 and "ok, nothing marked provisional (printed data)" in out
    assert 'with stage "complete"' in out
    served = game_type_under(tmp_path, "industry")
    assert served["stage"] == "complete" and "PROVISIONAL" not in served["description"]
    assert served["engine_version"] in out           # the version the command foretold
    assert game_type("industry").stage == "provisional"     # the shipped board is marked


def test_age_of_industry_stage_follows_its_files_marks(tmp_path):
    folder = tmp_path / "age-of-industry"
    shutil.copytree(SHIPPED["age-of-industry"], folder)
    for path in folder.rglob("*.json"):
        data = json.loads(path.read_text())
        data.pop("provisional", None)
        for rows in data.get("industries", {}).values():
            for row in rows:
                row.pop("provisional", None)
        path.write_text(json.dumps(data))
    served = game_type_under(tmp_path, "age-of-industry")
    assert served["stage"] == "complete" and "PROVISIONAL" not in served["description"]
    assert game_type("age-of-industry").stage == "provisional"


def game_seen_by_a_server_with(drop_in: Path, game_id: str) -> dict:
    """GET /v1/games/{id} from an app started with PBEM_DATA=drop_in (a fresh process:
    data is read at import, as a restarted server reads it)."""
    script = ("import json, os, sys; from service.app import create_app; "
              "answer = create_app({'REDIS_URL': os.environ['REDIS_URL'], 'TESTING': True})"
              ".test_client().get('/v1/games/' + sys.argv[1]); "
              "print(json.dumps({'status': answer.status_code, 'body': answer.get_json()}))")
    done = subprocess.run([sys.executable, "-c", script, game_id], capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PBEM_DATA": str(drop_in)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_game_in_progress_is_not_changed_by_new_data(client, tmp_path):
    """Issue 12, finding 4: a Brass game started under the shipped data; a server given
    data with a renamed place (Bolton) refuses it (409 engine-version) instead of playing
    it on under other facts; the same data copied unchanged still serves it."""
    game = a_game(client, players=3, game="brass-lancashire")
    board = SHIPPED["industry"].parents[2] / "brass_lancashire" / "data" / "board.json"
    same, renamed = tmp_path / "same", tmp_path / "renamed"
    (same / "brass-lancashire").mkdir(parents=True)
    (renamed / "brass-lancashire").mkdir(parents=True)
    shutil.copy(board, same / "brass-lancashire" / "board.json")
    (renamed / "brass-lancashire" / "board.json").write_text(
        board.read_text().replace('"bolton"', '"bolton_le_moors"'))

    assert game_seen_by_a_server_with(same, game.id)["status"] == 200
    refused = game_seen_by_a_server_with(renamed, game.id)
    assert refused["status"] == 409 and refused["body"]["type"].endswith("engine-version")
    assert game_type("brass-lancashire").engine_version in refused["body"]["detail"]
    assert client.get(f"/v1/games/{game.id}").status_code == 200    # the old server plays on


def test_the_data_digest_follows_values_not_spacing(tmp_path, monkeypatch):
    """The engine version's data part changes with a value, not with a file's layout;
    a drop-in folder replaces only the files it holds."""
    from service.games.common import datafiles
    shipped = SHIPPED["industry"].parent
    monkeypatch.setenv("PBEM_DATA", str(tmp_path))
    (tmp_path / "industry").mkdir()
    assert datafiles.files_in_use(shipped, "industry") == {
        "board.json": shipped / "board.json", "resources.json": shipped / "resources.json"}
    before = datafiles.digest(datafiles.files_in_use(shipped, "industry"))
    data = json.loads(SHIPPED["industry"].read_text())
    dropped = tmp_path / "industry" / "board.json"
    dropped.write_text(json.dumps(dict(reversed(data.items())), indent=7))
    in_use = datafiles.files_in_use(shipped, "industry")
    assert in_use["board.json"] == dropped and in_use["resources.json"] == shipped / "resources.json"
    assert datafiles.digest(in_use) == before
    data["spaces"][5]["cost"] += 1
    dropped.write_text(json.dumps(data))
    assert datafiles.digest(in_use) != before


def test_a_spaces_names_for_readers_leave_the_engine_version_alone(tmp_path, monkeypatch):
    """Issue 31: a space's English and German names and where they come from are words
    for readers, read by no rule: changed (or added, as they were to Industry's board),
    the data digest and so the engine version stay, and the games in play go on; its
    `name`, which moves and events refer to, still counts."""
    from service.games.common import datafiles
    shipped = SHIPPED["industry"].parent
    monkeypatch.setenv("PBEM_DATA", str(tmp_path))
    (tmp_path / "industry").mkdir()
    before = datafiles.digest(datafiles.files_in_use(shipped, "industry"))
    data = json.loads(SHIPPED["industry"].read_text())
    dropped = tmp_path / "industry" / "board.json"
    space = next(s for s in data["spaces"] if "name_de" in s)
    space.update(name_en="Somewhere", name_de="Irgendwo", name_source="printed")
    dropped.write_text(json.dumps(data))
    assert datafiles.digest(datafiles.files_in_use(shipped, "industry")) == before
    for words_only in datafiles.WORDS_ONLY & set(space):
        del space[words_only]
    dropped.write_text(json.dumps(data))
    assert datafiles.digest(datafiles.files_in_use(shipped, "industry")) == before
    space["name"] += "_renamed"
    dropped.write_text(json.dumps(data))
    assert datafiles.digest(datafiles.files_in_use(shipped, "industry")) != before
