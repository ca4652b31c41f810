"""ACHTUNG: Du musst die direkte Aktion vollständig ausführen. Whether the direct
decisions of an action pool can all be finished: every order and every choice of the
pool is tried (within SEARCH_BUDGET new situations a question), so the colours a step
unlocks, and the keys, idea tiles and factory actions gained on the way, all count.
A quick sufficient test on the track and industry capacity answers the common case
without trying."""
from __future__ import annotations

import json
import marshal

from . import america, pool
from .board import step_capacity
from .data import COLOURS
from .industry import room

NO_HELP = {"end_card"}
BOARD = ("tracks", "unlocked", "locos", "factories", "wrenches")
KNOWN: dict = {}     # the fixed part of the table -> {situation -> finishable}
KNOWN_MAX = 4096
FIXED = ("options", "seats", "order", "round", "rounds", "last_scoring", "final", "phase",
         "bonus_queue", "bonus_chosen", "relocation_queue", "start_bonus", "emil")
SEARCH_BUDGET = 150
# decisions that can always be done: a displaced loco (a free slot, a lower loco, or return);
# ASIAN RAILROADS: a construction tile (one is there for each such decision), a medal field, a
# maintenance car (5 spots, at most 3 cars of a kind of yours on them); AMERICAN RAILROADS' own
ALWAYS_DOABLE = {"displaced", "construction", "medal_field", "car", *america.ALWAYS_DOABLE}
MARSHAL_FORMAT = 2       # without references: a copy shares nothing


def unfinished(state: dict) -> list[dict]:
    """The direct decisions still to be done."""
    return [i for i in state["pool"]["items"] if i["direct"] and i.get("left", 1) > 0]


def trial_copy(state: dict, seat: int) -> dict:
    """A copy to try things on: what a seat's decisions can change is copied (its
    own board and everything on the table), the other seats' boards are shared.
    The state holds only dicts, lists, strings, numbers and None: a marshal round trip
    (format 2: no shared references) copies it deeply, about 4x quicker than the JSON
    round trip or copy.deepcopy (measured on a 4-seat state: 33 against 132 µs)."""
    trial = deep_copy({k: v for k, v in state.items() if k not in ("players", *FIXED)})
    trial.update({k: state[k] for k in FIXED if k in state})       # no trial changes these
    trial["players"] = [deep_copy(p) if i == seat else p for i, p in enumerate(state["players"])]
    return trial


def deep_copy(data):
    return marshal.loads(marshal.dumps(data, MARSHAL_FORMAT))


def after(state: dict, seat: int, move: dict) -> dict:
    """A copy of the state after resolving one pool move (no tidying)."""
    trial = trial_copy(state, seat)
    item = next(i for i in trial["pool"]["items"] if i["id"] == move["item"])
    pool.resolve(trial, seat, item, move)
    return trial


def finishable(state: dict) -> bool:
    """ACHTUNG: Du musst die direkte Aktion vollständig ausführen: is there an order
    and a choice of pool moves after which no direct decision is left undone?
    (Indirect decisions need not be done, so dropping is never tried.)
    A question that needs more than SEARCH_BUDGET new situations is answered no."""
    return outcome(state) is True


def outcome(state: dict) -> bool | None:
    """True or False when the search settled it, None when it ran out of budget.
    Only settled answers are kept (by situation); a budget-exhausted question is
    never remembered as a "no": asked again it goes on from the settled parts it
    found, so it looks further each time."""
    try:
        return search(state, [SEARCH_BUDGET], known_for(state))
    except OutOfBudget:
        return None


def known_for(state: dict) -> dict:
    """The answers kept for this fixed part of the table: what no trial changes (the
    other seats' boards, the round, the options) is written out once a question, not
    once a situation."""
    seat = state["pool"]["seat"]
    fixed = json.dumps([seat, [p for other, p in enumerate(state["players"]) if other != seat],
                        [state.get(k) for k in FIXED]], sort_keys=True)
    if fixed not in KNOWN and sum(map(len, KNOWN.values())) >= KNOWN_MAX:
        KNOWN.clear()
    return KNOWN.setdefault(fixed, {})


class OutOfBudget(Exception):
    pass


def settled(state: dict) -> bool | None:
    """The quick answers: a failed immediate part, nothing left, or surely finishable."""
    if state["pool"].get("failed"):
        return False
    return True if not unfinished(state) or surely_finishable(state) else None


