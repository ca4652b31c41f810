"""Issue 33: every work unit tests/conftest.py's LONGEST_FIRST names is there, a test file
or a test function of one, so a test renamed or moved is not left unnoticed to run at
the end of its file, where it pins a worker while the others have finished."""
from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import APART, LONGEST_FIRST, work_unit

ROOT = Path(__file__).resolve().parents[1]


def test_every_unit_named_is_a_test_file_or_a_test_function_of_one():
    for unit in LONGEST_FIRST:
        path, _, test = unit.partition("::")
        assert path.startswith("tests/") and (ROOT / path).is_file(), unit
        if test:
            function = test.split("[", 1)[0]
            assert re.search(rf"^def {function}\(", (ROOT / path).read_text(), re.MULTILINE), unit
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)


def test_a_test_named_apart_is_a_unit_of_its_own_and_the_others_of_their_file():
    named = "tests/workers/test_mail_length.py::test_the_longest_your_turn_mail_of_20_random_brass_games_is_under_150_lines"
    assert named in APART
    assert work_unit(f"{named}[2]") == f"{named}[2]"           # each of its cases apart
    game = "tests/workers/test_play_by_mail.py::test_whole_game_played_by_mail_from_invitation_to_game_over"
    assert work_unit(f"{game}[age-of-industry]") == f"{game}[age-of-industry]"   # this case alone
    assert work_unit(f"{game}[pile]") == "tests/workers/test_play_by_mail.py"
    assert work_unit("tests/api/test_games.py::test_create") == "tests/api/test_games.py"
