"""Small state builders for the rule tests."""
from __future__ import annotations

from service.games.ultimate_railroads import GAME
from service.games.ultimate_railroads.engine import ENGINE


def a_game(seats: int = 4, seed: int = 1, **options) -> dict:
    """A fresh game, start bonus cards skipped: phase 'actions', seat order 0..n-1."""
    state = ENGINE.setup(GAME.resolve_options(options, seats), seats, seed)
    state["order"] = list(range(seats))
    for position, player in enumerate(state["players"], start=1):
        player["card"] = position
    state.update(phase="actions", turn=0, bonus_queue=[], pool=None)
    return state


def act(state: dict, seat: int, *moves: dict | str) -> dict:
    for move in moves:
        if isinstance(move, str):
            move = ENGINE.parse(move)
        state, _ = ENGINE.apply(state, seat, move)
    return state


def place(space: str, workers: int = 1, temps: int = 0, wood: int = 0, coins: int = 0, **more) -> dict:
    return {"action": "place", "space": space, "workers": workers, "temps": temps, "wood": wood,
            "coins": coins, **more}


def item(state: dict, kind: str) -> int:
    return next(i["id"] for i in state["pool"]["items"] if i["kind"] == kind)


def with_tracks(state: dict, seat: int, route: str, **positions) -> dict:
    player = state["players"][seat]
    for colour, pos in positions.items():
        player["tracks"][route][colour] = pos
        if colour not in player["unlocked"]:
            player["unlocked"].append(colour)
    return state


def with_decision(state: dict, seat: int, kind: str, direct: bool = False, **params) -> dict:
    """Seat `seat` has one decision of this kind waiting in its action pool."""
    from service.games.ultimate_railroads import pool
    pool.open_pool(state, seat, "turn")
    pool.add(state, kind, direct, **params)
    return state
