"""The printed data of the base game (RUSSIAN RAILROADS), loaded once from
data/base.json, with its schema check `validate_data`; and Emil's solo deck from
data/solo_emil.json (`validate_solo`).

The schema (every list entry is a dict):
- track_colours: the five colours in building order (wood leads).
- seats["2"|"3"|"4"]: rounds, workers, coins, locos_per_stack, engineers {A, B},
  board_side ("front" | "two_player"), claim_own_position (bool).
- action_spaces: id, workers, coins (mandatory), effect, sides (board sides it is on),
  optional reusable / public_engineer / not_in_last_round / only_in_last_round.
- routes: id, length, slots, colours, doubler_fields, unlocks [{field, colour, steps?}],
  specials [{field, type, track, locomotive, points?}].
- industry_strip.lane: printed points, "gap", "idea" or "end" per field, start first.
- locomotive_stacks: stack id -> locomotive number; factories: stack id -> effect.
- engineers: number, letter (A | B | null), workers, effect.
- idea_tiles, idea_cards, start_bonus_cards: id, effect; end_game_cards: id, scoring.
- Every record has `status` in STATUSES; 'provisional' marks a value chosen without a
  printed source (see SOURCES.md): never shown as printed.
An effect is {"type": one of EFFECT_TYPES, ...}; "combo" has "parts"; "start_bonus_twice"
has "points" (p.48: 3); "other_engineer" has nothing more.
"""
from __future__ import annotations

from pathlib import Path

from service.games.common.datafiles import WHOLE, files_in_use, optional, read_json, shape

STATUSES = {"rulebook", "sourced", "inferred", "provisional"}
EFFECT_TYPES = {
    "track_steps", "industry_steps", "take_loco", "take_doubler", "gain_coins", "points",
    "take_temporary_workers", "hire_engineer", "engineer_tile", "claim_turn_order",
    "combo", "score_engineer_numbers", "score_two_highest_locos", "score_steps",
    "three_different_tracks", "end_card_or_points", "two_idea_tiles", "use_factory",
    "choose_end_card", "choose_idea_card", "revaluation", "medal", "keys",
    "second_wrench", "wooden_worker", "lay_locomotive", "gain_engineer", "reuse_space",
    "advance_track", "draw_start_bonus", "start_bonus_twice", "other_engineer",
    # the modules (data/modules.json)
    "werklok", "special_idea_card", "double_industry", "engineer_from_box", "freight_car",
    "special_factory", "gain_coal", "take_foundry", "score_top_loco", "coal_factory",
    "coal_factory_steps", "special_factory_ideas", "special_track_points",
    "osaka", "purple_cars",     # ASIAN RAILROADS (data/asia.json, data/industry_board.json)
    # AMERICAN RAILROADS (data/america.json)
    "stock_idea", "golden_spike_idea"}
SPECIAL_TYPES = {"new_worker", "idea_tile", "key", "route_doubling", "bonus_star", "medal",
                 "stock", "blast", "coin_stock", "golden_spike"}
SCORING_TYPES = {"per_factory", "tiers", "per_engineer", "per_step", "per_end_station",
                 "per_idea_tile_used", "extra_engineer", "top_locomotives", "per_extra_worker"}


def _effect_problems(where: str, effect, colours: list) -> list[str]:
    if not isinstance(effect, dict) or effect.get("type") not in EFFECT_TYPES:
        return [f"{where}: unknown effect {effect!r}"]
    out = []
    if effect["type"] == "combo":
        for i, part in enumerate(effect.get("parts", [])):
            out += _effect_problems(f"{where}.parts[{i}]", part, colours)
    if effect["type"] == "track_steps":
        cols = effect.get("colours")
        if cols != "any" and (not isinstance(cols, list) or not set(cols) <= set(colours)):
            out.append(f"{where}: bad colours {cols!r}")
        if not isinstance(effect.get("steps"), int) or effect["steps"] < 1:
            out.append(f"{where}: steps must be a positive integer")
    return out


def _status_problems(where: str, record: dict) -> list[str]:
    if record.get("status") not in STATUSES:
        return [f"{where}: status must be one of {sorted(STATUSES)}"]
    return []


