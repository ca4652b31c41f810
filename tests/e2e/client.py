"""A player of games over HTTP, for end-to-end tests."""
from __future__ import annotations

import random

import requests


class Table:
    def __init__(self, base: str, game: str, players: int, seed: int, options=None,
                 http: requests.Session | None = None):
        self.base, self.http, self.rng = base, http or requests.Session(), random.Random(seed)
        answer = self.http.post(f"{base}/v1/games", json={
            "game": game, "players": [{"name": f"p{i}"} for i in range(players)],
            "seed": seed, "options": options or {}})
        assert answer.status_code == 201, answer.text
        body = answer.json()
        self.id, self.tokens, self.admin = body["id"], [s["token"] for s in body["seats"]], \
            body["admin_token"]
        self.url = f"{base}/v1/games/{self.id}"

    def auth(self, seat: int) -> dict:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def state(self, seat: int | None = None) -> dict:
        return self.http.get(self.url, headers=self.auth(seat) if seat is not None else {}).json()

    def legal(self, seat: int) -> dict:
        return self.http.get(f"{self.url}/legal-moves", headers=self.auth(seat)).json()

    def submit(self, seat: int, moves, version: int, wait: float = 30, key: str | None = None):
        headers = {**self.auth(seat), **({"Idempotency-Key": key} if key else {})}
        return self.http.post(f"{self.url}/turns?wait={wait}", headers=headers,
                              json={"expected_version": version, "moves": moves})

    def play_random_turn(self) -> dict:
        state = self.state()
        seat = state["to_act"][0]
        legal = self.legal(seat)
        answer = self.submit(seat, [self.rng.choice(legal["moves"])], legal["version"])
        assert answer.status_code == 200, answer.text
        return answer.json()

    def play_to_end(self, max_turns: int) -> dict:
        """Random listed moves until the game is finished; each applied move raises the
        version by one. The finished game's state."""
        for version in range(max_turns):
            state = self.state()
            assert state["version"] == version
            if state["status"] == "finished":
                return state
            turn = self.play_random_turn()
            assert turn["status"] == "applied", turn
            assert turn["version"] == version + 1
        raise AssertionError(f"game {self.id} did not end within {max_turns} turns")
