"""The `pbem` command: dev, serve, worker, bench, admin, validate-board."""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
import time

from service.connection import redis_from_env, redis_url

SWEEP_EVERY = 15.0


def add_host_port(parser):
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)


def cmd_dev(args) -> None:
    """API, a worker with the scheduler and the sweeper, in one process group."""
    url = redis_url()                               # starts the embedded Redis if needed
    print(f"pbem dev: Redis at {url}", flush=True)
    from workers.mail.config import MailConfig
    mail = MailConfig.from_env(redis_from_env())
    print(f"pbem dev: mail via {mail.smtp_url}" if mail.smtp_url else
          f"pbem dev: mail to the local sink {os.path.abspath(mail.sink_dir)}/new "
          "(each message is printed too)", flush=True)
    os.environ.setdefault("PUBLIC_URL", f"http://{args.host}:{args.port}")
    worker = subprocess.Popen([sys.executable, "-m", "service.cli", "worker"],
                              env={**os.environ, "REDIS_URL": url})
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))      # so the worker is ended too
    try:
        from service.app import create_app
        print(f"pbem dev: API on http://{args.host}:{args.port}/docs", flush=True)
        create_app().run(host=args.host, port=args.port, threaded=True, use_reloader=False)
    finally:
        worker.terminate()
        worker.wait(10)


def cmd_serve(args) -> None:
    """The API under gunicorn (threads, so ?wait= does not block other requests)."""
    os.environ.setdefault("REDIS_URL", redis_url())
    os.execvp(sys.executable, [sys.executable, "-m", "gunicorn", "service.wsgi:app",
                               "--bind", f"{args.host}:{args.port}", "--workers",
                               str(args.workers), "--threads", str(args.threads),
                               "--worker-class", "gthread", "--access-logfile", "-"])


def cmd_worker(args) -> None:
    """An rq worker (jobs run in-process: pure and short, no fork per job) on the turn
    and mail queues, with rq's scheduler. At start it
    re-owes every pending turn (a job lost with a killed worker is resolved now;
    owing a job twice is harmless), then sweeps every SWEEP_EVERY seconds."""
    from rq import SimpleWorker

    from workers import clock
    from workers.queues import MAIL, TURNS, queue
    from workers.resolve import sweep

    conn = redis_from_env()
    sweep(conn, older_than=0.0)

    def sweeper():
        while True:
            time.sleep(SWEEP_EVERY)
            try:
                sweep(conn)                         # turns whose jobs were lost
                clock.sweep()                       # clocks and mail whose jobs were lost
            except Exception as err:                # keep sweeping through a Redis blip
                print(f"sweep failed: {err}", file=sys.stderr)
    threading.Thread(target=sweeper, daemon=True).start()
    SimpleWorker([queue(conn, TURNS), queue(conn, MAIL)], connection=conn).work(
        burst=args.burst, with_scheduler=True)


def cmd_mail_in(args) -> None:
    from workers.mail import listener
    listener.main(["--host", args.host, "--port", str(args.port)])


def cmd_bench(args) -> None:
    from service import bench
    if args.what == "engine":
        bench.engine(args.game, seats=args.seats, games=args.games)
    else:
        bench.api(game=args.game, turns=args.turns, clients=args.clients, seconds=args.seconds)


def cmd_admin(args) -> None:
    from service.play import rebuild
    from service.store import Store

    if args.action in ("issue-key", "revoke-key"):
        return admin_key(args.action, args.game_id)

    store = Store(redis_from_env())
    rebuilt = rebuild(store, args.game_id)
    stored = store.snapshot(args.game_id)
    same = rebuilt.to_json() == stored.to_json()
    print(json.dumps({"game": args.game_id, "version": rebuilt.version,
                      "equal_to_stored": same}))
    if args.write and not same:
        store.replace_snapshot(args.game_id, rebuilt)
        print("stored snapshot replaced by the rebuilt one")
    sys.exit(0 if same or args.write else 1)


def admin_key(action: str, name: str) -> None:
    """`issue-key NAME` prints a new API key once (Redis keeps its hash);
    `revoke-key NAME` ends it."""
    from service import api_keys

    conn = redis_from_env()
    if action == "revoke-key":
        if not api_keys.revoke(conn, name):
            sys.exit(f"no key named {name!r}")
        print(f"key {name!r} revoked")
        return
    try:
        print(api_keys.issue(conn, name))
    except ValueError as refused:
        sys.exit(str(refused))
    print(f"the API key of {name!r}: shown only now, kept only as a hash", file=sys.stderr)


def cmd_validate_board(args) -> None:
    """Each game with board data ships `python -m service.games.<game>.validate PATH`."""
    module = f"service.games.{args.game.replace('-', '_')}.validate"
    os.execvp(sys.executable, [sys.executable, "-m", module, args.path])


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="pbem", description=__doc__)
    sub = top.add_subparsers(dest="command", required=True)
    dev = sub.add_parser("dev", help="API + worker + scheduler (embedded Redis if REDIS_URL unset)")
    add_host_port(dev)
    dev.set_defaults(run=cmd_dev)
    serve = sub.add_parser("serve", help="the API under gunicorn")
    add_host_port(serve)
    serve.add_argument("--workers", type=int, default=2)
    serve.add_argument("--threads", type=int, default=8)
    serve.set_defaults(run=cmd_serve)
    worker = sub.add_parser("worker", help="an rq worker with scheduler and sweeper")
    worker.add_argument("--burst", action="store_true", help="stop when the queues are empty")
    worker.set_defaults(run=cmd_worker)
    mail_in = sub.add_parser("mail-in", help="the SMTP listener taking replies (aiosmtpd)")
    mail_in.add_argument("--host", default="127.0.0.1")
    mail_in.add_argument("--port", type=int, default=2525)
    mail_in.set_defaults(run=cmd_mail_in)
    bench = sub.add_parser("bench", help="measure: `bench engine GAME` or `bench api`")
    bench.add_argument("what", choices=["engine", "api"])
    bench.add_argument("game", nargs="?", default=None)
    bench.add_argument("--seats", type=int, default=4)
    bench.add_argument("--games", type=int, default=20)
    bench.add_argument("--turns", type=int, default=300)
    bench.add_argument("--clients", type=int, default=8)
    bench.add_argument("--seconds", type=float, default=5.0)
    bench.set_defaults(run=cmd_bench)
    admin = sub.add_parser("admin", help="`admin rebuild ID`: rebuild a snapshot from setup + log; "
                                         "`admin issue-key NAME` / `revoke-key NAME`: API keys")
    admin.add_argument("action", choices=["rebuild", "issue-key", "revoke-key"])
    admin.add_argument("game_id", metavar="ID|NAME", help="a game id; a key's name for the key actions")
    admin.add_argument("--write", action="store_true", help="store the rebuilt snapshot")
    admin.set_defaults(run=cmd_admin)
    validate = sub.add_parser("validate-board", help="check a game's board data file")
    validate.add_argument("game")
    validate.add_argument("path")
    validate.set_defaults(run=cmd_validate_board)
    return top


def main(argv=None) -> None:
    args = parser().parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
