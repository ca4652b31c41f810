"""Concurrency designed, not hoped for: many clients at once on one game, and a
worker killed with SIGKILL mid-job."""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from service.queues import TURNS, queue
from tests.e2e.client import Table
from tests.e2e.conftest import STORES

CLIENTS = 50


def burst(table: Table, version: int, round_no: int) -> list:
    """50 submissions at once for the seat to act: rival moves at the current
    version, stale versions, one idempotency key shared by many, and retries."""
    seat = table.state()["to_act"][0]
    moves = table.legal(seat)["moves"]
    shared = [moves[0]]

    def one(i: int):
        kind = i % 5
        if kind == 0:                                    # rivals for this version
            return kind, table.submit(seat, [moves[i % len(moves)]], version, wait=0)
        if kind == 1:                                    # stale versions
            return kind, table.submit(seat, [moves[0]], version + 7, wait=0)
        if kind == 2:                                    # one key, one body, many senders
            return kind, table.submit(seat, shared, version, wait=0, key=f"shared-{round_no}")
        first = table.submit(seat, [moves[i % len(moves)]], version, wait=0,
                             key=f"retry-{round_no}-{i}")
        again = table.submit(seat, [moves[i % len(moves)]], version, wait=0,
                             key=f"retry-{round_no}-{i}")
        return kind, (first, again)
    with ThreadPoolExecutor(CLIENTS) as pool:
        return list(pool.map(one, range(CLIENTS)))


def resolved(table: Table, turn_id: str, seat: int, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        turn = table.http.get(f"{table.url}/turns/{turn_id}", headers=table.auth(seat)).json()
        if turn["status"] != "queued":
            return turn
        time.sleep(0.05)
    raise AssertionError(f"turn {turn_id} still queued after {timeout} s")


@pytest.mark.parametrize("service", STORES, indirect=True)
def test_fifty_clients_at_once_exactly_one_applied_per_version(service):
    table = Table(service.base, "pile", 4, seed=99, options={"hand": 4})
    for round_no in range(3):
        state = table.state()
        version, seat = state["version"], state["to_act"][0]
        results = burst(table, version, round_no)
        turn_ids, shared_ids = set(), set()
        for kind, answer in results:
            if kind == 1:
                assert answer.status_code == 409 and \
                    answer.json()["type"].endswith("stale-version")
                continue
            if kind in (3, 4):
                first, again = answer
                if first.status_code == 409:   # refused before queueing: nothing claimed
                    assert again.status_code == 409
                    continue
                assert again.json()["id"] == first.json()["id"], "a retry made a new turn"
                answer = first
            assert answer.status_code in (200, 202, 409), answer.text
            if answer.status_code == 409:     # the version moved before this one was queued
                continue
            turn_ids.add(answer.json()["id"])
            if kind == 2:
                shared_ids.add(answer.json()["id"])
        assert len(shared_ids) <= 1, "one idempotency key made several turns"
        outcomes = [resolved(table, t, seat) for t in turn_ids]
        applied = [t for t in outcomes if t["status"] == "applied"]
        assert len(applied) == 1, outcomes
        assert applied[0]["version"] == version + 1
        assert all(t["rule"] == "expected_version" for t in outcomes if t["status"] == "rejected")
        log = table.http.get(f"{table.url}/log").json()["entries"]
        assert [e["version"] for e in log] == list(range(1, version + 2))
        assert table.state()["version"] == version + 1


@pytest.mark.parametrize("service", STORES, indirect=True)
def test_worker_killed_mid_job_leaves_the_game_consistent_and_the_turn_resolves(
        service, redis_conn_e2e):
    table = Table(service.base, "pile", 2, seed=5, options={"delay": 2})
    (worker,) = service.workers
    answer = table.submit(0, [{"action": "pass"}], 0, wait=0)
    turn_id = answer.json()["id"]
    running = queue(redis_conn_e2e, TURNS).intermediate_queue_key     # a turn's job runs from there
    deadline = time.monotonic() + 10
    while not redis_conn_e2e.llen(running) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert redis_conn_e2e.llen(running), "the job never started"
    service.kill_worker(worker)
    state = table.state()
    assert state["version"] == 0 and state["to_act"] == [0]
    assert table.http.get(f"{table.url}/turns/{turn_id}",
                          headers=table.auth(0)).json()["status"] == "queued"
    service.start_worker()
    turn = resolved(table, turn_id, 0, timeout=40)
    assert turn["status"] == "applied" and turn["version"] == 1
    assert len(table.http.get(f"{table.url}/log").json()["entries"]) == 1
    assert table.state()["version"] == 1
