"""Checks a board file against the schema and the rulebook's structural facts.

`validate_board(data) -> list[str]` lists the problems (empty: the board is sound);
`check(path)` reads a board file for `pbem validate-board industry PATH`.
Facts checked and their rulebook sources: Spielmaterial (60 spaces, 5 epochs x 12
columns, the regions from left to right, 7 jokers), Phase 4 "Beschaffung erforderlicher
Rohstoffe" (the bank sells only resources that appeared in an earlier epoch, so each is
produced in the epoch before the bank sells it), "Besondere Fabriken" (bank and stock
exchange are factories), Spielende (bonus spaces give 2 or 3 VP, every factory on a
river is connected to every harbour).
"""
from __future__ import annotations

from pathlib import Path

from service.games.common.datafiles import Checked, read_json
from service.games.industry.schema import (
    ANY_RESOURCE, BANK_FROM_EPOCH, BONUS_NETWORK, BONUS_VALUES, COLUMNS, CONNECTION_ENDS,
    DATA, EPOCHS, JOKERS_TOTAL, NAME_SOURCES, REGION_ORDER, RESOURCES, SCHEMA_ID, SPACES_TOTAL, SPECIALS)

TAKES = "a board file laid out as data/board.json (schema.py)"
SHIPPED = DATA


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def space_problems(space: dict) -> list[str]:
    """The fields one space must carry for its kind."""
    sid, kind = space.get("id"), space.get("kind")
    if kind not in REGION_ORDER:
        return [f"{sid}: kind must be one of {list(REGION_ORDER)}, not {kind!r}"]
    if kind == "joker":
        ok = space.get("joker") in RESOURCES + (ANY_RESOURCE,)
        return [] if ok else [f"{sid}: joker must be a resource or '?'"]
    problems = [f"{sid}: {field} must be a name (a text)" for field in ("name_en", "name_de")
                if field in space and not (isinstance(space[field], str) and space[field].strip())]
    if space.get("name_source", NAME_SOURCES[0]) not in NAME_SOURCES:
        problems.append(f"{sid}: name_source must be one of {list(NAME_SOURCES)}")
    needs = space.get("needs")
    if not isinstance(needs, list) or len(needs) > 2 or any(r not in RESOURCES for r in needs):
        problems.append(f"{sid}: needs must be a list of up to 2 resources from {list(RESOURCES)}")
    if kind != "technology" and not _is_count(space.get("cost")):
        problems.append(f"{sid}: cost must be a whole number of Taler")
    if kind == "technology" and space.get("cost", 0) != 0:
        problems.append(f"{sid}: technologies have no build cost")
    if kind in ("factory", "technology") and not _is_count(space.get("vp")):
        problems.append(f"{sid}: vp must be a whole number (0 for none)")
    if kind == "factory":
        if space.get("produces") not in RESOURCES + (None,):
            problems.append(f"{sid}: produces must be a resource or null")
        if space.get("special") not in SPECIALS + (None,):
            problems.append(f"{sid}: special must be null, 'bank' or 'stock_exchange'")
    if kind == "bonus":
        if space.get("bonus") not in BONUS_NETWORK:
            problems.append(f"{sid}: bonus must be one of {list(BONUS_NETWORK)}")
        if space.get("vp_per_factory") not in BONUS_VALUES:
            problems.append(f"{sid}: vp_per_factory must be 2 or 3")
    return problems


def grid_problems(spaces: list[dict]) -> list[str]:
    """Spielmaterial: 60 spaces, 5 epochs x 12 columns, regions in order left to right."""
    problems = []
    expected = {f"{e}{c}" for e in range(1, EPOCHS + 1) for c in COLUMNS}
    ids = [s.get("id") for s in spaces]
    if len(spaces) != SPACES_TOTAL or set(ids) != expected:
        problems.append(f"the board must have the {SPACES_TOTAL} spaces 1A..5L once each")
    for s in spaces:
        if s.get("id") in expected and (s.get("epoch"), s.get("column")) != (int(s["id"][0]), s["id"][1]):
            problems.append(f"{s['id']}: epoch and column must match the id")
    rank = {kind: n for n, kind in enumerate(REGION_ORDER)}
    by_id = {s.get("id"): s for s in spaces}
    for epoch in range(1, EPOCHS + 1):
        row = [rank.get(by_id.get(f"{epoch}{c}", {}).get("kind"), -1) for c in COLUMNS]
        if row != sorted(row):
            problems.append(f"epoch {epoch}: kinds must run jokers, bonus, factories, technologies from left to right")
    return problems


