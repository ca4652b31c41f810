"""The board file: schema, validator (rulebook's structural facts), provisional label."""
import copy
import json
from pathlib import Path

import pytest

from service import i18n
from service.games.industry import GAME
from service.games.industry.schema import load_json
from service.games.industry.validate import validate_board

SHIPPED = load_json("board.json")
README = Path(__file__).parents[3] / "README.md"


def broken(change):
    data = copy.deepcopy(SHIPPED)
    change(data)
    return validate_board(data)


def space(data, sid):
    return next(s for s in data["spaces"] if s["id"] == sid)


def test_shipped_board_is_valid_and_labelled_provisional_everywhere():
    """The printed board is unknown: the shipped one says so in the file and the game type."""
    assert validate_board(SHIPPED) == []
    assert SHIPPED["provisional"] is True and "not the printed" in SHIPPED["title"]
    assert GAME.stage == "provisional" and "PROVISIONAL" in GAME.description


def test_validator_wants_the_60_spaces_of_5_epochs_and_12_columns():
    """Spielmaterial: "5 Epochen ... 12 Spalten ... Das macht zusammen 60 Felder" """
    assert any("60 spaces" in p for p in broken(lambda d: d["spaces"].pop()))


def test_validator_wants_seven_jokers_one_of_them_any_resource():
    """Spielmaterial: 7 Joker; Beschaffung: "Der Joker mit "?" ..." """
    def second_question_mark(data):
        next(s for s in data["spaces"] if s["kind"] == "joker" and s["joker"] != "?")["joker"] = "?"
    assert any("7 joker" in p for p in broken(second_question_mark))


def test_validator_wants_each_resource_produced_in_the_epoch_before_the_bank_sells_it():
    """Übersicht der Rohstoffe: the bank sells only what appeared in an earlier epoch."""
    def no_stone(data):
        for s in data["spaces"]:
            if s.get("produces") == "stone":
                s["produces"] = None
    problems = broken(no_stone)
    assert any(p.startswith("stone: no factory produces it in epoch 1") for p in problems)


def test_validator_wants_the_regions_in_order_left_to_right():
    """Spielmaterial: "von links nach rechts: ... die Jokerfelder, die Bonusfelder, die
    Fabriken, die Technologien" """
    def swap(data):
        a, b = space(data, "1A"), space(data, "1L")
        for key in ("epoch", "column", "id"):
            a[key], b[key] = b[key], a[key]
    assert any("left to right" in p for p in broken(swap))


def test_validator_wants_bank_and_stock_exchange_as_factories():
    """Besondere Fabriken: Bank und Börse."""
    def no_bank(data):
        next(s for s in data["spaces"] if s.get("special") == "bank")["special"] = None
    assert "exactly one factory must be the bank" in broken(no_bank)


def test_validator_wants_bonus_values_of_2_or_3():
    """Bonusfelder: "2 oder 3 Siegpunkte" """
    def four(data):
        next(s for s in data["spaces"] if s["kind"] == "bonus")["vp_per_factory"] = 4
    assert any("2 or 3" in p for p in broken(four))


def test_validator_wants_each_connection_between_the_right_kinds():
    """Spielende: roads join factories, lines technologies, rivers harbours and factories..."""
    def bad_road(data):
        data["connections"].append({"type": "road", "a": "1J", "b": "1D"})
    assert any("must join factory and factory" in p for p in broken(bad_road))
    def unknown(data):
        data["connections"].append({"type": "canal", "a": "1D", "b": "1E"})
    assert any("type must be one of" in p for p in broken(unknown))


def test_validator_wants_every_river_factory_joined_to_every_harbour():
    """Spielende: "4 Fabriken, die am Fluss liegen und dadurch automatisch mit seinen
    Häfen verbunden sind." """
    def drop_one_river(data):
        data["connections"].remove(next(c for c in data["connections"] if c["type"] == "river"))
    assert any("not connected to harbour" in p for p in broken(drop_one_river))


def test_validator_finds_the_unfilled_research_file_unplayable():
    """The research file's nulls are not a board (its spaces have no kind)."""
    with open("/work/shared/data/industry/board.json", encoding="utf-8") as handle:
        research = json.load(handle)
    assert validate_board(research) and validate_board([]) == ["a board file is a JSON object"]


@pytest.mark.parametrize("field,value", [("cost", -1), ("needs", ["gold"]), ("vp", "2")])
def test_validator_checks_each_space_field(field, value):
    """Schema: costs and VP are whole numbers, needs are known resources."""
    def change(data):
        space(data, "1G")[field] = value
    assert any(p.startswith("1G:") for p in broken(change))


def test_the_english_names_are_labelled_provisional_in_the_data_the_game_type_and_the_readme():
    """The printed game is German (Spielmaterial); its English names and their capitals
    are ours: labelled provisional in data/resources.json, the game type's description
    and the README's table of what is provisional, as the board is."""
    resources = load_json("resources.json")
    assert resources["names_provisional"] is True and resources["names_note"].startswith("provisional")
    assert "English names and their capitals are provisional" in GAME.description
    industry_row = next(line for line in README.read_text().splitlines() if line.startswith("| `industry` |"))
    assert "English names" in industry_row and "names_provisional" in industry_row


def test_every_space_has_an_english_and_a_german_name_and_says_where_they_come_from():
    """Issue 31: each named space carries the names players read in English and German
    (data/board.json `name_en`, `name_de`); the ten the German rulebook prints (seeds/001:
    "Von der Tongrube bis zum Roboterwerk", "Besondere Fabriken: Bank und Börse",
    Spielende's "Hafen, Bahnhof, Pumpstation und Elektrizitätswerk", "Dampfkraft",
    "Elektrizität") are marked `rulebook`, every other one `provisional`, which the game
    type's description says; a German reader reads each by its German name, an English
    reader no German beside a provisional one; a bad mark is refused by the validator, and
    so is a provisional name on a board marked printed."""
    named = [space for space in SHIPPED["spaces"] if space["kind"] != "joker"]
    assert all(space["name_en"] and space["name_de"] for space in named)
    printed = {space["name_de"] for space in named if space["name_source"] == "rulebook"}
    assert printed == {"Tongrube", "Roboterwerk", "Bank", "Börse", "Hafen", "Bahnhof", "Pumpstation",
                       "Elektrizitätswerk", "Dampfkraft", "Elektrizität"}
    assert {space["name_source"] for space in named} == {"rulebook", "provisional"}
    game = GAME
    assert "PROVISIONAL NAMES: 39 spaces' printed names are not transcribed" in game.description
    said = game.presented(["Ada", "Bert"])
    with i18n.speaking("de"):
        german = game.presented(["Ada", "Bert"])
        assert german.text("seat 0 develops iron_ore_mine, printing_works and clay_pit") == \
            "Ada develops Eisenerzbergwerk, Druckerei and Tongrube"
    assert said.text("seat 0 develops iron_ore_mine and clay_pit") == \
        "Ada develops Iron ore mine and Clay pit (Tongrube)"

    def marked_wrong(data):
        space(data, "1D")["name_source"] = "guessed"
        space(data, "1E")["name_de"] = ""
    assert broken(marked_wrong) == ["1D: name_source must be one of ['printed', 'rulebook', 'provisional']",
                                   "1E: name_de must be a name (a text)"]
    marked_printed = broken(lambda data: data.update(provisional=False))   # a transcription names its spaces
    assert len(marked_printed) == 1 and marked_printed[0].startswith(
        "a board marked printed (provisional: false) names no space provisionally: 1D, 1F, 1G")
