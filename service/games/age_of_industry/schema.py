"""The data files' schema, checked against the rulebook's facts (SPIELMATERIAL).

Schema (all files in data/):
- player_board.json: {"rail_tiles": int, "industries": {industry: [row, ...]}}, a row
  {"level", "tiles", "cost", "coal", "iron", "cubes" (mines, works), "profit",
  "sells" (ports), "provisional": [fields not printed-verified], "source"}.
- cards.json: {"location_cards": {colour: count}, "industry_cards": {industry: count}}.
- market_tiles.json: {"tiles": {"cotton_mill"|"manufactured_goods"|"cotton_or_goods"|"no_demand": count}}.
- demand_tracks.json: {"coal": [price per space, cheapest first], "iron": [...],
  "supply_price": 4, "cubes": {"coal": n, "iron": n}}.
- maps/<id>.json: {"id", "locations": {id: {"name", "colour", "spaces": [symbol],
  "market", "distant_port", "settlement", "import", "pennsylvania", "verified"}},
  "rail_links": [[a, b]], "shipping_lines": [[a, b]]}; symbols blank|coal|port|ship.

`validate.py` runs this from the command line; data.py runs it on every import.
"""
from __future__ import annotations

from service.games.common.datafiles import COUNTS, PAIRS, WHOLE, optional, shape

INDUSTRIES = ("cotton_mill", "manufactured_goods", "coal_mine", "iron_works", "port", "ship")
SYMBOLS = ("blank", "coal", "port", "ship")
MARKET_KINDS = ("cotton_mill", "manufactured_goods", "cotton_or_goods", "no_demand")

# Printed facts quoted in the rulebook text (S1), as (industry, level, field, value).
KNOWN_CELLS = (("cotton_mill", 1, "cost", 4), ("cotton_mill", 1, "coal", 0),
               ("cotton_mill", 2, "cost", 6), ("cotton_mill", 2, "coal", 1),
               ("cotton_mill", 3, "cost", 12), ("cotton_mill", 3, "coal", 1),
               ("cotton_mill", 3, "iron", 1), ("manufactured_goods", 3, "coal", 1),
               ("manufactured_goods", 3, "iron", 1), ("coal_mine", 1, "cubes", 3),
               ("coal_mine", 1, "profit", 4), ("coal_mine", 2, "cubes", 4),
               ("iron_works", 2, "cubes", 4), ("port", 1, "sells", ["cotton_mill"]))
# Map fragments the rulebook's examples state (S1).
GERMANY_FACTS = (("kiel", "spaces", ["port"]), ("regensburg", "colour", "brown"),
                 ("muenchen", "colour", "brown"), ("bohemia", "distant_port", True),
                 ("france", "distant_port", True), ("poland", "market", True))


# The shape each file must have before its facts can be checked: key -> kind, for the
# file itself and for each of its rows (optional(kind): the key may be left out).
ROW = {"level": WHOLE, "tiles": WHOLE, "cost": optional(WHOLE), "coal": optional(WHOLE),
       "iron": optional(WHOLE), "cubes": optional(WHOLE), "profit": optional(WHOLE),
       "sells": optional(list)}
LOCATION = {"name": str, "spaces": optional(list), "import": optional(WHOLE)}
SHAPES = {"player_board": {"rail_tiles": WHOLE, "industries": dict},
         "cards": {"location_cards": COUNTS, "industry_cards": COUNTS},
         "market_tiles": {"tiles": COUNTS},
         "demand_tracks": {"coal": list, "iron": list, "supply_price": WHOLE, "cubes": dict},
         "map": {"id": str, "locations": dict, "rail_links": PAIRS, "shipping_lines": PAIRS}}


def shape_problems(raw: dict) -> list[str]:
    """The files' shape (the keys and types the schema above names), checked first so
    that a broken file is reported by its file and row, never as a crash."""
    problems = [p for name in ("player_board", "cards", "market_tiles", "demand_tracks")
                for p in shape(f"{name}.json", raw[name], SHAPES[name])]
    cubes = raw["demand_tracks"].get("cubes") if isinstance(raw["demand_tracks"], dict) else None
    if isinstance(cubes, dict):
        problems += shape("demand_tracks.json: cubes", cubes, {"coal": WHOLE, "iron": WHOLE})
    industries = raw["player_board"].get("industries") if isinstance(raw["player_board"], dict) else None
    for industry, rows in (industries if isinstance(industries, dict) else {}).items():
        if not isinstance(rows, list):
            problems.append(f"player_board.json: industries.{industry}: a list of rows is expected")
            continue
        for n, row in enumerate(rows, start=1):
            problems += shape(f"player_board.json: industries.{industry}, row {n}", row, ROW)
    for name, data in raw["maps"].items():
        problems += shape(f"maps/{name}.json", data, SHAPES["map"])
        locations = data.get("locations") if isinstance(data, dict) else None
        for loc, spec in (locations if isinstance(locations, dict) else {}).items():
            problems += shape(f"maps/{name}.json: locations.{loc}", spec, LOCATION)
    return problems


