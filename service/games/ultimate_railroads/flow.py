"""The sequence of play: start bonus cards, turns in turn-order-track order until
everyone has passed, then the round's end (NACH DER WERTUNG) and SPIELENDE."""
from __future__ import annotations

from service.games.base import IllegalMove
from service.games.events import one_seat
from service.games.speech import N_, Said

from . import decisions, free_actions, pool, scoring
from .data import START_BONUS
from .gains import gain
from .special_actions import offer_start_bonus
from .turn_order import relocation_queue, resort

END_OF_ROUND = ("resort_turn_order", "relocate_turn_order_workers", "score", "clean_up")
# What the chapters of the box add:
BETWEEN_TURNS: list = []    # what happens after a turn before the next: waiting(state) -> events | None
TURN_ENDED: list = []       # after the next seat's turn is set: ended(state) -> events (Emil's turn)
TURN_OVER: list = []        # a seat's turn is over, passing too: over(state) (what held for that turn only)
BEFORE_SCORING: list = []   # before the round's scoring: waiting(state) -> True while a seat decides
NEW_ROUND: list = []        # after the scoring, when a round follows: begun(state) -> events
FINAL: list = []            # SPIELENDE, what a chapter changes in the final points: scored(state, final)


def to_act(state: dict) -> list[int]:
    if state["pool"]:
        return [state["pool"]["seat"]]
    phase = state["phase"]
    if phase == "start_bonus":
        return [state["bonus_queue"][0]]
    if phase == "actions":
        return [state["order"][state["turn"]]]
    if phase == "relocation":
        return [state["relocation_queue"][0]]
    return []


def start_bonus_moves(state: dict) -> list[dict]:
    return [{"action": "start_bonus", "card": c} for c in state["start_bonus"]]


def apply_start_bonus(state: dict, seat: int, move: dict) -> list[dict]:
    """Set-up 10: positions 4, 3, 2 each choose a card; the start player gets none."""
    if move not in start_bonus_moves(state):
        raise IllegalMove(Said(N_("choose one of the start bonus cards left")),
                          rule="AUFBAU UND VORBEREITUNG", field="card", options=start_bonus_moves(state))
    state["start_bonus"].remove(move["card"])
    state["bonus_queue"].pop(0)
    state["bonus_chosen"].append([seat, move["card"]])
    return [{"type": "start_bonus", "seat": seat, "card": move["card"]}]


def do_start_bonus_cards(state: dict) -> list[dict]:
    """Dann führen alle Spieler*innen, die eine Karte bekommen haben, diese aus."""
    events = []
    while state["bonus_chosen"] and not state["pool"]:
        seat, card = state["bonus_chosen"].pop(0)
        pool.open_pool(state, seat, "start_bonus")
        events += gain(state, seat, START_BONUS[card]["effect"], direct=False)
        decisions.tidy(state, seat)
        if not state["pool"]["items"]:
            state["pool"] = None
    return events


def settle(state: dict) -> list[dict]:
    """After a move: tidy the pool; once it is empty the game moves on."""
    if state["pool"]:
        decisions.tidy(state, state["pool"]["seat"])
        if state["pool"]["items"]:
            return []
        then = state["pool"]["then"]
        state["pool"] = None
        if offer_start_bonus(state, then):
            return settle(state)
        if then == "relocation":
            state["relocation_queue"].pop(0)
        elif then in ("turn", "payout") and (between := between_turns(state)) is not None:
            return between + settle(state)      # AMERICAN RAILROADS: ALLGEMEINE AUSSCHÜTTUNG
        elif then in ("turn", "payout"):
            return end_turn(state) + advance(state)
    return advance(state)


def between_turns(state: dict) -> list[dict] | None:
    return next((events for waiting in BETWEEN_TURNS if (events := waiting(state)) is not None), None)


def end_turn(state: dict) -> list[dict]:
    """Your turn is over: the next one's turn (SOLOVARIANTE: first Emil's)."""
    next_turn(state)
    return [event for ended in TURN_ENDED for event in ended(state)]


def advance(state: dict) -> list[dict]:
    """Move between phases while nobody has a decision to make."""
    events = []
    if state["phase"] == "start_bonus" and not state["bonus_queue"]:
        events += do_start_bonus_cards(state)
        if not state["pool"]:
            state["phase"] = "actions"
    if state["phase"] == "actions" and all(p["passed"] for p in state["players"]):
        events += end_of_round_start(state)
    if state["phase"] == "relocation" and not state["relocation_queue"] and not any(
            waiting(state) for waiting in BEFORE_SCORING):
        events += score_and_clean_up(state)
    return events


def next_turn(state: dict) -> None:
    free_actions.turn_over(state)
    for over in TURN_OVER:
        over(state)
    order = state["order"]
    for step in range(1, len(order) + 1):
        i = (state["turn"] + step) % len(order)
        if not state["players"][order[i]]["passed"]:
            state["turn"] = i
            return


def end_of_round_start(state: dict) -> list[dict]:
    old = state["order"]
    state["order"] = resort(old, state["claims"])
    state["relocation_queue"] = relocation_queue(state["claims"])
    state["phase"] = "relocation"
    return [{"type": "turn_order", "order": state["order"]}] if state["order"] != old else []


def score_and_clean_up(state: dict) -> list[dict]:
    events = []
    scores = []
    for seat, player in enumerate(state["players"]):
        points = scoring.round_points(player)
        player["score"] += sum(points.values())
        scores.append(points)
        events.append({"type": "scoring", "seat": seat, "round": state["round"], "points": points,
                       "vp": one_seat(len(state["players"]), seat, sum(points.values()))})
    state["last_scoring"] = scores
    clean_up(state)
    if state["round"] > state["rounds"]:
        events += final_scoring(state)
    else:
        events += [event for begun in NEW_ROUND for event in begun(state)]
    return events


def clean_up(state: dict) -> None:
    """Workers back, placed coins to the supply, temporary workers back, engineers
    one field right (an unhired one leaves), new turn-order cards."""
    for position, seat in enumerate(state["order"], start=1):
        player = state["players"][seat]
        player.update(placed=0, temps=0, wooden_placed=False, passed=False, card=position, on_reusable={})
    state.update(spaces={}, claims={}, temps_holder=None, turn=0, phase="actions")
    state["strip"] = [None] + state["strip"][:-1]
    state["round"] += 1
    free_actions.new_round(state)


def final_scoring(state: dict) -> list[dict]:
    final = scoring.final_points(state["players"])
    for scored in FINAL:    # SOLOVARIANTE: Emil's engineers; AMERICAN RAILROADS: BONUS BEI SPIELENDE
        scored(state, final)
    gained = [sum(extra["end_cards"].values()) + extra["engineers"] + extra.get("stock", 0) for extra in final]
    for player, points in zip(state["players"], gained):
        player["score"] += points
    state["final"] = final
    state["phase"] = "over"
    return [{"type": "final_scoring", "points": final, "vp": gained}]