def search(state: dict, budget: list, known: dict) -> bool:
    """Depth first; a situation one move away that is settled at a glance is looked for
    before any is searched in depth (a failing choice can take long to prove so)."""
    if (quick := settled(state)) is not None:
        return quick
    key = situation(state)
    if key not in known:
        budget[0] -= 1
        if budget[0] < 0:
            raise OutOfBudget
        following = [nxt for nxt in next_states(state) if settled(nxt) is not False]
        known[key] = any(settled(nxt) for nxt in following) or any(
            search(nxt, budget, known) for nxt in following)
    return known[key]


def next_states(state: dict):
    """The states one pool move away: direct decisions first; then indirect ones, those
    that give a stuck direct decision something to do first; an indirect move that
    changes nothing on the seat's board and brings no new decision is not worth trying."""
    seat = state["pool"]["seat"]
    live = [i for i in state["pool"]["items"] if i.get("left", 1) > 0]
    for item in (i for i in live if i["direct"]):
        for move in worth_trying(state, seat, item):
            yield after(state, seat, move)
    tried = [after(state, seat, move) for item in live if not item["direct"]
             for move in worth_trying(state, seat, item)]
    yield from sorted((nxt for nxt in tried if not idle(state, nxt)), key=lambda nxt: not unstuck(nxt))


def unstuck(state: dict) -> bool:
    seat = state["pool"]["seat"]
    return any(pool.KINDS[i["kind"]][0](state, seat, i) for i in unfinished(state))


def idle(before: dict, nxt: dict) -> bool:
    seat = before["pool"]["seat"]
    ids = {i["id"] for i in before["pool"]["items"]}
    return board(before, seat) == board(nxt, seat) and all(i["id"] in ids for i in nxt["pool"]["items"])


def board(state: dict, seat: int) -> list:
    player = state["players"][seat]
    return [player[k] for k in BOARD] + [state["stacks"], state["returned"]]


def worth_trying(state: dict, seat: int, item: dict) -> list[dict]:
    """An end-game card or points changes nothing another decision needs: one choice
    stands for all when it must be made, none is tried when it need not."""
    moves = pool.KINDS[item["kind"]][0](state, seat, item)
    if item["kind"] in NO_HELP:
        return moves[:1] if item["direct"] else []
    return moves


def situation(state: dict) -> str:
    """What finishing depends on, beside the fixed part (known_for): the rest of the
    table and the pool's decisions in any order; not the seat's points, cards taken
    or the order things happened in. (Written with marshal: equal bytes are equal
    situations; a dict filled in another order only misses the answer kept.)"""
    seat = state["pool"]["seat"]
    player = {k: v for k, v in state["players"][seat].items() if k not in ("score", "end_cards", "fired")}
    items = sorted(json.dumps({k: v for k, v in i.items() if k != "id"}, sort_keys=True)
                   for i in state["pool"]["items"] if i.get("left", 1) > 0)
    rest = {k: v for k, v in state.items() if k not in ("players", "pool", *FIXED)}
    return marshal.dumps([player, sorted(state["players"][seat]["fired"]), items, rest], MARSHAL_FORMAT)


def surely_finishable(state: dict, slack: int = 0) -> bool:
    """Each step takes at most 1 from the capacity of any set of colours, and each
    industry step exactly 1 from the wrenches' room: so when every direct track item's
    colours have room for all direct track steps together, and the wrenches for all
    direct industry steps, doing them one item after the other always works (a
    displaced locomotive can always be laid or returned, and takes no room). With
    `slack` 1 that still holds after any one move that is not an advance (p.48). The
    ALWAYS_DOABLE decisions always have a move and take no room."""
    direct = [i for i in unfinished(state) if i["kind"] not in ALWAYS_DOABLE]
    player = state["players"][state["pool"]["seat"]]
    tracks = [i for i in direct if i["kind"] == "track" and "routes" not in i]
    industry = [i for i in direct if i["kind"] == "industry"]
    if len(tracks) + len(industry) < len(direct):
        return False
    need = sum(i["left"] for i in tracks) + (slack if tracks else 0)
    for item in tracks:
        colours = COLOURS if item["colours"] == "any" else item["colours"]
        if step_capacity(player, [c for c in colours if c in player["unlocked"]]) < need:
            return False
    return room(player) >= sum(i["left"] for i in industry) + (slack if industry else 0)


def keeps_finishable(state: dict, seat: int, move: dict, roomy: bool) -> bool:
    """Whether the direct decisions can still be finished after this pool move;
    `roomy` is surely_finishable(state, slack=1)."""
    return (roomy and move["action"] != "advance") or finishable(after(state, seat, move))
