"""EINEN SPIELZUG AUSFÜHREN: place exactly the workers shown on one free action space
(coins may stand in for workers, never the reverse; temporary and wooden workers
count as yours), then resolve what it gives; or pass (ZUGREIHENFOLGE: passing
flips your turn-order card and scores its back). Also p.48: a worker on another
player's free engineer."""
from __future__ import annotations

from service.games.base import IllegalMove
from service.games.events import one_seat
from service.games.speech import N_, Nn_, Said

from . import pool
from .data import DATA, ENGINEERS, seat_rules
from .effects import can_complete, gain
from .free_actions import offer_after_action
from .spaces import candidate_spaces, is_free, own_engineer_space, shows_wood_step, space_spec

RULE = "ALLGEMEIN: EINEN SPIELZUG AUSFÜHREN"
PIECES = ("workers", "temps", "wood", "coins")


def free_pieces(player: dict) -> dict:
    return {"workers": player["workers"] - player["placed"], "temps": player["temps"],
            "wood": int(player["wooden"] and not player["wooden_placed"]), "coins": player["coins"]}


def splits(total: int, mandatory_coins: int, have: dict):
    """Every way to make up `total` pieces with at least the mandatory coins."""
    for coins in range(mandatory_coins, min(total, have["coins"]) + 1):
        rest = total - coins
        for wood in range(min(rest, have["wood"]) + 1):
            for temps in range(min(rest - wood, have["temps"]) + 1):
                workers = rest - wood - temps
                if workers <= have["workers"]:
                    yield {"workers": workers, "temps": temps, "wood": wood, "coins": coins}


def claim_problem(state: dict, seat: int, spec: dict, move: dict) -> str | None:
    """WIE KANN ICH AUF DER REIHENFOLGELEISTE NACH VORNE RÜCKEN?"""
    position = spec["effect"]["position"]
    if position == state["order"].index(seat) + 1 and not seat_rules(state["seats"])["claim_own_position"]:
        return Said(N_("you may not claim the turn-order space under your own position"))
    if seat in state["claims"].values():
        return Said(N_("you may never occupy both turn-order spaces"))
    if move.get("workers") == 1:
        return None if "swap" not in move else Said(N_("an own worker needs no swap"))
    if move.get("swap") not in swap_choices(state, seat):
        return Said(N_("a temporary worker, wooden worker or coin here must be swapped at once "
                       "with one of your own workers on another space (name it in 'swap')"))
    return None


def swap_choices(state: dict, seat: int) -> list[str]:
    """SONDERFALL: "gegen einen bereits eingesetzten Arbeiter in deiner Farbe von einem
    anderen Aktionsfeld austauschen": any other space holding one of your own workers,
    the reusable track space too (it is never marked occupied: its workers are counted
    per seat in `on_reusable`)."""
    occupied = [sid for sid, rec in state["spaces"].items()
                if rec["seat"] == seat and rec["workers"] >= 1 and not sid.startswith("turn_order")]
    reusable = [sid for sid, count in state["players"][seat].get("on_reusable", {}).items() if count]
    return occupied + reusable


def why_not_place(state: dict, seat: int, move: dict) -> str | None:
    spec = space_spec(state, seat, move.get("space", ""))
    if spec is None:
        return Said(N_("no such action space is open to you this round"))
    if not is_free(state, move["space"], spec):
        return Said(N_("that action space is occupied"))
    counts = [move[k] for k in PIECES]
    have = free_pieces(state["players"][seat])
    if any(move[k] > have[k] for k in PIECES):
        return Said(N_("you do not have those pieces left"))
    if sum(counts) != spec["workers"] + spec["coins"] or move["coins"] < spec["coins"]:
        if spec["coins"]:
            return Said(Nn_("this space takes exactly {number} worker and {coins}; coins may stand in "
                            "for workers, never the reverse",
                            "this space takes exactly {number} workers and {coins}; coins may stand in "
                            "for workers, never the reverse"), number=spec["workers"],
                        coins=Said(Nn_("{number} coin", "{number} coins"), number=spec["coins"]))
        return Said(Nn_("this space takes exactly {number} worker; coins may stand in for workers, "
                        "never the reverse",
                        "this space takes exactly {number} workers; coins may stand in for workers, "
                        "never the reverse"), number=spec["workers"])
    if spec["effect"]["type"] == "claim_turn_order":
        if problem := claim_problem(state, seat, spec, move):
            return problem
    elif "swap" in move:
        return Said(N_("only a turn-order space takes a swap"))
    if spec["direct"] and not can_complete(state, seat, spec["effect"]):
        return Said(N_("a direct action must be performed completely, and this one cannot be"))
    return None


