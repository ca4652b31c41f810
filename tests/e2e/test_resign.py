"""Resigning (issue 30, "Leaving"), against real processes (`pbem serve`, `pbem worker`):
no rulebook says what happens when a player leaves, so a resigned seat is played by the
game's bot to the end, every one of its later log entries says so, and the finished game
lists the seat as resigned beside its result."""
from __future__ import annotations

import requests

from tests.e2e.client import Table


def bot_reasons(entry: dict) -> list[str]:
    return [e["reason"] for e in entry["events"] if e.get("event") == "played_by_bot"]


def test_a_resigned_seats_turns_are_played_by_the_bot_to_the_end(service):
    table = Table(service.base, "pile", 2, seed=21)
    assert table.submit(0, [table.legal(0)["moves"][0]], 0).status_code == 200
    resigned = requests.post(f"{table.url}/resign", headers=table.auth(1), timeout=10)
    assert resigned.status_code == 200, resigned.text
    assert resigned.json()["resigned"] == [1] and resigned.json()["version"] == 1
    for _ in range(200):                        # seat 0 plays, the bot answers for seat 1
        state = table.state(0)
        if state["status"] == "finished":
            break
        if state["to_act"] == [0]:
            legal = table.legal(0)
            assert table.submit(0, [legal["moves"][0]], legal["version"]).status_code == 200
        else:                                   # the bot's move, played by the worker
            requests.get(f"{table.url}?after_version={state['version']}&wait=20", timeout=30)
    assert state["status"] == "finished" and state["resigned"] == [1] and state["result"]
    entries = requests.get(f"{table.url}/log", timeout=10).json()["entries"]
    later = [entry for entry in entries if entry["seat"] == 1]
    assert later and all(bot_reasons(entry) == ["resigned"] for entry in later), later
    assert not any(bot_reasons(entry) for entry in entries if entry["seat"] == 0)
    again = requests.post(f"{table.url}/resign", headers=table.auth(0), timeout=10)
    assert again.status_code == 409 and again.json()["status_now"] == "finished"
