"""What is in the box at set-up: the base game's engineers, idea tiles and cards, start
bonus cards and rounds, and what each chapter of the box adds to them or changes (each
registers here; KOMBINATIONEN UND SONDERFÄLLE: KOHLE-MODUL + WERKLOK, one round fewer in all)."""
from __future__ import annotations

from .data import BASE_ENGINEERS, DATA

# What the chapters of the box add, in the box's order:
ROUND_FEWER: list = []      # the options that play one round and one A engineer fewer
ENGINEERS_IN: list = []     # the engineer tiles shuffled: tiles(options, tiles) -> tiles
IDEA_TILES: list = []       # each player's idea tiles besides the base ones: tiles(options) -> [id]
IDEA_CARDS: list = []       # the idea cards besides the base ones: cards(options) -> [id]
START_BONUS: list = []      # start bonus cards besides the base ones: cards(options) -> [id]
SETUPS: list = []           # AUFBAU of the chapter's pieces: set_up(state, rng) -> rng


def on(options: dict, module: str) -> bool:
    return bool(options.get(module))


def one_round_fewer(options: dict) -> bool:
    """Mit der Werklok (and with coal) spielt ihr eine Runde weniger ... und legt eine
    A-Ingenieurin weniger aus; KOHLE-MODUL + WERKLOK: insgesamt 1 Runde weniger."""
    return any(on(options, module) for module in ROUND_FEWER)


def rounds(options: dict, rules: dict) -> int:
    return rules["rounds"] - int(one_round_fewer(options))


def engineer_counts(options: dict, rules: dict) -> dict:
    counts = dict(rules["engineers"])
    if one_round_fewer(options):
        counts["A"] -= 1
    return counts


def engineer_box(options: dict) -> list[int]:
    """The engineer tiles shuffled at set-up: the base ones, and what the chapters add
    (ZUSÄTZLICHE INGENIEURINNEN, the coal engineer) or take out (the Industrietableau)."""
    tiles = list(BASE_ENGINEERS)
    for chapter in ENGINEERS_IN:
        tiles = chapter(options, tiles)
    return tiles


def idea_tiles(options: dict) -> list[str]:
    return [t["id"] for t in DATA["idea_tiles"]] + [t for tiles in IDEA_TILES for t in tiles(options)]


def idea_cards(options: dict) -> list[str]:
    return [c["id"] for c in DATA["idea_cards"]] + [c for cards in IDEA_CARDS for c in cards(options)]


def start_bonus_cards(options: dict) -> list[str]:
    return [c["id"] for c in DATA["start_bonus_cards"]] + [c for cards in START_BONUS for c in cards(options)]


def module_setup(state: dict, rng: int) -> int:
    """AUFBAU of each chapter's pieces, in the box's order. Returns the random state."""
    for set_up in SETUPS:
        rng = set_up(state, rng)
    return rng