SHAPE = {"track_colours": list, "seats": dict, "action_spaces": list, "routes": list,
         "industry_strip": dict, "locomotive_stacks": dict, "factories": dict,
         "engineers": list, "idea_tiles": list, "idea_cards": list,
         "start_bonus_cards": list, "end_game_cards": list}
SEATS_SHAPE = {"engineers": dict}
ROUTE_SHAPE = {"length": WHOLE, "colours": list, "specials": optional(list), "unlocks": optional(list)}


def shape_problems(data) -> list[str]:
    """The keys and types validate_data relies on, each missing one named with its row."""
    problems = shape("base.json", data, SHAPE)
    if problems:
        return problems
    for seats, row in data["seats"].items():
        problems += shape(f"base.json: seats.{seats}", row, SEATS_SHAPE) or shape(
            f"base.json: seats.{seats}.engineers", row["engineers"], {"A": WHOLE, "B": WHOLE})
    for key in ("action_spaces", "engineers", "idea_tiles", "idea_cards", "start_bonus_cards",
                "end_game_cards"):
        problems += [f"base.json: {key}[{i}]: an object is expected"
                     for i, record in enumerate(data[key]) if not isinstance(record, dict)]
    for i, route in enumerate(data["routes"]):
        problems += shape(f"base.json: routes[{i}]", route, ROUTE_SHAPE)
    if not data["track_colours"]:
        problems.append("base.json: track_colours: five colours expected")
    return problems


def validate_data(data: dict) -> list[str]:
    """Every problem found in a data file of this schema; [] when it is sound."""
    if problems := shape_problems(data):
        return problems
    colours = data.get("track_colours", [])
    if len(colours) != 5:
        problems.append("track_colours: five colours expected")
    for seats in ("2", "3", "4"):
        row = data.get("seats", {}).get(seats)
        if not row:
            problems.append(f"seats.{seats}: missing")
            continue
        need = row["engineers"]
        for letter in ("A", "B"):
            have = sum(1 for e in data["engineers"] if e.get("letter") == letter)
            if have < need[letter]:
                problems.append(f"engineers: {have} {letter} tiles, {need[letter]} needed at {seats}")
    for space in data.get("action_spaces", []):
        where = f"action_spaces.{space.get('id')}"
        problems += _status_problems(where, space) + _effect_problems(where, space.get("effect"), colours)
        if "public_engineer" not in space and not isinstance(space.get("workers"), int):
            problems.append(f"{where}: workers must be an integer")
    for route in data.get("routes", []):
        where = f"routes.{route.get('id')}"
        problems += _status_problems(where, route)
        if route.get("colours", [None])[0] != colours[0] or route["colours"] != colours[:len(route["colours"])]:
            problems.append(f"{where}: colours must be a prefix of track_colours")
        for special in route.get("specials", []):
            if special.get("type") not in SPECIAL_TYPES or not 1 <= special.get("field", 0) <= route["length"]:
                problems.append(f"{where}: bad special {special!r}")
        for unlock in route.get("unlocks", []):
            if unlock.get("colour") not in colours:
                problems.append(f"{where}: bad unlock {unlock!r}")
    lane = data.get("industry_strip", {}).get("lane", [])
    if lane.count("gap") != 5 or lane[-1] != "end":
        problems.append("industry_strip.lane: five gaps and an end field expected")
    stacks = data.get("locomotive_stacks", {}).get("value", {})
    for stack in list(stacks) + ["1"]:
        record = data.get("factories", {}).get(stack)
        if not record:
            problems.append(f"factories.{stack}: missing")
        else:
            problems += _status_problems(f"factories.{stack}", record)
            problems += _effect_problems(f"factories.{stack}", record.get("effect"), colours)
    numbers = [e.get("number") for e in data.get("engineers", [])]
    if len(set(numbers)) != len(numbers):
        problems.append("engineers: numbers must be unique")
    for key in ("engineers", "idea_tiles", "idea_cards", "start_bonus_cards"):
        for i, record in enumerate(data.get(key, [])):
            problems += _status_problems(f"{key}[{i}]", record)
            problems += _effect_problems(f"{key}[{i}]", record.get("effect"), colours)
    for i, card in enumerate(data.get("end_game_cards", [])):
        problems += _status_problems(f"end_game_cards[{i}]", card)
        if card.get("scoring", {}).get("type") not in SCORING_TYPES:
            problems.append(f"end_game_cards[{i}]: unknown scoring")
    return problems


