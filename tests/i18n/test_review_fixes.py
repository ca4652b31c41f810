"""Issue 31's review: a German name that carries its number already is not numbered
twice ("Lok 9", not "Lok 9 9")."""
from __future__ import annotations

import pytest

from service import i18n
from service.games.base import Option
from service.games.presentation import in_brackets
from service.games.registry import game_types


def test_a_german_name_with_its_number_is_not_numbered_again():
    with i18n.speaking("de"):
        words = game_types()["ultimate-railroads"].presented(["Ada", "Bo"])
        assert words.name("locomotive_9") == "Lok 9"
        assert words.name("engineer_1") == "Ingenieurin 1"
    assert in_brackets({"industry_1": "Industry 1 (Industrialisierung)"}) == {"industry_1": "Industrialisierung 1"}


def test_an_option_refuses_choice_labels_that_do_not_fit_its_choices():
    """The home form zips each choice with its label: one left out would drop a choice."""
    with pytest.raises(ValueError, match="2 choice labels for 3 choices"):
        Option("board", "a", "the board", choices=("a", "b", "c"), choice_labels=("A", "B"))
    assert Option("board", "a", "the board", choices=("a", "b"), choice_labels=("A", "B")).choice_labels == ("A", "B")
    assert Option("board", "a", "the board", choices=("a", "b")).choice_labels == ()
