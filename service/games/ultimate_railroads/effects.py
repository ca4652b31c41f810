"""What an action of the base game gives: its effect types, each of which either happens at
once (coins, points, doublers, ...) or waits in the action pool as a decision (steps,
locomotives, idea tiles, ...), into the registry gains.GAIN. Also: can a direct action be
done completely? (ACHTUNG: Du musst die direkte Aktion vollständig ausführen.) A chapter
of the box adds its effect types (gains.gives), its quick verdicts (VERDICTS) and the
effects it always completes (ALWAYS_COMPLETE)."""
from __future__ import annotations

from service.games.events import one_seat

from . import pool
from .board import step_capacity, steps_made
from .boards import board_of, route_ids
from .completion import WORK, masked, outcome, public_key, remember, trial_copy
from .data import COLOURS, ENGINEERS, STACKS, loco_number, ordinal
from .gains import gain, gives, score
from .industry import room
from .locomotives import factory_sources, lay_places, lowest_stacks
from .special_actions import draw_start_bonus, possible_draws
from .special_fields import gain_key

TEMPORARY_WORKERS = 2
TRIED: dict = {}     # can_complete's (answer, situations searched) by the public (state, seat, effect): listing and applying ask alike
TRIED_MAX = 512
DOUBLERS_PLACED: list = []   # a chapter's rule for where doublers go: placed(state, seat, count)


def doubler_room(state: dict, seat: int) -> int:
    fields = sum(r["doubler_fields"] for r in board_of(state["players"][seat])["routes"].values())
    return min(state["doubler_supply"], fields - state["players"][seat]["doublers"])


def two_highest(player: dict) -> int:
    numbers = sorted((loco_number(s) for r in route_ids(player) for s in player["locos"][r] if s), reverse=True)
    return sum(numbers[:2])


def _take_doubler(state, seat, effect, direct):
    count = min(effect["count"], doubler_room(state, seat))
    if direct and count < effect["count"]:
        pool.fail(state)
    state["players"][seat]["doublers"] += count
    state["doubler_supply"] -= count
    for placed in DOUBLERS_PLACED:       # AMERICAN RAILROADS: onto which route
        placed(state, seat, count)
    return [{"type": "doubler", "seat": seat, "count": count}]


def _gain_coins(state, seat, effect, direct):
    state["players"][seat]["coins"] += effect["coins"]
    return [{"type": "coins", "seat": seat, "coins": effect["coins"],
             "money": one_seat(len(state["players"]), seat, effect["coins"])}]


def _temps(state, seat, effect, direct):
    state["temps_holder"] = seat
    state["players"][seat]["temps"] = TEMPORARY_WORKERS
    return [{"type": "temporary_workers", "seat": seat}]


def _combo(state, seat, effect, direct):
    events = []
    for part in effect["parts"]:
        events += gain(state, seat, part, direct)
    return events


def _item(kind_name, **fixed):
    def add(state, seat, effect, direct):
        params = {k: effect[v] if isinstance(v, str) and v in effect else v for k, v in fixed.items()}
        pool.add(state, kind_name, direct, **params)
        return []
    return add


def _take_loco(state, seat, effect, direct):
    if effect["as"] == "locomotive_or_factory":
        pool.add(state, "loco_or_factory", direct)
    else:
        pool.add(state, "loco", direct)
        pool.add(state, "factory", direct)
    return []


def _score_engineer_numbers(state, seat, effect, direct):
    return score(state, seat, sum(map(ordinal, state["players"][seat]["engineers"])), "engineer numbers")


def _score_two_highest(state, seat, effect, direct):
    return score(state, seat, two_highest(state["players"][seat]), "two highest locomotives")


def _score_steps(state, seat, effect, direct):
    player = state["players"][seat]
    return score(state, seat, sum(steps_made(player, c) for c in effect["colours"]), "steps")


def _flag(name):
    def set_flag(state, seat, effect, direct):
        state["players"][seat][name] = True
        return [{"type": name, "seat": seat}]
    return set_flag


def _keys(state, seat, effect, direct):
    events = []
    for _ in range(effect["count"]):
        events += gain_key(state, seat)
    return events


def _second_wrench(state, seat, effect, direct):
    """AMERICAN RAILROADS: with its strip you start with both: no further wrench, the steps."""
    player = state["players"][seat]
    if len(player["wrenches"]) < board_of(player)["max_wrenches"] and "wrench_tracks" not in player:
        player["wrenches"].append(0)
    pool.add(state, "industry", direct, left=effect["steps"])
    return [{"type": "second_wrench", "seat": seat}]


def _wooden_worker(state, seat, effect, direct):
    state["players"][seat]["wooden"] = True
    return [{"type": "wooden_worker", "seat": seat}]


def _gain_engineer(state, seat, effect, direct):
    state["players"][seat]["engineers"].append(effect["number"])
    return [{"type": "engineer", "seat": seat, "number": effect["number"]}]


def _hire(state, seat, effect, direct):
    number = state["strip"][-1]
    if number is None:
        pool.fail(state)
        return []
    state["strip"][-1] = None
    return _gain_engineer(state, seat, {"number": number}, direct)


def _engineer_tile(state, seat, effect, direct):
    return gain(state, seat, ENGINEERS[effect["number"]]["effect"], direct)


def _claim(state, seat, effect, direct):
    state["claims"][str(effect["position"])] = seat
    return [{"type": "claim", "seat": seat, "position": effect["position"]}]


def industry_steps(state, seat, effect, direct):
    pool.add(state, "industry", direct, left=effect["steps"])
    return []


take_medal = _flag("medal")     # DIE MEDAILLE on the route board's medal field (asia.py: on a field chosen)


