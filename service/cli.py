"""The `pbem` command: dev, serve, worker, bench, admin, validate-board."""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys

from service.connection import redis_from_env, redis_url


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
    """rq's worker pool (workers/pool.py): --turns workers on the turn queue and --mail
    on the mail queue, each restarted when it dies (a Redis outage included), with rq's
    scheduler and the sweeps of lost jobs; every child dies with this process.
    `--check`: exit 0 only if a worker of this host sent a heartbeat lately (a probe)."""
    from workers.pool import Pool, die_with_parent_after_fork, layout

    if args.check:
        import socket

        from workers.liveness import live_workers
        sys.exit(0 if live_workers(redis_from_env(), socket.gethostname()) else 1)
    die_with_parent_after_fork()
    Pool(redis_from_env(), layout(args.turns, args.mail)).start(burst=args.burst)


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
    worker = sub.add_parser("worker", help="rq's worker pool: turn and mail workers, scheduler")
    worker.add_argument("--turns", type=int, default=2, choices=range(1, 33), metavar="N",
                        help="workers on the turn queue (1-32, default 2)")
    worker.add_argument("--mail", type=int, default=1, choices=range(1, 9), metavar="N",
                        help="workers on the mail queue (1-8, default 1)")
    worker.add_argument("--burst", action="store_true", help="stop when the queues are empty")
    worker.add_argument("--check", action="store_true",
                        help="a probe: exit 0 if a worker of this host is alive, else 1")
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
    admin = sub.add_parser("admin", help="`admin rebuild ID`: rebuild a snapshot from setup + log")
    admin.add_argument("action", choices=["rebuild"])
    admin.add_argument("game_id")
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
