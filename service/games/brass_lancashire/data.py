"""Board, player mat, cards, markets and tracks of Brass: Lancashire, loaded once
from data/board.json (see data/SOURCES.md for how sure each fact is). No rules here."""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from service.games.common.datafiles import files_in_use, read_json

FILES = files_in_use(Path(__file__).parent / "data", "brass-lancashire")   # shipped, or drop-ins
_RAW = read_json(FILES["board.json"])


class Level(NamedTuple):
    """One level of an industry on the player mat (SPIELERTABLEAU)."""
    cost: int
    coal: int
    iron: int
    vp: int
    income: int          # income steps (spaces) when flipped
    link_icons: int      # link-VP icons when flipped (provisional, see SOURCES.md 4.)
    canal: bool          # buildable in the canal era
    rail: bool           # buildable in the rail era
    cubes: int           # cubes placed when built (coal mine / iron works)


INDUSTRIES: tuple[str, ...] = tuple(_RAW["meta"]["industry_types"])
PRODUCERS = {"coal_mine": "coal", "iron_works": "iron"}

LOCATIONS: dict[str, dict] = {loc["id"]: loc for loc in _RAW["locations"]}
NAMES = {loc_id: loc["name"] for loc_id, loc in LOCATIONS.items()}
TOWNS: dict[str, tuple[tuple[str, ...], ...]] = {
    loc_id: tuple(tuple(slot) for slot in loc["slots"])
    for loc_id, loc in LOCATIONS.items() if loc["slots"]}
BOARD_LINK_ICONS = {loc_id: loc["board_link_vp_icons"] for loc_id, loc in LOCATIONS.items()}
DISTANT_MARKETS = frozenset(loc_id for loc_id, loc in LOCATIONS.items() if loc["is_distant_market"])

LINKS: dict[str, tuple[str, str]] = {link["id"]: (link["a"], link["b"]) for link in _RAW["links"]}
LINK_ERA = {"canal": frozenset(link["id"] for link in _RAW["links"] if link["canal"]),
            "rail": frozenset(link["id"] for link in _RAW["links"] if link["rail"])}
VIRTUAL_LINK = (_RAW["virtual_links"][0]["a"], _RAW["virtual_links"][0]["b"])


def _level(row: dict) -> Level:
    return Level(row["cost"] or 0, row["coal"] or 0, row["iron"] or 0, row["vp"] or 0,
                 row["income_steps"] or 0, row["link_vp_icons_when_flipped"] or 0,
                 row["buildable_canal_era"], row["buildable_rail_era"],
                 sum(row.get("produces", {}).values()))


MAT = _RAW["player_mat"]
LEVELS: dict[str, dict[int, Level]] = {
    industry: {row["level"]: _level(row) for row in MAT[industry]["levels"]} for industry in INDUSTRIES}
MAT_LEVELS: dict[str, tuple[int, ...]] = {
    industry: tuple(row["level"] for row in MAT[industry]["levels"]) for industry in INDUSTRIES}
MAT_COUNTS: dict[str, tuple[int, ...]] = {
    industry: tuple(row["count"] for row in MAT[industry]["levels"]) for industry in INDUSTRIES}
TILES_PER_PLAYER = sum(sum(c) for c in MAT_COUNTS.values())

CARDS: tuple[dict, ...] = tuple(_RAW["cards"]["list"])


def card_face(card: dict) -> str:
    """A card is played by its face: a location id or an industry id."""
    return card.get("location") or card["industry"]


COTTON_TILES: tuple[dict, ...] = tuple(_RAW["distant_cotton_market"]["tiles"])
COTTON_TRACK: tuple[int, ...] = tuple(
    s["income_steps"] for s in _RAW["distant_cotton_market"]["track"]["spaces"] if not s.get("is_x"))
COTTON_X = _RAW["distant_cotton_market"]["track"]["x_index"]

MARKET_PRICES: tuple[int, ...] = tuple(_RAW["resource_markets"]["coal"]["space_prices"])
MARKET_EMPTY_PRICE = _RAW["resource_markets"]["coal"]["price_when_empty"]
CUBES_IN_BOX = _RAW["constants"]["components_seed_de"]["coal_cubes"]   # 20 of each (German rulebook)

INCOME_TRACK: tuple[int, ...] = tuple(_RAW["income_track"]["positions"])
INCOME_START = _RAW["income_track"]["start_position"]
INCOME_MIN = _RAW["income_track"]["min_income"]

SETUP = _RAW["setup"]
START_MONEY = SETUP["start_money"]
HAND_SIZE = SETUP["hand_size"]
ROUNDS_PER_ERA = {int(k): v for k, v in SETUP["rounds_per_era"].items()}
CLASSIC_CARDS = {int(k): v for k, v in SETUP["classic_card_setup_3_4p"].items() if k.isdigit()}
CONSTANTS = _RAW["constants"]
LINK_TILES = CONSTANTS["link_tiles_per_player"]
