"""AUFBAU UND VORBEREITUNG, with the ÄNDERUNGEN FÜR 2 UND 3 SPIELER*INNEN."""
from __future__ import annotations

from service.games.common.rng import seed_state, shuffled

from . import modules
from .board import new_tracks
from .boards import BOARDS
from .data import DATA, ENGINEERS, STACKS, ordinal, seat_rules
from .locomotives import GAPS

STRIP_FIELDS = 7     # fields (6) (5) (4) (3) (2) (1) and the hiring field
# What the chapters of the box add, in the box's order (modules.py: what is in the box):
PLAYERS: list = []    # a player's pieces of a chapter: set_up(player, options)
DEALT: list = []      # what a chapter keeps of the engineers dealt: noted(state)
TABLE: list = []      # the table's pieces after the modules' (the stock board, Emil): set_up(state)
CONFLICTS: list = []  # options a chapter refuses together: conflict(options) -> (field, reason) | None


def option_conflict(options: dict) -> tuple[str, str] | None:
    """GameType.option_conflict: the first chapter's refusal of these options, if any."""
    return next((found for conflict in CONFLICTS if (found := conflict(options)) is not None), None)


def new_player(rules: dict, position: int, options: dict) -> dict:
    board = options.get("board", "russia")
    routes = BOARDS[board]["routes"]
    locos = {r: [None] * routes[r]["slots"] for r in routes}
    locos[BOARDS[board]["first_loco"]][-1] = "1"      # the #1 loco on its printed field
    player = {"score": 0, "workers": rules["workers"], "placed": 0, "temps": 0,
            "wooden": False, "wooden_placed": False, "coins": rules["coins"],
            "tracks": new_tracks(board), "unlocked": ["wood"], "locos": locos,
            "factories": [None] * GAPS, "wrenches": [0], "doublers": 0, "keys": 0,
            "ideas": modules.idea_tiles(options), "ideas_used": [], "ideas_removed": [],
            "engineers": [], "end_cards": [], "fired": [], "revalued": False, "medal": False,
            "extra_workers": 0, "passed": False, "card": position}
    if board != "russia":
        player["board"] = board
    for set_up in PLAYERS:
        set_up(player, options)
    return player


def deal_engineers(rng: int, counts: dict, box: list[int]) -> tuple[list, int]:
    """The rightmost fields take one engineer each, the B ones left of the A ones: 4 B on
    (6)(5)(4)(3), 3 A on (2)(1) and the hiring field; with fewer (2-3 players, coal,
    Werklok) the leftmost fields stay empty (covered). No two with the same ordinal
    (ZUSÄTZLICHE INGENIEURINNEN: keine zwei Ingenieurinnen mit der gleichen Ordnungszahl)."""
    dealt: list[int] = []
    for letter in ("B", "A"):
        tiles, rng = shuffled(rng, sorted(n for n in box if ENGINEERS[n]["letter"] == letter))
        for number in tiles:
            if len(dealt) < counts["B"] + (counts["A"] if letter == "A" else 0) and \
                    ordinal(number) not in map(ordinal, dealt):
                dealt.append(number)
    return [None] * (STRIP_FIELDS - len(dealt)) + dealt, rng


def setup(options: dict, seats: int, seed: int) -> dict:
    if bool(options.get("emil")) != (seats == 1):
        raise ValueError("the solo game against Emil (option emil) is the 1-seat game")
    rules = seat_rules(seats)
    rng = seed_state(seed)
    order, rng = shuffled(rng, list(range(seats)))
    deck, rng = shuffled(rng, [c["id"] for c in DATA["end_game_cards"]])
    strip, rng = deal_engineers(rng, modules.engineer_counts(options, rules), modules.engineer_box(options))
    players = [new_player(rules, order.index(s) + 1, options) for s in range(seats)]
    state = {
        "options": dict(options), "seats": seats, "rng": rng, "round": 1,
        "rounds": modules.rounds(options, rules),
        "phase": "start_bonus", "order": order, "turn": 0,
        "spaces": {}, "claims": {}, "stacks": {s: rules["locos_per_stack"] for s in STACKS},
        "returned": [], "doubler_supply": DATA["doubler_supply"]["value"], "temps_holder": None,
        "strip": strip, "idea_cards": modules.idea_cards(options),
        "end_deck": deck[DATA["end_game_cards_removed"]["value"]:],
        "start_bonus": modules.start_bonus_cards(options), "bonus_queue": order[1:][::-1],
        "bonus_chosen": [], "bonus_offer": None,
        "relocation_queue": [], "pool": None, "players": players, "last_scoring": None,
        "final": None, "emil": None,
    }
    for noted in DEALT:
        noted(state)
    state["rng"] = modules.module_setup(state, rng)
    for set_up in TABLE:
        set_up(state)
    return state