def provisional_parts(raw: dict) -> list[str]:
    """What the files themselves mark provisional: a whole file ("provisional": true)
    or fields of a player-display row ("provisional": [field, ...])."""
    files = [f"{name}.json" for name in ("player_board", "cards", "market_tiles", "demand_tracks")
             if raw[name].get("provisional") is True]
    files += [f"maps/{name}.json" for name, data in raw["maps"].items() if data.get("provisional") is True]
    rows = [f"player_board.json: {industry} level {row['level']} {', '.join(row['provisional'])}"
            for industry, rows in raw["player_board"]["industries"].items() for row in rows
            if row.get("provisional")]
    return files + rows


def validate_player_board(board: dict) -> list[str]:
    problems = []
    if board.get("rail_tiles") != 12:
        problems.append("player_board: twelve rail tiles per player (S1)")
    industries = board.get("industries", {})
    if sorted(industries) != sorted(INDUSTRIES):
        problems.append(f"player_board: the six industries are {list(INDUSTRIES)}")
    tiles = 0
    for industry, rows in industries.items():
        levels = [row["level"] for row in rows]
        if levels != sorted(set(levels)):
            problems.append(f"player_board.{industry}: levels must rise, each once")
        for row in rows:
            want = 1 if (industry, row["level"]) == ("ship", 0) else 2
            if row.get("tiles") != want:
                problems.append(f"player_board.{industry}.{row['level']}: {want} tiles (S1: two of "
                                "each value, but one level-0 ship)")
            tiles += row.get("tiles", 0)
            if row["level"] > 0 and not (0 <= row.get("coal", 0) <= 1 and 0 <= row.get("iron", 0) <= 1):
                problems.append(f"player_board.{industry}.{row['level']}: the engine takes 0 or 1 coal and iron")
            if industry in ("coal_mine", "iron_works") and row["level"] > 0 and row.get("cubes", 0) < 1:
                problems.append(f"player_board.{industry}.{row['level']}: a mine or works needs cubes")
            if industry == "port" and row["level"] > 1 and set(row.get("sells", [])) != {"cotton_mill", "manufactured_goods"}:
                problems.append(f"player_board.port.{row['level']}: higher ports sell cotton and goods (S1)")
    zero = {i: [r["level"] for r in rows].count(0) for i, rows in industries.items()}
    if {i for i, n in zero.items() if n} != {"manufactured_goods", "ship"}:
        problems.append("player_board: level 0 exists for goods factories and ships only (S1)")
    if tiles != 35:
        problems.append(f"player_board: 35 industry tiles per colour (S3: 175 for five), found {tiles}")
    rows = {(i, r["level"]): r for i, rs in industries.items() for r in rs}
    for industry, level, key, value in KNOWN_CELLS:
        if rows.get((industry, level), {}).get(key, 0 if key != "sells" else None) != value:
            problems.append(f"player_board.{industry}.{level}.{key} must be {value} (S1)")
    return problems


def validate_cards(cards: dict, market_tiles: dict, tracks: dict) -> list[str]:
    problems = []
    if sum(cards["location_cards"].values()) + sum(cards["industry_cards"].values()) != 66:
        problems.append("cards: the deck has 66 cards (S1, S3, S4)")
    if sorted(cards["industry_cards"]) != sorted(INDUSTRIES):
        problems.append("cards: one industry card kind per industry")
    if not {"brown", "light_green"} <= set(cards["location_cards"]):
        problems.append("cards: brown and light_green location cards exist (S1)")
    tiles = market_tiles["tiles"]
    if sum(tiles.values()) != 18 or not set(tiles) <= set(MARKET_KINDS):
        problems.append(f"market_tiles: 18 tiles of the kinds {list(MARKET_KINDS)} (S1, S3)")
    for resource in ("coal", "iron"):
        prices = tracks.get(resource, [])
        if not prices or prices != sorted(prices) or prices[0] < 1:
            problems.append(f"demand_tracks.{resource}: positive prices, cheapest first")
    if tracks.get("supply_price") != 4:
        problems.append("demand_tracks: cubes from the supply cost $4 (S1)")
    if sum(tracks.get("coal", [])[:3]) != 4 or tracks.get("coal", [0])[0] != 1:
        problems.append("demand_tracks.coal: cheapest $1, three cheapest spaces pay $4 (S1 examples)")
    return problems


