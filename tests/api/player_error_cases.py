"""The requests that make each documented error of the player operations (issue 13),
for tests/api/test_error_coverage.py: (operation, status) -> request(client, game)."""
from __future__ import annotations

FAKE = {"Authorization": "Bearer pbp_not-a-token"}
NO_ID = "0123456789abcdef"
BIG = "[" + "0," * 40000 + "0]"


def sign_up(client) -> dict:
    answer = client.post("/v1/players", json={"name": "Ada", "email": "ada@p.test"})
    return {"Authorization": f"Bearer {answer.json['token']['token']}"}


def full_of_tokens(client):
    auth = sign_up(client)
    for _ in range(10):
        answer = client.post("/v1/players/me/tokens", json={}, headers=auth)
    return answer


def taken_seat(client, game):
    client.post("/v1/players/me/seats", json={"game": game.id, "token": game.tokens[0]},
                headers=sign_up(client))
    return client.post("/v1/players/me/seats", json={"game": game.id, "token": game.tokens[0]},
                       headers=sign_up(client))


CASES = {
    ("createPlayer", 400): lambda c, g: c.post("/v1/players", json={"name": "", "email": "a@p.test"}),
    ("createPlayer", 413): lambda c, g: c.post("/v1/players", data=BIG, content_type="application/json"),
    ("createPlayer", 415): lambda c, g: c.post("/v1/players", data="Ada", content_type="text/plain"),
    ("getMe", 401): lambda c, g: c.get("/v1/players/me", headers=FAKE),
    ("listPlayerTokens", 401): lambda c, g: c.get("/v1/players/me/tokens", headers=g.auth(0)),
    ("createPlayerToken", 400): lambda c, g: c.post("/v1/players/me/tokens", json={"label": "x" * 61},
                                                    headers=sign_up(c)),
    ("createPlayerToken", 401): lambda c, g: c.post("/v1/players/me/tokens", json={}, headers=FAKE),
    ("createPlayerToken", 409): lambda c, g: full_of_tokens(c),
    ("createPlayerToken", 415): lambda c, g: c.post("/v1/players/me/tokens", data="x",
                                                    content_type="text/plain", headers=sign_up(c)),
    ("revokePlayerToken", 400): lambda c, g: c.delete("/v1/players/me/tokens/xyz", headers=sign_up(c)),
    ("revokePlayerToken", 401): lambda c, g: c.delete(f"/v1/players/me/tokens/{NO_ID}", headers=FAKE),
    ("revokePlayerToken", 404): lambda c, g: c.delete(f"/v1/players/me/tokens/{NO_ID}",
                                                      headers=sign_up(c)),
    ("acceptSeat", 400): lambda c, g: c.post("/v1/players/me/seats", json={"game": g.id},
                                             headers=sign_up(c)),
    ("acceptSeat", 401): lambda c, g: c.post("/v1/players/me/seats", json={
        "game": g.id, "token": g.tokens[0]}, headers=FAKE),
    ("acceptSeat", 403): lambda c, g: c.post("/v1/players/me/seats", json={
        "game": g.id, "token": "not-a-seat"}, headers=sign_up(c)),
    ("acceptSeat", 404): lambda c, g: c.post("/v1/players/me/seats", json={
        "game": NO_ID, "token": g.tokens[0]}, headers=sign_up(c)),
    ("acceptSeat", 409): taken_seat,
    ("acceptSeat", 415): lambda c, g: c.post("/v1/players/me/seats", data="x",
                                             content_type="text/plain", headers=sign_up(c)),
    ("listMyGames", 400): lambda c, g: c.get("/v1/players/me/games?to_act=maybe", headers=sign_up(c)),
    ("listMyGames", 401): lambda c, g: c.get("/v1/players/me/games", headers=FAKE),
    ("streamPlayerEvents", 400): lambda c, g: c.get("/v1/players/me/events", headers={
        **sign_up(c), "Last-Event-ID": "7"}),
    ("streamPlayerEvents", 401): lambda c, g: c.get("/v1/players/me/events", headers=FAKE),
}
# each answers 429 to a locked-out client and 503 without Redis
REQUESTS = {
    "createPlayer": lambda c, g: c.post("/v1/players", json={"name": "Ada", "email": "ada@p.test"}),
    "getMe": lambda c, g: c.get("/v1/players/me", headers=FAKE),
    "listPlayerTokens": lambda c, g: c.get("/v1/players/me/tokens", headers=FAKE),
    "createPlayerToken": lambda c, g: c.post("/v1/players/me/tokens", json={}, headers=FAKE),
    "revokePlayerToken": lambda c, g: c.delete(f"/v1/players/me/tokens/{NO_ID}", headers=FAKE),
    "acceptSeat": lambda c, g: c.post("/v1/players/me/seats", json={
        "game": g.id, "token": g.tokens[0]}, headers=FAKE),
    "listMyGames": lambda c, g: c.get("/v1/players/me/games", headers=FAKE),
    "streamPlayerEvents": lambda c, g: c.get("/v1/players/me/events", headers=FAKE),
}
