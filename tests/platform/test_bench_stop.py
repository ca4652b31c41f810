"""Issue 18: the API bench's service (service/bench/running.py) is stopped whole, its
children too, even a process that ignores SIGTERM (`bench api --cluster` left its
gunicorn and worker running when they did not end within the wait)."""
from __future__ import annotations

import subprocess
import time
from pathlib import Path

from service.bench import running as bench_service


def running(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def gone_within(pid: int, seconds: float) -> bool:
    """A SIGKILLed process whose parent was reaped first dies on its own time (the
    kernel delivers the signal as it is next scheduled): a loaded machine takes a while."""
    deadline = time.monotonic() + seconds
    while running(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_stop_ends_the_process_group_that_ignores_sigterm(monkeypatch):
    monkeypatch.setattr(bench_service, "STOP_GRACE", 0.5)
    proc = subprocess.Popen(["sh", "-c", 'trap "" TERM; sleep 60 & echo $!; wait'],
                            stdout=subprocess.PIPE, text=True, start_new_session=True)
    child = int(proc.stdout.readline())
    assert running(child)
    bench_service.stop([proc])
    assert proc.returncode is not None and gone_within(child, 5.0)
