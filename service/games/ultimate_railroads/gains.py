"""What an action gives, by effect type: the registry every rule module and every chapter
of the box fills with its effect types (effects.py the base game's), and the one way to
gain an effect. The effect types of the data either happen at once (coins, points, ...)
or put a decision into the action pool (pool.py)."""
from __future__ import annotations

from service.games.events import one_seat

GAIN: dict = {}     # effect type -> gain(state, seat, effect, direct) -> events


def gives(effects: dict) -> None:
    """A rule module's or a chapter's effect types join the registry."""
    GAIN.update(effects)


def gain(state: dict, seat: int, effect: dict, direct: bool) -> list[dict]:
    return GAIN[effect["type"]](state, seat, effect, direct)


def score(state: dict, seat: int, points: int, why: str) -> list[dict]:
    state["players"][seat]["score"] += points
    return [{"type": "points", "seat": seat, "points": points, "for": why,
             "vp": one_seat(len(state["players"]), seat, points)}]


def chosen_gain(state: dict, seat: int, item: dict, event: dict, effect: dict) -> list[dict]:
    """A decision that picks a card or tile: done, and what it shows is gained."""
    item["left"] = 0
    return [{**event, "seat": seat}] + gain(state, seat, effect, item["direct"])
