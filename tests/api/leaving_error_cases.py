"""The requests that make each documented error of leaving a game but for resigning (issue
30: a replacement, a seat handed to the bot, the vote to end), for
tests/api/test_error_coverage.py: (operation, status) -> request(client, game)."""
from __future__ import annotations

from tests.api.player_error_cases import BIG, FAKE, NO_ID, sign_up


def admin(game) -> dict:
    return {"Authorization": f"Bearer {game.admin}"}


def seat(game, number: int, what: str) -> str:
    return f"/v1/games/{game.id}/seats/{number}/{what}"


def votes(game) -> str:
    return f"/v1/games/{game.id}/end-votes"


def refused_with_nothing_open(client, game):
    return client.post(votes(game), json={"vote": "refuse"}, headers=game.auth(0))


CASES = {
    ("inviteReplacement", 400): lambda c, g: c.post(seat(g, 9, "replacement"), headers=g.auth(0)),
    ("inviteReplacement", 401): lambda c, g: c.post(seat(g, 0, "replacement"), headers=FAKE),
    ("inviteReplacement", 403): lambda c, g: c.post(seat(g, 1, "replacement"), headers=g.auth(0)),
    ("inviteReplacement", 404): lambda c, g: c.post(f"/v1/games/{NO_ID}/seats/0/replacement",
                                                    headers=g.auth(0)),
    ("inviteReplacement", 409): lambda c, g: c.post(seat(g, 1, "replacement"), headers=admin(g)),
    ("handSeatToBot", 400): lambda c, g: c.post(seat(g, 9, "bot"), headers=admin(g)),
    ("handSeatToBot", 401): lambda c, g: c.post(seat(g, 1, "bot"), headers=FAKE),
    ("handSeatToBot", 403): lambda c, g: c.post(seat(g, 1, "bot"), headers=g.auth(1)),
    ("handSeatToBot", 404): lambda c, g: c.post(f"/v1/games/{NO_ID}/seats/1/bot", headers=admin(g)),
    ("handSeatToBot", 409): lambda c, g: c.post(seat(g, 1, "bot"), headers=admin(g)),
    ("getMissedDeadlines", 404): lambda c, g: c.get(f"/v1/games/{NO_ID}/missed-deadlines"),
    ("getEndVote", 404): lambda c, g: c.get(f"/v1/games/{NO_ID}/end-votes"),
    ("voteToEnd", 400): lambda c, g: c.post(votes(g), json={"vote": "maybe"}, headers=g.auth(0)),
    ("voteToEnd", 401): lambda c, g: c.post(votes(g), json={"vote": "end"}),
    ("voteToEnd", 403): lambda c, g: c.post(votes(g), json={"vote": "end"}, headers=sign_up(c)),
    ("voteToEnd", 404): lambda c, g: c.post(f"/v1/games/{NO_ID}/end-votes", json={"vote": "end"},
                                            headers=g.auth(0)),
    ("voteToEnd", 409): refused_with_nothing_open,
    ("voteToEnd", 413): lambda c, g: c.post(votes(g), data=BIG, content_type="application/json",
                                            headers=g.auth(0)),
    ("voteToEnd", 415): lambda c, g: c.post(votes(g), data="end", content_type="text/plain",
                                            headers=g.auth(0)),
}
# locked out (429) and Redis down (503): the same request for both
REQUESTS = {
    "inviteReplacement": lambda c, g: c.post(seat(g, 0, "replacement"), headers=g.auth(0)),
    "handSeatToBot": lambda c, g: c.post(seat(g, 1, "bot"), headers=admin(g)),
    "getMissedDeadlines": lambda c, g: c.get(f"/v1/games/{g.id}/missed-deadlines"),
    "getEndVote": lambda c, g: c.get(votes(g)),
    "voteToEnd": lambda c, g: c.post(votes(g), json={"vote": "end"}, headers=g.auth(0)),
}
