"""What each seat may see: everything on the table; the end-game cards a seat took
are face down (only their number is public) and the pile is hidden."""
from __future__ import annotations

from .emil import public as public_emil

PRIVATE_PLAYER = ("end_cards",)


def public_player(player: dict) -> dict:
    out = {k: v for k, v in player.items() if k not in PRIVATE_PLAYER}
    out["end_cards"] = len(player["end_cards"])
    return out


def view(state: dict, seat: int | None) -> dict:
    public = {k: v for k, v in state.items() if k not in ("rng", "end_deck", "players", "pool")}
    public["end_deck"] = len(state["end_deck"])
    public["players"] = [public_player(p) for p in state["players"]]
    public["pool"] = state["pool"]
    for face_down in ("werklok", "foundries"):       # the stacks lie face down: their size only
        if face_down in state:
            public[face_down] = {**state[face_down], "stack": len(state[face_down]["stack"])}
    if state["emil"]:
        public["emil"] = public_emil(state["emil"])
    private = {} if seat is None else {"end_cards": list(state["players"][seat]["end_cards"])}
    return {"public": public, "private": private}
