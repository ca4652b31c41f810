"""The game's facts, loaded once from data/ (SPIELMATERIAL, DER SPIELPLAN).

Maps, the player display, the cards, the market tiles and the demand tracks are
read from JSON files whose schema validate.py documents and checks; rules live
elsewhere. Much of the data is provisional (see data/SOURCES.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from service.games.age_of_industry.schema import validate_data
from service.games.common.datafiles import files_in_use, read_json

HERE = Path(__file__).parent / "data"
FILES = files_in_use(HERE, "age-of-industry")     # the shipped files, or their drop-ins
GOODS = ("cotton_mill", "manufactured_goods")          # what mills and factories sell
SYMBOL_ALLOWS = {"blank": ("cotton_mill", "manufactured_goods", "iron_works"),
                 "coal": ("coal_mine",), "port": ("port",), "ship": ("ship",)}
MAP_IDS = ("germany", "new_england")


@dataclass(frozen=True)
class Level:
    """One cell of the player display (Spielertafel)."""
    industry: str
    level: int
    tiles: int
    cost: int = 0
    coal: int = 0
    iron: int = 0
    cubes: int = 0
    profit: int = 0
    sells: tuple = ()


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    colour: str | None
    spaces: tuple            # space symbols, numbered from 1
    market: bool = False
    distant_port: bool = False
    settlement: bool = False
    imports: int = 0         # coal cubes printed on the ship's import space
    pennsylvania: bool = False

    @property
    def limit(self) -> int:
        """At most one tile per player in a place of 1-3 spaces, two in 4 or more."""
        return 2 if len(self.spaces) >= 4 else 1


@dataclass(frozen=True)
class Map:
    id: str
    locations: dict          # id -> Location
    links: dict              # link id "a-b" -> (a, b)
    links_at: dict           # location -> tuple of link ids
    shipping_at: dict        # location -> tuple of locations across a shipping line
    market_order: tuple      # market locations in the order tiles are dealt


RAW_FILES = ("player_board", "cards", "market_tiles", "demand_tracks")
NAMES = tuple(f"{name}.json" for name in RAW_FILES) + tuple(f"maps/{m}.json" for m in MAP_IDS)


def read_raw(files: dict[str, Path] = FILES) -> dict:
    """The data files by their name under data/ (those in use by default); DataFileError
    names a file that is missing or not JSON."""
    raw = {name: read_json(files[f"{name}.json"]) for name in RAW_FILES}
    return raw | {"maps": {m: read_json(files[f"maps/{m}.json"]) for m in MAP_IDS}}


def link_id(a: str, b: str) -> str:
    return f"{a}-{b}"


def build_map(raw: dict) -> Map:
    locations = {}
    for loc_id, spec in raw["locations"].items():
        locations[loc_id] = Location(
            id=loc_id, name=spec["name"], colour=spec.get("colour"),
            spaces=tuple(spec.get("spaces", ())), market=spec.get("market", False),
            distant_port=spec.get("distant_port", False), settlement=spec.get("settlement", False),
            imports=spec.get("import", 0), pennsylvania=spec.get("pennsylvania", False))
    links = {link_id(a, b): (a, b) for a, b in raw["rail_links"]}
    links_at = {loc: tuple(i for i, ends in links.items() if loc in ends) for loc in locations}
    shipping_at = {loc: tuple(b if a == loc else a for a, b in raw["shipping_lines"] if loc in (a, b))
                   for loc in locations}
    markets = tuple(loc for loc, spec in locations.items() if spec.market)
    return Map(raw["id"], locations, links, links_at, shipping_at, markets)


def build_levels(raw: dict) -> dict:
    out = {}
    for industry, rows in raw["industries"].items():
        out[industry] = {row["level"]: Level(
            industry=industry, level=row["level"], tiles=row["tiles"], cost=row.get("cost", 0),
            coal=row.get("coal", 0), iron=row.get("iron", 0), cubes=row.get("cubes", 0),
            profit=row.get("profit", 0), sells=tuple(row.get("sells", ()))) for row in rows}
    return out


def _load():
    raw = read_raw()
    problems = validate_data(raw)
    if problems:
        raise ValueError("age_of_industry data: " + "; ".join(problems))
    return raw


RAW = _load()
LEVELS = build_levels(RAW["player_board"])
RAIL_TILES = RAW["player_board"]["rail_tiles"]
MAPS = {m: build_map(RAW["maps"][m]) for m in MAP_IDS}
DECK = tuple(card for group in ("location_cards", "industry_cards")
             for card, count in RAW["cards"][group].items() for _ in range(count))
COLOURS = tuple(RAW["cards"]["location_cards"])
MARKET_TILES = tuple(kind for kind, count in RAW["market_tiles"]["tiles"].items() for _ in range(count))
TRACKS = {"coal": tuple(RAW["demand_tracks"]["coal"]), "iron": tuple(RAW["demand_tracks"]["iron"])}
SUPPLY_PRICE = RAW["demand_tracks"]["supply_price"]
CUBES = {r: RAW["demand_tracks"]["cubes"][r] for r in ("coal", "iron")}
