"""Issue 31's review: a German name that carries its number already is not numbered
twice ("Lok 9", not "Lok 9 9"); an option's choice labels fit its choices; the German
game terms as the rulebooks print them; Industry's spaces titled by their data's names."""
from __future__ import annotations

import pytest

from service import i18n
from service.drawing import industry_board, ultimate_railroads_board
from service.games.base import Option
from service.games.industry.board import BOARD
from service.games.presentation import in_brackets
from service.games.registry import game_types
from service.games.speech import _, ngettext
from service.web import panel


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


# the German the rulebooks print for these messages, and which rulebook (../shared/seeds/:
# 000 Age of Industry „Kein Absatz“, Eisenbahnplättchen; 004 Ultimate Railroads
# Industrieschritte, "eine Zwischenstation. Dies sind HANNOVER ...")
RULEBOOK_WORDS = [("no demand", None, "Kein Absatz"),
                  ("Rails left", None, "Eisenbahnplättchen"),
                  (("{number} rail", "{number} rails"), 2, "Eisenbahnplättchen"),
                  (("{count} industry step", "{count} industry steps"), 2, "Industrieschritte"),
                  ("the station {station}", None, "Zwischenstation")]


@pytest.mark.parametrize("message, count, printed", RULEBOOK_WORDS, ids=[w[2] for w in RULEBOOK_WORDS])
def test_a_game_term_is_said_in_german_as_its_rulebook_prints_it(message, count, printed):
    with i18n.speaking("de"):
        said = ngettext(*message, count) if count else _(message)
    assert printed in said, said


def test_age_of_industrys_coal_and_iron_tracks_hold_kloetzchen_not_wuerfel():
    """Age of Industry's rulebook (seeds/000): "Kohle- oder Eisenklötzchen"; Brass's
    (seeds/003) "Würfel" stays Brass's."""
    game = game_types()["age-of-industry"]
    public = game.engine.view(game.engine.setup({"map": "germany"}, 3, 1), None)["public"]
    with i18n.speaking("de"):
        said = dict(panel.age_state(public))
        assert (said["Bedarfsleiste Kohle"], said["Bedarfsleiste Eisen"]) == ("6 Kohleklötzchen", "6 Eisenklötzchen")
        assert ngettext(*panel.CUBES, 8).format(number=8) == "8 Würfel"


def test_the_railroads_board_says_industry_steps_as_the_idea_tiles_do():
    """One message for both (the rulebook's "Industrieschritte"): the board's action
    spaces said "Industrialisierungsschritte"."""
    with i18n.speaking("de"):
        assert ultimate_railroads_board.effect_words({"type": "industry_steps", "steps": 2}) == "2 Industrieschritte"


def test_an_industry_space_is_titled_by_its_datas_english_name_not_its_id():
    """The space's name_en is what its label prints in English (data), not words built
    from its id; in German the rulebook's name."""
    game = game_types()["industry"]
    space = next(s for s in BOARD.spaces.values() if s.get("name") == "clay_pit")
    renamed = {**space, "name_en": "Brick clay pit"}
    assert industry_board.space_title(renamed, game.presented(["Ada"])) == "Brick clay pit"
    with i18n.speaking("de"):
        assert industry_board.space_title(renamed, game.presented(["Ada"])) == "Tongrube"