def place_moves(state: dict, seat: int) -> list[dict]:
    out = []
    have = free_pieces(state["players"][seat])
    for space_id in candidate_spaces(state, seat):
        spec = space_spec(state, seat, space_id)
        if spec is None or not is_free(state, space_id, spec):
            continue
        if spec["direct"] and not can_complete(state, seat, spec["effect"]):
            continue
        for split in splits(spec["workers"] + spec["coins"], spec["coins"], have):
            move = {"action": "place", "space": space_id, **split}
            variants = [move]
            if spec["effect"]["type"] == "claim_turn_order" and split["workers"] != 1:
                variants = [{**move, "swap": s} for s in swap_choices(state, seat)]
            out += [m for m in variants if why_not_place(state, seat, m) is None]
    return out


def occupy(state: dict, seat: int, move: dict, spec: dict) -> None:
    player = state["players"][seat]
    player["placed"] += move["workers"]
    player["temps"] -= move["temps"]
    player["coins"] -= move["coins"]
    player["wooden_placed"] = player["wooden_placed"] or bool(move["wood"])
    if spec["reusable"]:
        on_reusable = player.setdefault("on_reusable", {})
        on_reusable[move["space"]] = on_reusable.get(move["space"], 0) + move["workers"]
        return
    record = {"seat": seat, **{k: move[k] for k in PIECES}}
    if move.get("swap") in player.get("on_reusable", {}):
        player["on_reusable"][move["swap"]] -= 1        # the coin or temp stays there instead
        record.update(workers=1, temps=0, wood=0, coins=0)
    elif "swap" in move:
        other = state["spaces"][move["swap"]]
        other["workers"] -= 1
        for k in ("temps", "wood", "coins"):
            other[k] += record[k]
            record[k] = 0
        record["workers"] = 1
    state["spaces"][move["space"]] = record


def apply_place(state: dict, seat: int, move: dict, then: str) -> list[dict]:
    if reason := why_not_place(state, seat, move):
        raise IllegalMove(reason, rule=RULE, field="space", options=place_moves(state, seat))
    spec = space_spec(state, seat, move["space"])
    occupy(state, seat, move, spec)
    pool.open_pool(state, seat, then)
    events = [{"type": "place", "seat": seat, **{k: v for k, v in move.items() if k != "action"}}]
    events += action(state, seat, spec["effect"], spec["direct"], move["wood"])
    offer_after_action(state, seat)
    return events


def action(state: dict, seat: int, effect: dict, direct: bool, wood: int) -> list[dict]:
    """What the occupied space gives, and the wooden worker's extra wood step."""
    events = gain(state, seat, effect, direct)
    if wood and shows_wood_step(effect):
        pool.add(state, "track", False, colours=["wood"], left=1)
    return events


def other_engineers(state: dict, seat: int) -> list[int]:
    """The other players' engineers nobody has occupied this round."""
    return [n for other, player in enumerate(state["players"]) if other != seat
            for n in player["engineers"] if own_engineer_space(n) not in state["spaces"]]


def other_engineer_options(state, seat, item):
    have = free_pieces(state["players"][seat])
    return [{"action": "engineer", "item": item["id"], "engineer": n, "piece": piece}
            for n in other_engineers(state, seat) for piece in PIECES if have[piece]]


def resolve_other_engineer(state, seat, item, move):
    """Du musst sofort einen weiteren Arbeiter auf eine fremde, freie Ingenieurin stellen
    und die Aktion dort ausführen. Diese Ingenieurin ist damit besetzt. One piece (a
    coin, temporary or wooden worker may stand in, as anywhere), whatever the tile shows."""
    item["left"] = 0
    pieces = {k: int(k == move["piece"]) for k in PIECES}
    occupy(state, seat, {"space": own_engineer_space(move["engineer"]), **pieces}, {"reusable": False})
    effect = ENGINEERS[move["engineer"]]["effect"]
    return [{"type": "other_engineer", "seat": seat, "engineer": move["engineer"], "piece": move["piece"]}] + \
        action(state, seat, effect, item["direct"], pieces["wood"])


def apply_pass(state: dict, seat: int) -> list[dict]:
    """Passing: flip your turn-order card and take the points on its back (the solo
    game has no turn-order cards: nothing)."""
    player = state["players"][seat]
    player["passed"] = True
    points = 0 if state["emil"] else DATA["pass_points"]["value"][str(player["card"])]
    player["score"] += points
    return [{"type": "pass", "seat": seat, "points": points,
             "vp": one_seat(len(state["players"]), seat, points)}]


pool.kind("other_engineer")((other_engineer_options, resolve_other_engineer))
