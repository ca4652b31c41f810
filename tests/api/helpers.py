"""Small builders for API tests: a game of the platform test engine and its tokens."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Created:
    id: str
    tokens: list[str]
    admin: str

    def auth(self, seat: int) -> dict:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}


def a_game(client, players: int = 2, seed: int = 7, game: str = "pile", **body) -> Created:
    answer = client.post("/v1/games", json={
        "game": game, "players": [{"name": f"p{i}"} for i in range(players)], "seed": seed,
        **body})
    assert answer.status_code == 201, answer.json
    data = answer.json
    return Created(data["id"], [s["token"] for s in data["seats"]], data["admin_token"])


def submit(client, game: Created, seat: int, moves, version: int, **headers):
    return client.post(f"/v1/games/{game.id}/turns", json={
        "expected_version": version, "moves": moves}, headers={**game.auth(seat), **headers})


def preview(client, game: Created, seat: int, moves, version: int):
    return client.post(f"/v1/games/{game.id}/preview", json={
        "expected_version": version, "moves": moves}, headers=game.auth(seat))
