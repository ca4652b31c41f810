"""AKTIONSFELDER: which action spaces a seat may use now and what each costs: the
main board (by board side and round), the two face-up engineers, the seat's own
engineers, and the last-round tile."""
from __future__ import annotations

from .data import ENGINEERS, SPACES, seat_rules

PUBLIC_SLOTS = {0: 4, 1: 5}    # engineer_left / engineer_right lie on strip fields (2) and (1)
HIRE_SLOT = 6
# What the chapters of the box add:
CLOSED: list = []     # spaces a chapter covers: closed(state, space_id) -> bool
SHARES: list = []     # spaces that are one field: shared(state, space_id) -> [the other spaces]


def last_round(state: dict) -> bool:
    return state["round"] == state["rounds"]


def own_engineer_space(number: int) -> str:
    return f"engineer:{number}"


def space_spec(state: dict, seat: int, space_id: str) -> dict | None:
    """{"workers", "coins", "effect", "direct", "reusable"} of a space open to this seat
    this round (free or not), or None."""
    if space_id.startswith("engineer:"):
        number = int(space_id.split(":")[1]) if space_id.split(":")[1].isdigit() else None
        if number not in state["players"][seat]["engineers"]:
            return None
        tile = ENGINEERS[number]
        return {"workers": tile["workers"], "coins": 0, "effect": tile["effect"], "direct": False,
                "reusable": False}
    space = SPACES.get(space_id)
    if space is None or seat_rules(state["seats"])["board_side"] not in space["sides"]:
        return None
    if "module" in space and not state["options"].get(space["module"]):
        return None
    if any(closed(state, space_id) for closed in CLOSED):
        return None     # SOLOVARIANTE, AUFBAU 1-2: covered, or not in the solo game
    if (space.get("not_in_last_round") and last_round(state)) or (
            space.get("only_in_last_round") and not last_round(state)):
        return None
    if "public_engineer" in space:
        number = state["strip"][PUBLIC_SLOTS[space["public_engineer"]]]
        if number is None:
            return None
        tile = ENGINEERS[number]
        return {"workers": tile["workers"], "coins": 0, "effect": {"type": "engineer_tile", "number": number},
                "direct": True, "reusable": False}
    spec = {"workers": space["workers"], "coins": space["coins"], "effect": space["effect"],
            "direct": True, "reusable": bool(space.get("reusable"))}
    for shared in SHARES:       # KOHLE-MODUL: DAS KOMBINIERTE AKTIONSFELD
        if others := shared(state, space_id):
            spec["shares"] = others
    return spec


def candidate_spaces(state: dict, seat: int) -> list[str]:
    own = [own_engineer_space(n) for n in state["players"][seat]["engineers"]]
    return list(SPACES) + own


def is_free(state: dict, space_id: str, spec: dict) -> bool:
    return spec["reusable"] or (space_id not in state["spaces"]
                                and not any(s in state["spaces"] for s in spec.get("shares", ())))


def shows_wood_step(effect: dict) -> bool:
    """The wooden worker's extra step: the action shows at least one wood step
    (not for actions showing only steps of any colour)."""
    if effect["type"] == "combo":
        return any(shows_wood_step(p) for p in effect["parts"])
    if effect["type"] == "engineer_tile":
        return shows_wood_step(ENGINEERS[effect["number"]]["effect"])
    return effect["type"] == "track_steps" and effect["colours"] != "any" and "wood" in effect["colours"]
