"""Issue 18: the API bench's service (bench.running_service) is stopped whole, its
children too, even a process that ignores SIGTERM (`bench api --cluster` left its
gunicorn and worker running when they did not end within the wait)."""
from __future__ import annotations

import subprocess
from pathlib import Path

from service import bench


def running(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"


def test_stop_ends_the_process_group_that_ignores_sigterm(monkeypatch):
    monkeypatch.setattr(bench, "STOP_GRACE", 0.5)
    proc = subprocess.Popen(["sh", "-c", 'trap "" TERM; sleep 60 & echo $!; wait'],
                            stdout=subprocess.PIPE, text=True, start_new_session=True)
    child = int(proc.stdout.readline())
    assert running(child)
    bench.stop([proc])
    assert proc.returncode is not None and not running(child)
