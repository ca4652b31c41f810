"""The data files and their validator (SPIELMATERIAL)."""
from __future__ import annotations

import copy

from service.games.age_of_industry import GAME
from service.games.age_of_industry.data import DECK, MARKET_TILES, read_raw
from service.games.age_of_industry.validate import validate_data

RAW = read_raw()


def broken(change) -> list[str]:
    raw = copy.deepcopy(RAW)
    change(raw)
    return validate_data(raw)


def test_shipped_data_is_valid():
    assert validate_data(RAW) == []
    assert len(DECK) == 66 and len(MARKET_TILES) == 18


def test_validator_counts_66_cards():
    assert any("66 cards" in p for p in broken(lambda r: r["cards"]["location_cards"].update(brown=7)))


def test_validator_counts_18_market_tiles():
    assert any("18 tiles" in p for p in broken(lambda r: r["market_tiles"]["tiles"].update(no_demand=5)))


def test_validator_counts_12_rail_tiles():
    assert any("twelve" in p for p in broken(lambda r: r["player_board"].update(rail_tiles=10)))


def test_validator_two_tiles_a_value_one_level_zero_ship():
    def two_ships(raw):
        raw["player_board"]["industries"]["ship"][0]["tiles"] = 2
    assert any("one level-0 ship" in p for p in broken(two_ships))


def test_validator_checks_printed_costs():
    def cheap(raw):
        raw["player_board"]["industries"]["cotton_mill"][0]["cost"] = 3
    assert any("cotton_mill.1.cost" in p for p in broken(cheap))


def test_validator_checks_map_fragments_and_links():
    def kiel(raw):
        raw["maps"]["germany"]["locations"]["kiel"]["spaces"] = ["blank"]
    assert any("kiel" in p for p in broken(kiel))
    assert any("unknown place" in p for p in broken(
        lambda r: r["maps"]["germany"]["rail_links"].append(["kiel", "atlantis"])))
    assert any("Pennsylvania" in p for p in broken(
        lambda r: r["maps"]["germany"]["locations"]["kiel"].update(pennsylvania=True)))


def test_game_type_says_provisional():
    assert GAME.stage == "provisional" and "PROVISIONAL" in GAME.description
    assert GAME.resolve_options(None) == {"map": "germany"}
