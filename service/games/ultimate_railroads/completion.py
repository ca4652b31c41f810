"""ACHTUNG: Du musst die direkte Aktion vollständig ausführen. Whether the direct
decisions of an action pool can all be finished: every order and every choice of the
pool is tried (within SEARCH_BUDGET new situations a question), so the colours a step
unlocks, and the keys, idea tiles and factory actions gained on the way, all count.
A quick sufficient test on the track and industry capacity answers the common case
without trying.

An answer depends on the question only, never on what was asked before nor on what the
seat cannot see: each question is searched afresh with its own budget and memory, on
the table as every concealed copy of it (Engine.conceal) shows it (`masked`), and a
settled answer is kept under the table without its concealed parts (`public_key`). A
move that draws hidden cards is tried with every draw it could make."""
from __future__ import annotations

import marshal
import threading

from . import pool
from .board import step_capacity
from .data import COLOURS
from .industry import room
from .special_actions import pool_move_draws

NO_HELP = {"end_card"}
BOARD = ("tracks", "unlocked", "locos", "factories", "wrenches")
ANSWERS: dict = {}   # public_key(question) -> (settled answer, situations its search tried)
ANSWERS_MAX = 1024     # keys of about 8 KB
FIXED = ("options", "seats", "order", "round", "rounds", "last_scoring", "final", "phase",
         "bonus_queue", "bonus_chosen", "relocation_queue", "start_bonus", "emil")
NOT_COPIED = frozenset(("players", *FIXED))
NOT_SITUATION = NOT_COPIED | {"pool"}
SEARCH_BUDGET = 150
# decisions that can always be done: a displaced loco (a free slot, a lower loco, or return);
# the chapters of the box add theirs
ALWAYS_DOABLE = {"displaced"}
MASKS: list = []     # a chapter's face-down things as the search sees them: mask(state) -> {key: masked}
MARSHAL_FORMAT = 2       # without references or interning: equal data, equal bytes; a copy shares nothing


def unfinished(state: dict) -> list[dict]:
    """The direct decisions still to be done."""
    return [i for i in state["pool"]["items"] if i["direct"] and i.get("left", 1) > 0]


def trial_copy(state: dict, seat: int) -> dict:
    """A copy to try things on: what a seat's decisions can change is copied (its
    own board and everything on the table), the other seats' boards are shared.
    The state holds only dicts, lists, strings, numbers and None: a marshal round trip
    (format 2: no shared references) copies it deeply, about 4x quicker than the JSON
    round trip or copy.deepcopy (measured on a 4-seat state: 33 against 132 µs)."""
    trial = deep_copy({k: v for k, v in state.items() if k not in NOT_COPIED})
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


def outcomes(state: dict, seat: int, move: dict) -> list[dict]:
    """The copies after a pool move: one, or one for each draw of hidden cards it could
    make (the seat chooses the move before the cards are drawn)."""
    draws = pool_move_draws(state, seat, move)
    if draws is None:
        return [after(state, seat, move)]
    return [after(drawing(state, draw), seat, move) for draw in draws]


def drawing(state: dict, draw: list[str]) -> dict:
    """The table with the pool naming the cards the next draw turns up."""
    return {**state, "pool": {**state["pool"], "draw": draw}}


def finishable(state: dict) -> bool:
    """ACHTUNG: Du musst die direkte Aktion vollständig ausführen: is there an order
    and a choice of pool moves after which no direct decision is left undone?
    (Indirect decisions need not be done, so dropping is never tried.)
    A question that needs more than SEARCH_BUDGET new situations is answered no."""
    return outcome(state) is True


def outcome(state: dict) -> bool | None:
    """True or False when the search settled it, None when it ran out of budget (the
    same every time the question is asked: a settled answer is kept, None is not)."""
    if (quick := settled(state)) is not None:
        return quick
    key = public_key(state)
    answer = ANSWERS.get(key)
    if answer is None:
        budget = [SEARCH_BUDGET]
        try:
            answer = (search(masked(state), budget, {}), SEARCH_BUDGET - budget[0])
        except OutOfBudget:
            WORK.situations += SEARCH_BUDGET
            return None
        remember(ANSWERS, ANSWERS_MAX, key, answer)
    WORK.situations += answer[1]
    return answer[0]


class Work(threading.local):
    """The situations the search tried in this thread so far, a question answered from
    memory counted as when it was searched: what the bot's budget reads (bot.work), the
    same on every machine and run whatever was kept. Nothing in the rules reads it."""
    situations = 0