def provisional_values(data: dict) -> list[str]:
    """Where the data holds a provisional value (for the description and the README)."""
    found = []

    def walk(node, path):
        if isinstance(node, dict):
            if node.get("status") == "provisional":
                found.append(path)
            for key, value in node.items():
                walk(value, f"{path}.{key}" if path else key)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                label = value.get("id", value.get("number", i)) if isinstance(value, dict) else i
                walk(value, f"{path}[{label}]")
    walk(data, "")
    return found


SHIPPED = Path(__file__).parent / "data"
FILES = files_in_use(SHIPPED, "ultimate-railroads")     # the shipped file, or its drop-in


def validate_solo(solo: dict, spaces: dict) -> list[str]:
    """solo_emil.json: setup {coins, workers, reserve_at, closed_spaces}; cards: id,
    space (a base space, "engineer_public" for a face-up engineer's, or one of the
    card's `module`), workers, coins, status."""
    problems = shape("solo_emil.json", solo, {"setup": dict, "cards": list})
    if problems:
        return problems
    for key in ("coins", "workers"):
        if not isinstance(solo["setup"].get(key), int):
            problems.append(f"solo_emil.json: setup.{key} must be an integer")
    for i, card in enumerate(solo["cards"]):
        where = f"solo_emil.json: cards[{i}]"
        if not isinstance(card, dict):
            problems.append(f"{where}: an object is expected")
            continue
        problems += _status_problems(where, card)
        if card.get("space") not in spaces and "module" not in card:
            problems.append(f"{where}: no action space {card.get('space')!r}")
        if not all(isinstance(card.get(k), int) and card[k] >= 0 for k in ("workers", "coins")):
            problems.append(f"{where}: workers and coins must be counts")
    return problems


def _load() -> tuple[dict, dict]:
    data = read_json(FILES["base.json"])
    solo = read_json(FILES["solo_emil.json"])
    problems = validate_data(data) or validate_solo(
        solo, {s["id"] for s in data["action_spaces"]} | {"engineer_public"})
    if problems:
        raise ValueError("ultimate_railroads data: " + "; ".join(problems))
    return data, solo


def validate_modules(modules: dict, colours: list) -> list[str]:
    """data/modules.json: werklok {space, tiles}, extra_engineers {tiles}, special_ideas
    {tile, cards}, coal {spaces, foundries, ...}: every record with a status and a known
    effect; engineer numbers unique, each with an ordinal (Ordnungszahl)."""
    problems = shape("modules.json", modules, {"werklok": dict, "extra_engineers": dict,
                                               "special_ideas": dict, "coal": dict})
    if problems:
        return problems
    coal = modules["coal"]
    records = [("werklok.tiles", t) for t in modules["werklok"]["tiles"]]
    records += [("extra_engineers.tiles", t) for t in modules["extra_engineers"]["tiles"]]
    records += [("special_ideas.cards", c) for c in modules["special_ideas"]["cards"]]
    records += [("special_ideas.tile", modules["special_ideas"]["tile"])]
    records += [(f"coal.{k}", r) for k in ("spaces", "foundries") for r in coal[k]]
    records += [(f"coal.{k}", coal[k]) for k in ("idea_tile", "idea_card", "coal_factory",
                                                   "start_bonus", "engineer")]
    for where, record in records:
        problems += _status_problems(where, record) + _effect_problems(where, record.get("effect"), colours)
    for tile in modules["extra_engineers"]["tiles"] + [coal["engineer"]]:
        if not isinstance(tile.get("ordinal"), int) or tile.get("letter") not in ("A", "B"):
            problems.append(f"modules.json: engineer {tile.get('number')}: ordinal and letter A|B expected")
    return problems


