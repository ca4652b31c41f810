"""`pbem dev`: the API (Flask's own server), a worker with the scheduler and the
sweeper, and the embedded Redis when REDIS_URL names none, in one process group."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

from service.app import create_app
from service.connection import redis_from_env, redis_url
from service.mail.config import MailConfig


def run(host: str, port: int) -> None:
    """API, a worker with the scheduler and the sweeper, in one process group; the
    embedded Redis (if any) is ended with them, on Ctrl-C, SIGTERM or SIGHUP."""
    for ending in (signal.SIGTERM, signal.SIGHUP):          # Ctrl-C ends Flask's server
        signal.signal(ending, lambda *_: sys.exit(0))       # so the finally below runs
    url = redis_url()                               # starts the embedded Redis if needed
    print(f"pbem dev: Redis at {url}", flush=True)
    mail = MailConfig.from_env(redis_from_env())
    print(f"pbem dev: mail via {mail.smtp_url}" if mail.smtp_url else
          f"pbem dev: mail to the local sink {os.path.abspath(mail.sink_dir)}/new "
          "(each message is printed too)", flush=True)
    os.environ.setdefault("PUBLIC_URL", f"http://{host}:{port}")
    worker = subprocess.Popen([sys.executable, "-m", "service.cli", "worker"],
                              env={**os.environ, "REDIS_URL": url})
    app = None
    try:
        print(f"pbem dev: API on http://{host}:{port}/docs", flush=True)
        app = create_app()
        app.run(host=host, port=port, threaded=True, use_reloader=False)
    finally:
        end_worker(worker)
        if app is not None:             # its connections closed, so Redis may end, at exit
            app.extensions["redis"].connection_pool.disconnect()


def end_worker(process: subprocess.Popen, grace: float = 15.0) -> None:
    """SIGTERM (rq's pool finishes its jobs and ends its workers), SIGKILL after `grace`
    seconds (the pool's workers die with it: workers/pool.py sets PDEATHSIG)."""
    process.terminate()
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
