"""AUFBAU UND VORBEREITUNG, with the ÄNDERUNGEN FÜR 2 UND 3 SPIELER*INNEN."""
from __future__ import annotations

from service.games.common.rng import seed_state, shuffled

from .board import new_tracks
from .emil import solo_setup
from .data import DATA, ENGINEERS, IDEA_CARDS, IDEA_TILES, ROUTES, STACKS, START_BONUS, seat_rules
from .locomotives import GAPS

STRIP_FIELDS = 7     # fields (6) (5) (4) (3) (2) (1) and the hiring field
B_FIELDS = 4         # the four left fields take B engineers, the rest A


def new_player(rules: dict, position: int) -> dict:
    locos = {r: [None] * ROUTES[r]["slots"] for r in ROUTES}
    locos["transsib"][-1] = "1"      # the #1 loco on its printed field
    return {"score": 0, "workers": rules["workers"], "placed": 0, "temps": 0,
            "wooden": False, "wooden_placed": False, "coins": rules["coins"],
            "tracks": new_tracks(), "unlocked": ["wood"], "locos": locos,
            "factories": [None] * GAPS, "wrenches": [0], "doublers": 0, "keys": 0,
            "ideas": [t for t in IDEA_TILES], "ideas_used": [], "ideas_removed": [],
            "engineers": [], "end_cards": [], "fired": [], "revalued": False, "medal": False,
            "extra_workers": 0, "passed": False, "card": position}


def deal_engineers(rng: int, rules: dict) -> tuple[list, int]:
    """4 B on (6)(5)(4)(3), 3 A on (2)(1) and the hiring field; with 6 the leftmost stays empty."""
    strip = [None] * STRIP_FIELDS
    for letter, fields in (("B", range(B_FIELDS)), ("A", range(B_FIELDS, STRIP_FIELDS))):
        tiles, rng = shuffled(rng, sorted(n for n, e in ENGINEERS.items() if e["letter"] == letter))
        count = rules["engineers"][letter]
        for field, number in zip(list(fields)[-count:], tiles):
            strip[field] = number
    return strip, rng


def setup(options: dict, seats: int, seed: int) -> dict:
    if bool(options.get("emil")) != (seats == 1):
        raise ValueError("the solo game against Emil (option emil) is the 1-seat game")
    rules = seat_rules(seats)
    rng = seed_state(seed)
    order, rng = shuffled(rng, list(range(seats)))
    deck, rng = shuffled(rng, [c["id"] for c in DATA["end_game_cards"]])
    strip, rng = deal_engineers(rng, rules)
    players = [new_player(rules, order.index(s) + 1) for s in range(seats)]
    state = {
        "options": dict(options), "seats": seats, "rng": rng, "round": 1, "rounds": rules["rounds"],
        "phase": "start_bonus", "order": order, "turn": 0,
        "spaces": {}, "claims": {}, "stacks": {s: rules["locos_per_stack"] for s in STACKS},
        "returned": [], "doubler_supply": DATA["doubler_supply"]["value"], "temps_holder": None,
        "strip": strip, "idea_cards": list(IDEA_CARDS),
        "end_deck": deck[DATA["end_game_cards_removed"]["value"]:],
        "start_bonus": list(START_BONUS), "bonus_queue": order[1:][::-1],
        "bonus_chosen": [], "bonus_offer": None,
        "relocation_queue": [], "pool": None, "players": players, "last_scoring": None,
        "final": None, "emil": None,
    }
    if options.get("emil"):
        solo_setup(state)
    return state