gives({
    "track_steps": _item("track", colours="colours", left="steps"),
    "three_different_tracks": _item("track", colours="any", left=3, routes=[]),
    "industry_steps": industry_steps,
    "take_loco": _take_loco,
    "lay_locomotive": lambda state, seat, effect, direct: (
        pool.add(state, "displaced", direct, stack="9*"), [])[1],
    "take_doubler": _take_doubler,
    "gain_coins": _gain_coins,
    "points": lambda state, seat, effect, direct: score(state, seat, effect["points"], "action"),
    "take_temporary_workers": _temps,
    "hire_engineer": _hire,
    "engineer_tile": _engineer_tile,
    "claim_turn_order": _claim,
    "combo": _combo,
    "score_engineer_numbers": _score_engineer_numbers,
    "score_two_highest_locos": _score_two_highest,
    "score_steps": _score_steps,
    "end_card_or_points": _item("end_card", points="points"),
    "choose_end_card": _item("end_card", points=None),
    "choose_idea_card": _item("idea_card"),
    "two_idea_tiles": _item("two_ideas"),
    "use_factory": _item("use_factory"),
    "revaluation": _flag("revalued"),
    "medal": take_medal,
    "keys": _keys,
    "second_wrench": _second_wrench,
    "wooden_worker": _wooden_worker,
    "gain_engineer": _gain_engineer,
    "reuse_space": lambda state, seat, effect, direct: (
        pool.add(state, "reuse", direct, **({"workers": effect["workers"]} if "workers" in effect else {})), [])[1],
    "advance_track": _item("advance", colour="colour"),
    "draw_start_bonus": draw_start_bonus,
    "start_bonus_twice": _item("bonus_twice", points="points"),
    "other_engineer": _item("other_engineer"),
    "werklok": _item("werklok"),
})


def quick_verdict(state: dict, seat: int, effect: dict) -> bool | None:
    """A quick answer where the board as it stands settles it: True when the action
    can surely be done completely, False when not even its first part can be done
    (or an immediate part falls short), None when it must be tried (can_complete)."""
    kind = effect["type"]
    if kind in VERDICTS:
        return VERDICTS[kind](state, seat, effect)
    return True if kind in ALWAYS_COMPLETE else None


def steps_verdict(state: dict, seat: int, effect: dict) -> bool | None:
    player = state["players"][seat]
    if effect["type"] == "industry_steps":
        have = room(player)
    else:
        colours = COLOURS if effect["colours"] == "any" else effect["colours"]
        have = step_capacity(player, [c for c in colours if c in player["unlocked"]])
    return True if have >= effect["steps"] else (False if have == 0 else None)


def loco_verdict(state: dict, seat: int, effect: dict) -> bool | None:
    """Lay one, then the factory from what is left (or the one displaced)."""
    if effect["as"] == "locomotive_or_factory":
        return bool(factory_sources(state))
    if any(lay_places(state["players"][seat], STACKS[s]) for s in lowest_stacks(state)) and \
            sum(state["stacks"].values()) + len(state["returned"]) >= 2:
        return True
    return None


def combo_verdict(state: dict, seat: int, effect: dict) -> bool | None:
    """Settled only where at most one part can fall short."""
    verdicts = [quick_verdict(state, seat, part) for part in effect["parts"]]
    if False in verdicts:
        return False
    open_parts = [p for p in effect["parts"] if p["type"] not in ALWAYS_COMPLETE]
    return True if len(open_parts) <= 1 and all(verdicts) else None


# effect type -> verdict(state, seat, effect): True, False or None (must be tried)
VERDICTS: dict = {
    "engineer_tile": lambda state, seat, effect: quick_verdict(state, seat, ENGINEERS[effect["number"]]["effect"]),
    "track_steps": steps_verdict,
    "industry_steps": steps_verdict,
    "take_doubler": lambda state, seat, effect: doubler_room(state, seat) >= effect["count"],
    "hire_engineer": lambda state, seat, effect: state["strip"][-1] is not None,
    "take_loco": loco_verdict,
    "combo": combo_verdict,
}
ALWAYS_COMPLETE = {"gain_coins", "points", "take_temporary_workers", "claim_turn_order", "score_engineer_numbers",
                   "score_two_highest_locos", "score_steps", "end_card_or_points"}


def can_complete(state: dict, seat: int, effect: dict) -> bool:
    """ACHTUNG: Du musst die direkte Aktion vollständig ausführen: whether a direct
    action can be done completely, in the rules' sense: on a copy, the action goes
    into an empty action pool and every order and choice is tried (a step may unlock
    the colour a later step needs; keys and factory actions gained on the way count).
    An action drawing hidden cards can be done completely when every draw it could
    make can be (special_actions.possible_draws): the seat cannot know the draw when it
    chooses, and a verdict taken from the real draw would tell it in the legal moves
    (and a dry run on a concealed copy, which draws another, would refuse the move)."""
    if (draws := possible_draws(state, effect)) is not None:
        return all(can_complete(state, seat, draw) for draw in draws)
    verdict = quick_verdict(state, seat, effect)
    if verdict is not None:
        return verdict
    key = public_key(state, seat, effect)
    answer = TRIED.get(key)
    if answer is None:
        trial = trial_copy(masked(state), seat)
        pool.open_pool(trial, seat, "trial")
        gain(trial, seat, effect, direct=True)
        before = WORK.situations
        answer = (outcome(trial), WORK.situations - before)
        if answer[0] is None:       # out of budget: "no", the same each time, not remembered
            return False
        remember(TRIED, TRIED_MAX, key, answer)
    else:
        WORK.situations += answer[1]     # as if asked anew
    return answer[0]
