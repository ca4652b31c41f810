"""The requests that make each documented error of the take-back (issue 30), for
tests/api/test_error_coverage.py: (operation, status) -> request(client, game)."""
from __future__ import annotations

from tests.api.player_error_cases import NO_ID, admin, sign_up

OPERATIONS = {"requestTakeBack": "", "acceptTakeBack": "/accept", "refuseTakeBack": "/refuse"}


def path(game_id: str, operation: str) -> str:
    return f"/v1/games/{game_id}/takeback{OPERATIONS[operation]}"


def paused(operation: str):
    """The operation on a paused game: 409 (only a running game's turn is taken back)."""
    def case(client, game):
        client.post(f"/v1/games/{game.id}/status", json={"status": "paused"}, headers=admin(game))
        return client.post(path(game.id, operation), headers=game.auth(0))
    return case


CASES = {
    ("getTakeBack", 404): lambda c, g: c.get(f"/v1/games/{NO_ID}/takeback"),
    **{(op, 401): lambda c, g, op=op: c.post(path(g.id, op)) for op in OPERATIONS},
    **{(op, 403): lambda c, g, op=op: c.post(path(g.id, op), headers=sign_up(c)) for op in OPERATIONS},
    **{(op, 404): lambda c, g, op=op: c.post(path(NO_ID, op), headers=g.auth(0)) for op in OPERATIONS},
    **{(op, 409): paused(op) for op in OPERATIONS},
}
# locked out (429) and Redis down (503): the same request for both
REQUESTS = {
    "getTakeBack": lambda c, g: c.get(f"/v1/games/{g.id}/takeback"),
    **{op: lambda c, g, op=op: c.post(path(g.id, op), headers=g.auth(0)) for op in OPERATIONS},
}
