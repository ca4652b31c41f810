"""Issue 31's review: a German name that carries its number already is not numbered
twice ("Lok 9", not "Lok 9 9")."""
from __future__ import annotations

from service import i18n
from service.games.presentation import in_brackets
from service.games.registry import game_types


def test_a_german_name_with_its_number_is_not_numbered_again():
    with i18n.speaking("de"):
        words = game_types()["ultimate-railroads"].presented(["Ada", "Bo"])
        assert words.name("locomotive_9") == "Lok 9"
        assert words.name("engineer_1") == "Ingenieurin 1"
    assert in_brackets({"industry_1": "Industry 1 (Industrialisierung)"}) == {"industry_1": "Industrialisierung 1"}