def piece_problems(spaces: list[dict]) -> list[str]:
    """7 jokers (one '?'), one bank and one stock exchange, each resource produced in time."""
    problems = []
    jokers = [s.get("joker") for s in spaces if s.get("kind") == "joker"]
    if len(jokers) != JOKERS_TOTAL or jokers.count(ANY_RESOURCE) != 1:
        problems.append(f"there must be {JOKERS_TOTAL} joker spaces, exactly one of them '?'")
    factories = [s for s in spaces if s.get("kind") == "factory"]
    for special in SPECIALS:
        if sum(1 for s in factories if s.get("special") == special) != 1:
            problems.append(f"exactly one factory must be the {special}")
    first = {}
    for s in factories:
        if s.get("produces") in BANK_FROM_EPOCH:
            first[s["produces"]] = min(first.get(s["produces"], EPOCHS + 1), s.get("epoch", EPOCHS + 1))
    for resource, bank_epoch in BANK_FROM_EPOCH.items():
        if not any(s.get("produces") == resource and s.get("epoch") == bank_epoch - 1 for s in factories):
            problems.append(f"{resource}: no factory produces it in epoch {bank_epoch - 1}, "
                            f"before the bank sells it in epoch {bank_epoch}")
    for s in spaces:
        for resource in s.get("needs") or []:
            if first.get(resource, EPOCHS + 1) > s.get("epoch", 0) and resource in BANK_FROM_EPOCH:
                problems.append(f"{s['id']}: needs {resource} before any factory produces it")
    return problems


def connection_problems(spaces: list[dict], connections: list) -> list[str]:
    """The six kinds of connection join the right kinds; rivers reach every harbour."""
    problems = []
    by_id = {s.get("id"): s for s in spaces}

    def role(sid):
        space = by_id.get(sid, {})
        return space.get("bonus") if space.get("kind") == "bonus" else space.get("kind")

    seen = set()
    for n, c in enumerate(connections):
        if not isinstance(c, dict) or c.get("type") not in CONNECTION_ENDS:
            problems.append(f"connection {n}: type must be one of {list(CONNECTION_ENDS)}")
            continue
        ends = CONNECTION_ENDS[c["type"]]
        if sorted([role(c.get("a")), role(c.get("b"))], key=str) != sorted(ends):
            problems.append(f"connection {n} ({c['type']} {c.get('a')}-{c.get('b')}): "
                            f"must join {ends[0]} and {ends[1]}")
        key = (c["type"], frozenset((c.get("a"), c.get("b"))))
        if key in seen:
            problems.append(f"connection {n}: duplicate {c['type']} {c.get('a')}-{c.get('b')}")
        seen.add(key)
    rivers = {frozenset((c.get("a"), c.get("b"))) for c in connections
              if isinstance(c, dict) and c.get("type") == "river"}
    harbours = [sid for sid in by_id if role(sid) == "harbour"]
    on_river = {sid for pair in rivers for sid in pair if role(sid) == "factory"}
    for factory in sorted(on_river):
        for harbour in harbours:
            if frozenset((factory, harbour)) not in rivers:
                problems.append(f"river: factory {factory} is on the river but not connected to harbour {harbour}")
    return problems


def validate_board(data) -> list[str]:
    """Every problem of a board file; [] when it is sound."""
    if not isinstance(data, dict):
        return ["a board file is a JSON object"]
    problems = []
    if data.get("schema") != SCHEMA_ID:
        problems.append(f"schema must be {SCHEMA_ID!r}")
    if not isinstance(data.get("provisional"), bool):
        problems.append("provisional must be true or false")
    elif data["provisional"] and not data.get("provisional_note"):
        problems.append("a provisional board must say what is guessed in provisional_note")
    coins = data.get("coin_columns")
    if not isinstance(coins, list) or any(c not in COLUMNS for c in coins) or len(set(coins)) != len(coins):
        problems.append("coin_columns must list distinct letters A-L")
    spaces, connections = data.get("spaces"), data.get("connections")
    if not isinstance(spaces, list) or not all(isinstance(s, dict) for s in spaces):
        return problems + ["spaces must be a list of objects"]
    if not isinstance(connections, list):
        return problems + ["connections must be a list"]
    for space in spaces:
        problems += space_problems(space)
    named = [space.get("id") for space in spaces if space.get("name_source") == "provisional"]
    if data.get("provisional") is False and named:
        problems.append(f"a board marked printed (provisional: false) names no space provisionally: "
                        f"{', '.join(map(str, named))}")
    if problems:
        return problems
    return grid_problems(spaces) + piece_problems(spaces) + connection_problems(spaces, connections)


def check(path: Path) -> Checked:
    """A board file's problems; DataFileError when it cannot be read."""
    data = read_json(path)
    marks = ['board.json: "provisional": true'] if isinstance(data, dict) and data.get("provisional") else []
    return Checked(validate_board(data), {"board.json": Path(path)}, marks)