def validate_map(name: str, data: dict, colours: set, market_total: int) -> list[str]:
    problems = []
    where = f"maps.{name}"
    locations = data.get("locations", {})
    for loc, spec in locations.items():
        spaces = spec.get("spaces", [])
        if spec.get("settlement"):
            if spaces or spec.get("market"):
                problems.append(f"{where}.{loc}: a settlement has no spaces")
            continue
        if not set(spaces) <= set(SYMBOLS) or len(spaces) > 4:
            problems.append(f"{where}.{loc}: 0-4 spaces of {list(SYMBOLS)} (S3)")
        if spec.get("colour") not in colours:
            problems.append(f"{where}.{loc}: colour {spec.get('colour')} has no location cards")
        if ("ship" in spaces) != bool(spec.get("import")) or ("ship" in spaces and spaces != ["ship"]) \
                or ("ship" in spaces and not spec.get("market")):
            problems.append(f"{where}.{loc}: a ship place has one ship space, an import space and a market")
        if spec.get("import") not in (None, 3):
            problems.append(f"{where}.{loc}: import spaces print 3 coal (S8)")
    seen = set()
    for kind in ("rail_links", "shipping_lines"):
        for a, b in data.get(kind, []):
            if a not in locations or b not in locations or frozenset((a, b)) in seen:
                problems.append(f"{where}.{kind}: {a}-{b} unknown place or repeated")
            seen.add(frozenset((a, b)))
            ships = ["ship" in locations.get(x, {}).get("spaces", []) for x in (a, b)]
            ports = ["port" in locations.get(x, {}).get("spaces", []) for x in (a, b)]
            if kind == "rail_links" and any(ships):
                problems.append(f"{where}.rail_links: {a}-{b} rails never reach a ship space")
            if kind == "shipping_lines" and not all(s or p for s, p in zip(ships, ports)) or \
                    kind == "shipping_lines" and not any(ships):
                problems.append(f"{where}.shipping_lines: {a}-{b} joins a ship space to a port or ship")
    if name == "germany":
        if data.get("shipping_lines") or any("ship" in s.get("spaces", []) or s.get("pennsylvania")
                                             for s in locations.values()):
            problems.append(f"{where}: no ships and no Pennsylvania on Germany (S1)")
        for loc, key, value in GERMANY_FACTS:
            if locations.get(loc, {}).get(key) != value:
                problems.append(f"{where}.{loc}.{key} must be {value} (S1)")
        if ["regensburg", "bohemia"] not in data.get("rail_links", []):
            problems.append(f"{where}: the Regensburg-Bohemia link exists (S1)")
    else:
        if not any(s.get("pennsylvania") for s in locations.values()) or not data.get("shipping_lines"):
            problems.append(f"{where}: New England has Pennsylvania and shipping lines (S1)")
    missing = colours - {s.get("colour") for s in locations.values()}
    if missing:
        problems.append(f"{where}: one deck serves both maps; no place of colour {sorted(missing)}")
    if sum(1 for s in locations.values() if s.get("market")) >= market_total:
        problems.append(f"{where}: fewer market spaces than market tiles (S1)")
    if not any(s.get("distant_port") for s in locations.values()):
        problems.append(f"{where}: at least one distant-port symbol")
    return problems


def validate_data(raw: dict) -> list[str]:
    """Every problem found in the raw data files (see the module docstring)."""
    if problems := shape_problems(raw):
        return problems
    problems = validate_player_board(raw["player_board"])
    problems += validate_cards(raw["cards"], raw["market_tiles"], raw["demand_tracks"])
    colours = set(raw["cards"]["location_cards"])
    market_total = sum(raw["market_tiles"]["tiles"].values())
    for name, data in raw["maps"].items():
        problems += validate_map(name, data, colours, market_total)
    return problems
