"""WERTUNG (each round) and SPIELENDE (end-game cards, the engineers' majority)."""
from __future__ import annotations

from service.games.results import ranked

from .board import condition_met, field_colour, loco_reach, steps_made
from .boards import route, route_ids
from .data import DATA, END_CARDS, loco_number, ordinal
from .industry import wrench_points

MAJORITY = (40, 20)
# What the chapters of the box add:
TRACK_POINTS: list = []     # another track-points tile: values(player) -> {colour: points} | None
DOUBLERS: dict = {}         # a board's doublers by route: board -> on(player, route_id) -> count
SPECIAL_POINTS: dict = {}   # a special field scored at every scoring: type -> points(player)


def track_points(player: dict) -> dict:
    for values in TRACK_POINTS:     # GERMAN RAILROADS: SPEZIAL-GLEISPUNKTE-PLÄTTCHEN
        if (points := values(player)) is not None:
            return points
    side = "revalued" if player["revalued"] else "base"
    return DATA["track_points"][side]["value"]


def doublers_on(player: dict, route_id: str) -> int:
    """The doublers on a route: all a player has, but on a board that lays them per route."""
    on = DOUBLERS.get(player.get("board"))
    return player["doublers"] if on is None else on(player, route_id)


def route_points(player: dict, route_id: str) -> int:
    """Only fields the locos reach score; each track scores its field and the empty
    fields behind it; doublers double their field; route doubling, stars and the
    medal are added."""
    spec = route(player, route_id)
    values = track_points(player)
    total = 0
    for field in range(1, loco_reach(player, route_id) + 1):
        colour = field_colour(player, route_id, field)
        value = values[colour] if colour else 0
        doubled = spec["doubler_fields"] and field <= min(doublers_on(player, route_id), spec["doubler_fields"])
        total += value * (2 if doubled else 1)
    bonus = 0
    for special in spec["specials"]:
        if not condition_met(player, route_id, special):
            continue
        if special["type"] == "route_doubling":
            total *= 2
        elif special["type"] == "bonus_star":
            bonus += special["points"]
        elif special["type"] == "medal" and player["medal"] in (True, f"{route_id}:{special['field']}"):
            bonus += special["points"]
        elif special["type"] in SPECIAL_POINTS:
            bonus += SPECIAL_POINTS[special["type"]](player)
    return total + bonus


def round_points(player: dict) -> dict:
    out = {route_id: route_points(player, route_id) for route_id in route_ids(player)}
    out["industry"] = wrench_points(player)
    return out


def tier_points(count: int, tiers: list) -> int:
    return max([points for least, points in tiers if count >= least], default=0)


def locomotives(player: dict) -> list[int]:
    return sorted((loco_number(s) for r in route_ids(player) for s in player["locos"][r] if s), reverse=True)


def end_card_points(player: dict, card_id: str) -> int:
    """SPIELENDKARTEN (p.47)."""
    rule = END_CARDS[card_id]["scoring"]
    kind = rule["type"]
    if kind == "per_factory":       # Im Spiel mit dem Industrietableau: keine Punkte
        return 0 if "lane" in player else rule["points"] * sum(f is not None for f in player["factories"])
    if kind == "tiers":
        return tier_points(player[rule["of"]], rule["tiers"])
    if kind == "per_engineer":
        return rule["points"] * engineer_count(player)
    if kind == "per_step":
        return sum(steps_made(player, c) for c in rule["colours"])
    if kind == "per_end_station":
        return rule["points"] * sum(player["tracks"][r]["wood"] == route(player, r)["length"]
                                     for r in route_ids(player))
    if kind == "per_idea_tile_used":
        return rule["points"] * len(player["ideas_used"])
    if kind == "top_locomotives":
        return sum(locomotives(player)[:rule["count"]])
    if kind == "per_extra_worker":
        return rule["points"] * min(rule["max"], player["extra_workers"] + int(player["wooden"]))
    return 0     # extra_engineer counts in the majority instead


def engineer_count(player: dict) -> int:
    bonus = sum(END_CARDS[c]["scoring"]["type"] == "extra_engineer" for c in player["end_cards"])
    return len(player["engineers"]) + bonus


def majority(players: list[dict]) -> list[int]:
    """40 to the most engineers, 20 to the second; ties go to the highest engineer
    number; players without engineers score nothing."""
    ranked = sorted((i for i, p in enumerate(players) if p["engineers"]),
                    key=lambda i: (engineer_count(players[i]), max(map(ordinal, players[i]["engineers"]))),
                    reverse=True)
    out = [0] * len(players)
    for seat, points in zip(ranked, MAJORITY):
        out[seat] = points
    return out


def result(state: dict) -> dict:
    """The shared result shape (service/games/results.py): the VP scored during play
    (rounds' scoring, passing, actions), then the end-game cards and the engineers'
    majority of SPIELENDE; equal scores tie (`tiebreak` empty)."""
    scores = [p["score"] for p in state["players"]]
    breakdown = []
    for score, final in zip(scores, state["final"]):
        end = {"end_cards": sum(final["end_cards"].values()), "engineers": final["engineers"],
               **({"stock": final["stock"]} if "stock" in final else {})}
        breakdown.append({"during_play": score - sum(end.values()), **end})
    return {"scores": scores, "ranking": ranked(len(scores), lambda s: scores[s]),
            "breakdown": breakdown, "tiebreak": [{} for _ in scores],
            "details": {"final_scoring": state["final"]}}


def final_points(players: list[dict]) -> list[dict]:
    shares = majority(players)
    return [{"end_cards": {c: end_card_points(p, c) for c in p["end_cards"]}, "engineers": shares[i]}
            for i, p in enumerate(players)]


