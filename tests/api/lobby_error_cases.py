"""The requests that make each documented error of open seats and challenges (issue 30),
for tests/api/test_error_coverage.py: (operation, status) -> request(client, game)."""
from __future__ import annotations

from service.challenges import MOST_PENDING, challenges_key
from tests.api.player_error_cases import FAKE, NO_ID, scoped, sign_up

CHALLENGES = "/v1/players/me/challenges"


def challenged_too_often(client, game):
    """A challenge to a player who holds MOST_PENDING unanswered ones."""
    ada = client.post("/v1/players", json={"name": "Ada", "email": "ada@p.test"}).json
    bert = client.post("/v1/players", json={"name": "Bert", "email": "bert@p.test"}).json
    client.application.extensions["redis"].hset(challenges_key(bert["id"]), mapping={
        f"{n:016x}": 1 for n in range(MOST_PENDING)})
    return client.post("/v1/games", json={"game": "pile", "players": [
        {"name": "Ada", "player": ada["id"]}, {"challenge": bert["id"]}]},
        headers={"Authorization": f"Bearer {ada['token']['token']}"})


def answering(verb: str) -> dict:
    """The errors of accepting (`verb`: accept) or declining a challenge."""
    operation, path = f"{verb}Challenge", f"{CHALLENGES}/{{}}/{verb}"
    return {
        (operation, 400): lambda c, g: c.post(path.format("xyz"), headers=sign_up(c)),
        (operation, 401): lambda c, g: c.post(path.format(g.id)),
        (operation, 403): lambda c, g: c.post(path.format(g.id), headers=scoped(c, "read")),
        (operation, 404): lambda c, g: c.post(path.format(g.id), headers=sign_up(c)),
    }


CASES = {
    ("createGame", 409): challenged_too_often,
    ("listOpenGames", 400): lambda c, g: c.get("/v1/games?open=true&limit=101"),
    ("listOpenGames", 403): lambda c, g: c.get("/v1/games?open=true", headers=scoped(c, "play")),
    ("joinOpenSeat", 400): lambda c, g: c.post(f"/v1/games/{g.id}/seats/9/join", headers=sign_up(c)),
    ("joinOpenSeat", 401): lambda c, g: c.post(f"/v1/games/{g.id}/seats/0/join"),
    ("joinOpenSeat", 403): lambda c, g: c.post(f"/v1/games/{g.id}/seats/0/join",
                                               headers=scoped(c, "read")),
    ("joinOpenSeat", 404): lambda c, g: c.post(f"/v1/games/{NO_ID}/seats/0/join", headers=sign_up(c)),
    ("joinOpenSeat", 409): lambda c, g: c.post(f"/v1/games/{g.id}/seats/0/join", headers=sign_up(c)),
    ("listMyChallenges", 401): lambda c, g: c.get(CHALLENGES, headers=FAKE),
    ("listMyChallenges", 403): lambda c, g: c.get(CHALLENGES, headers=scoped(c, "play")),
    **{case: request for verb in ("accept", "decline") for case, request in answering(verb).items()},
}
# locked out (429) and Redis down (503): the same request for both
REQUESTS = {
    "listOpenGames": lambda c, g: c.get("/v1/games?open=true"),
    "joinOpenSeat": lambda c, g: c.post(f"/v1/games/{g.id}/seats/0/join", headers=FAKE),
    "listMyChallenges": lambda c, g: c.get(CHALLENGES, headers=FAKE),
    "acceptChallenge": lambda c, g: c.post(f"{CHALLENGES}/{g.id}/accept", headers=FAKE),
    "declineChallenge": lambda c, g: c.post(f"{CHALLENGES}/{g.id}/decline", headers=FAKE),
}