def validate_germany(board: dict, colours: list) -> list[str]:
    """data/germany.json: routes (as in base.json, plus stations and the switch's branches),
    industry_strip.lane, extensions {id, size, specials [{at, ...}]}, income_tiles, the idea
    card and the special track-points values."""
    problems = shape("germany.json", board, {"routes": list, "industry_strip": dict, "extensions": list,
                                             "income_tiles": list, "idea_card": dict,
                                             "special_track_points": dict})
    if problems:
        return problems
    for i, route in enumerate(board["routes"]):
        problems += shape(f"germany.json: routes[{i}]", route, ROUTE_SHAPE)
        sizes = {s.get("size") for s in route.get("stations", [])}
        if not sizes <= {e.get("size") for e in board["extensions"]}:
            problems.append(f"germany.json: routes[{i}]: a station size no extension has")
    for i, extension in enumerate(board["extensions"]):
        if not all(1 <= s.get("at", 0) <= extension.get("size", 0) for s in extension.get("specials", [])):
            problems.append(f"germany.json: extensions[{i}]: a special field outside the extension")
    lane = board["industry_strip"].get("lane", [])
    if lane.count("gap") != 5 or lane[-1:] != ["end"]:
        problems.append("germany.json: industry_strip.lane: five gaps and an end field expected")
    for i, tile in enumerate(board["income_tiles"] + [board["idea_card"]]):
        problems += _status_problems(f"germany.json: income_tiles[{i}]", tile)
        problems += _effect_problems(f"germany.json: income_tiles[{i}]", tile.get("effect"), colours)
    if set(board["special_track_points"].get("value", {})) != set(colours):
        problems.append("germany.json: special_track_points: a value for each track colour expected")
    return problems


def validate_america(board: dict, colours: list) -> list[str]:
    """data/america.json: routes (as in base.json, plus a rubble field), the industry strip's
    `lower` and `upper` tracks, the stock board, dividend tiles, steelworks (each beside a
    locomotive stack) and the two idea tiles, each with a status and a known effect."""
    problems = shape("america.json", board, {"routes": list, "industry_strip": dict, "stock_board": dict,
                                             "dividend_tiles": list, "steelworks": list, "idea_tiles": list})
    if problems:
        return problems
    for i, route in enumerate(board["routes"]):
        problems += shape(f"america.json: routes[{i}]", route, ROUTE_SHAPE)
        if route.get("colours") != colours:
            problems.append(f"america.json: routes[{i}]: every route shows all 5 colours")
        problems += [f"america.json: routes[{i}]: bad special {s!r}" for s in route.get("specials", [])
                     if s.get("type") not in SPECIAL_TYPES or not 1 <= s.get("field", 0) <= route["length"]]
    strip = board["industry_strip"]
    if strip.get("lower", []).count("gap") != 5 or strip.get("upper", []).count("over") != 5:
        problems.append("america.json: industry_strip: five gaps below and five fields over them expected")
    if len(board["dividend_tiles"]) != board["stock_board"].get("levels", {}).get("value"):
        problems.append("america.json: one dividend tile per stock level expected")
    stacks = DATA["locomotive_stacks"]["value"]
    for key in ("dividend_tiles", "steelworks", "idea_tiles"):
        for i, record in enumerate(board[key]):
            problems += _status_problems(f"america.json: {key}[{i}]", record)
            problems += _effect_problems(f"america.json: {key}[{i}]", record.get("effect"), colours)
    problems += [f"america.json: steelworks[{i}]: no locomotive stack {s.get('stack')!r}"
                 for i, s in enumerate(board["steelworks"]) if s.get("stack") not in stacks]
    return problems


DATA, SOLO = _load()
MODULES: dict = read_json(FILES["modules.json"])
GERMANY: dict = read_json(FILES["germany.json"])       # GERMAN RAILROADS (boards.py)
ASIA: dict = read_json(FILES["asia.json"])             # ASIAN RAILROADS (asia_board.py checks it)
INDUSTRY_BOARD: dict = read_json(FILES["industry_board.json"])     # its INDUSTRIETABLEAU (industry_board.py)
BOARD_FACTORIES: dict = {f["id"]: f for f in INDUSTRY_BOARD["printed_factories"] + [INDUSTRY_BOARD["alternative_two"]]}
AMERICA: dict = read_json(FILES["america.json"])       # AMERICAN RAILROADS (america.py)
if _module_problems := validate_modules(MODULES, DATA["track_colours"]) + validate_germany(
        GERMANY, DATA["track_colours"]) + validate_america(AMERICA, DATA["track_colours"]):
    raise ValueError("ultimate_railroads data: " + "; ".join(_module_problems))
COLOURS: list[str] = DATA["track_colours"]
SPACES: dict = {s["id"]: s for s in DATA["action_spaces"]} | {     # a module's space names its module
    s["id"]: {"sides": ["front", "two_player"], **s} for s in [
        {**MODULES["werklok"]["space"], "effect": {"type": "werklok"}, "module": "werklok"}]
    + [{**s, "module": "coal"} for s in MODULES["coal"]["spaces"]]}