WORK = Work()


def remember(answers: dict, most: int, key, answer: tuple) -> None:
    """Kept for the next asking (the answers are shared by a server's threads: read
    with get, never looked up twice)."""
    if len(answers) >= most:
        answers.clear()
    answers[key] = answer


def masked(state: dict) -> dict:
    """The table as the search sees it, the same for the state and every concealed copy
    of it (Engine.conceal): the generator fixed (a draw the search makes is named, see
    `outcomes`), the face-down stacks' tiles nobody has seen in sorted order (which tiles
    they are, not their order, follows from the face-up ones: each chapter's MASKS say how
    for its stacks and decks). The end-game cards stay:
    which they are changes only the points (no decision of a pool needs their faces), so
    a concealed copy's search takes the same course on other cards."""
    out = {**state, "rng": 0}
    for mask in MASKS:
        out.update(mask(state))
    return out


def public_key(state: dict, *question) -> bytes:
    """The masked table with the end-game cards counted, not named, and what else the
    question names: equal bytes, equal answers."""
    table = {**masked(state), "end_deck": len(state["end_deck"]),
             "players": [{**p, "end_cards": len(p["end_cards"])} for p in state["players"]]}
    return marshal.dumps([table, *question], MARSHAL_FORMAT)


class OutOfBudget(Exception):
    pass


def settled(state: dict) -> bool | None:
    """The quick answers: a failed immediate part, nothing left, or surely finishable."""
    if state["pool"].get("failed"):
        return False
    return True if not unfinished(state) or surely_finishable(state) else None


def search(state: dict, budget: list, known: dict) -> bool:
    """Depth first over the situations not settled at a glance, each looked at once a
    question (`known`, its own)."""
    key = situation(state)
    if key not in known:
        budget[0] -= 1
        if budget[0] < 0:
            raise OutOfBudget
        known[key] = finishes(state, budget, known)
    return known[key]


def finishes(state: dict, budget: list, known: dict) -> bool:
    """A move all of whose outcomes are settled as finishable at a glance answers at once;
    the others are searched in depth only after every move was looked at (a failing
    choice can take long to prove so). A move with several outcomes (draws) must
    finish with each."""
    deeper = []
    for after_move in next_states(state):
        verdicts = [settled(nxt) for nxt in after_move]
        if False in verdicts:
            continue
        if all(verdicts):
            return True
        deeper.append([nxt for nxt, verdict in zip(after_move, verdicts) if not verdict])
    return any(all(search(nxt, budget, known) for nxt in after_move) for after_move in deeper)


def next_states(state: dict):
    """Each pool move's outcomes: direct decisions first; then indirect ones, those that
    give a stuck direct decision something to do first; an indirect move that changes
    nothing on the seat's board and brings no new decision is not worth trying."""
    seat = state["pool"]["seat"]
    live = [i for i in state["pool"]["items"] if i.get("left", 1) > 0]
    for item in (i for i in live if i["direct"]):
        for move in worth_trying(state, seat, item):
            yield outcomes(state, seat, move)
    tried = [outcomes(state, seat, move) for item in live if not item["direct"]
             for move in worth_trying(state, seat, item)]
    yield from sorted((after_move for after_move in tried if not all(idle(state, nxt) for nxt in after_move)),
                      key=lambda after_move: not any(map(unstuck, after_move)))


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


def situation(state: dict) -> bytes:
    """What finishing depends on within a question (the other seats' boards and the
    FIXED part stay as they are): the rest of the table and the pool's decisions in any
    order; not the seat's points, cards taken or the order things happened in. (Written
    with marshal: equal bytes are equal situations; a dict filled in another order only
    counts as another situation.)"""
    seat = state["pool"]["seat"]
    player = {k: v for k, v in state["players"][seat].items() if k not in ("score", "end_cards", "fired")}
    items = sorted(marshal.dumps({k: v for k, v in i.items() if k != "id"}, MARSHAL_FORMAT)
                   for i in state["pool"]["items"] if i.get("left", 1) > 0)
    rest = {k: v for k, v in state.items() if k not in NOT_SITUATION}
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
    """Whether the direct decisions can still be finished after this pool move, with
    every draw it could make, on the table as its concealed copies show it (a tile the
    move turns up is the masked stack's); `roomy` is surely_finishable(state, slack=1)."""
    return (roomy and move["action"] != "advance") or all(
        map(finishable, outcomes(masked(state), seat, move)))
