"""Push (issue 13): a game's Server-Sent Events stream served by `pbem streams` (gunicorn's
gevent workers) and the long poll on `GET /v1/games/{id}`, against real processes: each
new log entry reaches an open stream within 1 s of its commit, a reconnect with
Last-Event-ID misses nothing and repeats nothing, and each reader sees the log redacted
for its seat."""
from __future__ import annotations

import json
import os
import signal
import threading
import time

import pytest
import requests

from service.bench.running import free_port, wait_until_healthy
from tests.e2e.client import Table
from tests.e2e.conftest import spawn


@pytest.fixture(scope="module")
def streams(service, tmp_path_factory):
    """`pbem streams`, its metrics in a folder of its own (not `pbem serve`'s: it empties
    its folder at start, and test_waiting.py reads each server's held streams at once)."""
    port = free_port()
    server = spawn("streams", "--port", str(port), PBEM_VAR=str(tmp_path_factory.mktemp("streams")))
    try:
        wait_until_healthy(f"http://127.0.0.1:{port}")
        yield f"http://127.0.0.1:{port}"
    finally:
        os.killpg(server.pid, signal.SIGTERM)           # gunicorn and its workers
        server.wait(15)


class Reader:
    """One SSE connection read on its own thread: (event, id, data, received at)."""

    def __init__(self, url: str, headers: dict | None = None):
        self.events: list[tuple[str, int | None, dict, float]] = []
        self.answer = requests.get(url, headers=headers or {}, stream=True, timeout=30)
        assert self.answer.status_code == 200, self.answer.text
        assert self.answer.headers["Content-Type"].startswith("text/event-stream")
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self) -> None:
        event, event_id, data = None, None, None
        try:
            for line in self.answer.iter_lines(decode_unicode=True):
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("id: "):
                    event_id = int(line[4:])
                elif line.startswith("data: "):
                    data = json.loads(line[6:])
                elif line == "" and event:
                    self.events.append((event, event_id, data, time.time()))
                    event, event_id, data = None, None, None
        except (requests.RequestException, AttributeError):
            pass                    # the test closed the connection under the reader

    def moves(self) -> list[dict]:
        return [data for event, _, data, _ in self.events if event == "move"]

    def wait_for_version(self, version: int, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if any(m["version"] >= version for m in self.moves()):
                return
            time.sleep(0.01)
        raise AssertionError(f"no move of version {version} in {self.events}")

    def close(self) -> None:
        if self.thread.is_alive():
            # unblocks the reading thread at once (urllib3 >= 2.3): else closing waits for
            # its read to return, the stream's next keep-alive 15 s later (issue 33)
            self.answer.raw.shutdown()
        self.answer.close()


def play_turns(table: Table, count: int) -> list[dict]:
    """`count` turns, each seat playing its lowest card (so the game lasts)."""
    played = []
    for _ in range(count):
        seat = table.state()["to_act"][0]
        legal = table.legal(seat)
        answer = table.submit(seat, [legal["moves"][0]], legal["version"])
        assert answer.json()["status"] == "applied", answer.text
        played.append(answer.json())
    return played


def test_each_entry_reaches_an_open_stream_within_a_second_of_its_commit(service, streams):
    table = Table(service.base, "pile", 2, seed=11)
    reader = Reader(f"{streams}/v1/games/{table.id}/events")
    try:
        for turn in play_turns(table, 6):
            reader.wait_for_version(turn["version"])
            received = next(at for event, event_id, _, at in reader.events
                            if event == "move" and event_id == turn["version"])
            assert received - turn["resolved_at"] < 1.0, (received, turn)
        assert [m["version"] for m in reader.moves()] == list(range(1, 7))
    finally:
        reader.close()


def test_a_reconnect_with_last_event_id_misses_nothing_and_repeats_nothing(service, streams):
    table = Table(service.base, "pile", 2, seed=12)
    url = f"{streams}/v1/games/{table.id}/events"
    first = Reader(url)
    play_turns(table, 3)
    first.wait_for_version(3)
    first.close()
    play_turns(table, 2)                                     # while nobody listens
    again = Reader(url, {"Last-Event-ID": "3"})
    try:
        play_turns(table, 1)
        again.wait_for_version(6)
        seen = [m["version"] for m in first.moves() if m["version"] <= 3] + \
            [m["version"] for m in again.moves()]
        assert seen == [1, 2, 3, 4, 5, 6]
    finally:
        again.close()


def test_each_reader_sees_the_log_redacted_for_its_seat(service, streams):
    """A card drawn is visible only to the seat that drew it: in its stream, not in the
    spectator's nor the other seat's."""
    table = Table(service.base, "pile", 2, seed=13)
    url = f"{streams}/v1/games/{table.id}/events"
    readers = {"spectator": Reader(url), 0: Reader(url, table.auth(0)),
               1: Reader(url, table.auth(1))}
    try:
        play_turns(table, 4)
        for reader in readers.values():
            reader.wait_for_version(4)
        for who, reader in readers.items():
            drawn = [e for m in reader.moves() for e in m["events"] if e["type"] == "drew"]
            assert all(e["seat"] == who for e in drawn), (who, drawn)
        assert any(e["type"] == "drew" for m in readers[0].moves() for e in m["events"])
    finally:
        for reader in readers.values():
            reader.close()


def test_a_finished_game_ends_its_stream_with_the_result(service, streams):
    table = Table(service.base, "pile", 2, seed=14)
    reader = Reader(f"{streams}/v1/games/{table.id}/events")
    while table.state()["status"] != "finished":
        play_turns(table, 1)
    reader.thread.join(10)
    assert not reader.thread.is_alive(), "the stream stayed open after the game ended"
    end = [data for event, _, data, _ in reader.events if event == "end"]
    assert end and end[0]["status"] == "finished" and end[0]["result"]["ranking"]


def test_the_long_poll_answers_as_soon_as_the_version_passes(service):
    table = Table(service.base, "pile", 2, seed=15)
    held = requests.get(f"{table.url}?after_version=0&wait=0.5", timeout=10)
    assert held.json()["version"] == 0                     # nothing happened: after the wait
    answers = []
    poll = threading.Thread(target=lambda: answers.append(
        (requests.get(f"{table.url}?after_version=0&wait=20", timeout=30).json(), time.time())))
    poll.start()
    time.sleep(0.5)
    turn = play_turns(table, 1)[0]
    poll.join(30)
    game, answered = answers[0]
    assert game["version"] == 1
    assert answered - turn["resolved_at"] < 1.0


def test_a_whisper_reaches_the_streams_of_its_two_seats_only(service, streams):
    """Issue 30, "Messages": on `pbem streams` and on `pbem serve`'s hall alike, a table
    message reaches every stream of the game (spectators too) as `event: message`, a
    whisper the streams of its two seats only; neither is a move."""
    table = Table(service.base, "pile", 3, seed=15)
    readers = {(server, who): Reader(f"{server}/v1/games/{table.id}/events",
                                     table.auth(who) if who != "spectator" else None)
               for server in (streams, service.base) for who in ("spectator", 0, 1, 2)}
    secret = "coal from me at cost, between us"
    try:
        for text, to in (("hello table", None), (secret, 2), ("the last word", None)):
            answer = requests.post(f"{table.url}/messages", headers=table.auth(0),
                                   json={"text": text, "to": to}, timeout=10)
            assert answer.status_code == 201, answer.text
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not all(
                any(d["text"] == "the last word" for e, _, d, _ in r.events if e == "message")
                for r in readers.values()):
            time.sleep(0.02)
        for (server, who), reader in readers.items():
            heard = [d["text"] for event, _, d, _ in reader.events if event == "message"]
            expected = ["hello table", secret, "the last word"] if who in (0, 2) else \
                ["hello table", "the last word"]
            assert heard == expected, (server, who, reader.events)
            assert reader.moves() == []
        assert table.state()["version"] == 0
        first = next(d for e, _, d, _ in readers[(streams, 2)].events if e == "message")
        resumed = Reader(f"{streams}/v1/games/{table.id}/events?messages_after={first['id']}",
                         table.auth(2))          # a reconnect misses none of the messages
        readers["resumed"] = resumed
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and len(resumed.events) < 3:
            time.sleep(0.02)
        assert [d["text"] for e, _, d, _ in resumed.events if e == "message"] == \
            [secret, "the last word"]
    finally:
        for reader in readers.values():
            reader.close()
