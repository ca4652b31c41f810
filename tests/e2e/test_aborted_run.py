"""Issue 12, finding 3: a test run ended by SIGTERM (a CI timeout) stops at once and
leaves nothing running: not after rq's in-process worker ran (it installs its own
SIGTERM handler, which then fails the test it lands in and lets the run go on), not
the e2e gunicorn and worker process groups."""
from __future__ import annotations

import signal
import subprocess
import sys
import time

import psutil

from tests.e2e.conftest import ENV, ROOT, alive

HELD = '''
import time

def test_holds_the_e2e_service_after_an_in_process_job(service, work):
    work()
    print("HOLDING", flush=True)
    time.sleep(300)

def test_never_reached():
    time.sleep(300)
'''


def test_a_run_ended_by_sigterm_stops_and_leaves_no_process(tmp_path):
    (tmp_path / "test_held.py").write_text(HELD)
    log = tmp_path / "run.log"
    with log.open("w") as out:
        run = subprocess.Popen(
            [sys.executable, "-m", "pytest", "-s", "-p", "tests.conftest", "-p",
             "tests.e2e.conftest", "-p", "no:cacheprovider", str(tmp_path / "test_held.py")],
            env=ENV, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    started: list[psutil.Process] = []
    try:
        deadline = time.monotonic() + 90
        while "HOLDING" not in log.read_text():
            assert run.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        started = psutil.Process(run.pid).children(recursive=True)
        assert len(started) >= 3, "gunicorn, its workers, the rq worker"
        run.send_signal(signal.SIGTERM)              # the run alone, as `timeout` does
        try:
            code = run.wait(60)
        except subprocess.TimeoutExpired:
            raise AssertionError("pytest went on after SIGTERM") from None
        assert code != 0
        deadline = time.monotonic() + 20
        while any(alive(p.pid) for p in started) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [p.pid for p in started if alive(p.pid)], "left running after the run"
    finally:
        for proc in started:
            if alive(proc.pid):
                proc.kill()
        if run.poll() is None:
            run.kill()
            run.wait(10)