ROUTES: dict = {r["id"]: r for r in DATA["routes"]}
ROUTE_IDS: list[str] = [r["id"] for r in DATA["routes"]]
LANE: list = DATA["industry_strip"]["lane"]
STACKS: dict = DATA["locomotive_stacks"]["value"]
ENGINEERS: dict = {e["number"]: e for e in DATA["engineers"] + MODULES["extra_engineers"]["tiles"]
                   + [MODULES["coal"]["engineer"]]}
BASE_ENGINEERS: list[int] = [e["number"] for e in DATA["engineers"]]
WERKLOK_TILES: dict = {t["id"]: t for t in MODULES["werklok"]["tiles"]}
SPECIAL_CARDS: dict = {c["id"]: c for c in MODULES["special_ideas"]["cards"]}
FOUNDRIES: dict = {f["id"]: f for f in MODULES["coal"]["foundries"]}
IDEA_TILES: dict = {t["id"]: t for t in DATA["idea_tiles"] + [MODULES["coal"]["idea_tile"],
                                                               MODULES["special_ideas"]["tile"],
                                                               ASIA["idea_tile"]]
                     + AMERICA["idea_tiles"]}
IDEA_CARDS: dict = {c["id"]: c for c in DATA["idea_cards"] + [MODULES["coal"]["idea_card"], GERMANY["idea_card"],
                                                                INDUSTRY_BOARD["idea_card"]]}
END_CARDS: dict = {c["id"]: c for c in DATA["end_game_cards"]}
START_BONUS: dict = {c["id"]: c for c in DATA["start_bonus_cards"] + [MODULES["coal"]["start_bonus"]]}
PROVISIONAL: list[str] = provisional_values(DATA) + [f"solo_emil.{p}" for p in provisional_values(SOLO)] + [
    f"modules.{p}" for p in provisional_values(MODULES)] + [f"asia.{p}" for p in provisional_values(ASIA)] + [
    f"industry_board.{p}" for p in provisional_values(INDUSTRY_BOARD)] + [
    f"america.{p}" for p in provisional_values(AMERICA)]


def ordinal(number: int) -> int:
    """An engineer's Ordnungszahl: the number printed on it (an extra engineer shares
    its ordinal with a base one: never two with the same ordinal in play)."""
    return ENGINEERS[number].get("ordinal", number)


EMIL = "emil"    # SOLOVARIANTE: Emil where a seat would stand (a space he blocks, his stock marker)
STOKER = "+"     # KOHLE-MODUL: a locomotive or factory with a stoker ("5+")


def base_tile(tile: str) -> str:
    return tile[:-1] if tile.endswith(STOKER) else tile


def factory_effect(stack: str) -> dict:
    """A factory's action: a locomotive's back, or a module factory (the special factory,
    the coal factory)."""
    stack = base_tile(stack)
    if stack == "special":
        return {"type": "special_factory_ideas", "tiles": 2}
    if stack == "coal":
        return MODULES["coal"]["coal_factory"]["effect"]
    if stack in BOARD_FACTORIES:        # the industry board's printed ones, the alternative #2
        return BOARD_FACTORIES[stack]["effect"]
    if stack in STEELWORKS:     # AMERICAN RAILROADS: DAS STAHLWERK
        return STEELWORKS[stack]["effect"]
    return DATA["factories"][stack]["effect"]


STEELWORKS: dict = {s["id"]: s for s in AMERICA["steelworks"]}
SPECIAL_NINE = "9*"   # the #9 on the idea card: no factory side


def loco_number(stack: str) -> int:
    """DER HEIZER: Der Heizer erhöht die Zahl auf der Lokomotive um 1."""
    if stack.endswith(STOKER):
        return loco_number(base_tile(stack)) + 1
    return {"1": 1, SPECIAL_NINE: 9}.get(stack) or STACKS[stack]


def seat_rules(seats: int) -> dict:
    """SOLOVARIANTE, AUFBAU: "Bau zunächst das Spiel für 2 Spieler*innen auf": one seat
    plays with the 2-player rules (emil.py makes the solo changes)."""
    return DATA["seats"][str(max(seats, 2))]
