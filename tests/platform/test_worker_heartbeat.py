"""Issue 33: how often a worker sends its heartbeat (PBEM_WORKER_HEARTBEAT, whole seconds
from 1 to 60, default 5), and so how old a heartbeat /v1/ready still counts as alive
(four beats: 20 s by default, issue 10 finding 2). A value out of bounds ends `pbem
worker` and `pbem serve` at once, naming the variable and what is allowed."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from service.liveness import alive_within, heartbeat_every
from service.queues import TURNS
from tests.e2e.conftest import ENV, ROOT
from workers.pool import Worker


def test_by_default_a_worker_beats_every_5_s_and_counts_as_dead_after_20_s(monkeypatch, redis_conn):
    monkeypatch.delenv("PBEM_WORKER_HEARTBEAT", raising=False)
    assert (heartbeat_every(), alive_within()) == (5, 20.0)
    worker = Worker([TURNS], connection=redis_conn)
    assert worker.dequeue_timeout == 5             # rq blocks on its queue between beats


@pytest.mark.parametrize("seconds", ["1", "2", "60"])
def test_a_shorter_or_longer_heartbeat_moves_the_age_counted_as_alive(monkeypatch, redis_conn, seconds):
    monkeypatch.setenv("PBEM_WORKER_HEARTBEAT", seconds)
    assert (heartbeat_every(), alive_within()) == (int(seconds), 4.0 * int(seconds))
    worker = Worker([TURNS], connection=redis_conn)
    assert worker.dequeue_timeout == int(seconds)


@pytest.mark.parametrize("value", ["0", "61", "1.5", "-2", "soon"])
def test_a_heartbeat_out_of_bounds_is_refused_naming_what_is_allowed(monkeypatch, value):
    monkeypatch.setenv("PBEM_WORKER_HEARTBEAT", value)
    with pytest.raises(ValueError, match=f"PBEM_WORKER_HEARTBEAT must be a whole number of "
                                         f"seconds from 1 to 60, not '{re.escape(value)}'"):
        heartbeat_every()


@pytest.mark.parametrize("command,value", [(["worker"], "0"), (["serve", "--port", "1"], "61")])
def test_a_heartbeat_out_of_bounds_ends_the_command_at_once(command, value):
    ended = subprocess.run([sys.executable, "-m", "service.cli", *command], check=False,
                           env={**ENV, "PBEM_WORKER_HEARTBEAT": value}, cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
    assert ended.returncode == 1, ended
    assert f"PBEM_WORKER_HEARTBEAT must be a whole number of seconds from 1 to 60, not '{value}'" \
        in ended.stderr, ended.stderr
