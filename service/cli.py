"""The `pbem` command: dev, serve, streams, worker, bench, admin, validate-board."""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys

from service.connection import metrics_folder, redis_from_env, redis_url, state_redis, var_dir
from service.durability import report

STREAMS_REDIS_CONNECTIONS = 32   # per `pbem streams` worker, shared by all its streams


def add_host_port(parser):
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)


def cmd_dev(args) -> None:
    """API, a worker with the scheduler and the sweeper, in one process group; the
    embedded Redis (if any) is ended with them, on Ctrl-C, SIGTERM or SIGHUP."""
    for ending in (signal.SIGTERM, signal.SIGHUP):          # Ctrl-C ends Flask's server
        signal.signal(ending, lambda *_: sys.exit(0))       # so the finally below runs
    url = redis_url()                               # starts the embedded Redis if needed
    print(f"pbem dev: Redis at {url}", flush=True)
    from service.mail.config import MailConfig
    mail = MailConfig.from_env(redis_from_env())
    print(f"pbem dev: mail via {mail.smtp_url}" if mail.smtp_url else
          f"pbem dev: mail to the local sink {os.path.abspath(mail.sink_dir)}/new "
          "(each message is printed too)", flush=True)
    os.environ.setdefault("PUBLIC_URL", f"http://{args.host}:{args.port}")
    worker = subprocess.Popen([sys.executable, "-m", "service.cli", "worker"],
                              env={**os.environ, "REDIS_URL": url})
    app = None
    try:
        from service.app import create_app
        print(f"pbem dev: API on http://{args.host}:{args.port}/docs", flush=True)
        app = create_app()
        app.run(host=args.host, port=args.port, threaded=True, use_reloader=False)
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


def cmd_serve(args) -> None:
    """The API under gunicorn (threads, so ?wait= does not block other requests), which
    replaces this process: so REDIS_URL must name a Redis (an embedded one would outlive
    it). Gunicorn's control socket is PBEM_VAR/gunicorn-PORT.ctl, this instance's own."""
    if not os.environ.get("REDIS_URL"):
        sys.exit("pbem serve: set REDIS_URL (pbem dev runs an embedded Redis)")
    report(redis_from_env(), state_redis(redis_from_env()))
    control = var_dir().absolute() / f"gunicorn-{args.port}.ctl"
    # how many requests may wait, and the streams held without a thread (issue 25):
    # service/api/waiting.py, service/api/hall.py
    os.environ.update(PBEM_THREADS=str(args.threads), PBEM_STREAM_HALL="1")
    os.execvp(sys.executable, [sys.executable, "-m", "gunicorn", "service.wsgi:app",
                               "--bind", f"{args.host}:{args.port}", "--workers",
                               str(args.workers), "--threads", str(args.threads),
                               "--worker-class", "gthread",    # requests: service/app.py logs
                               "--control-socket", str(control)])


def cmd_streams(args) -> None:
    """The event streams under gunicorn's gevent workers: an idle stream costs a
    greenlet and a socket, not a thread (gthread would pin a thread per stream).
    Serves the whole app; deploy/ routes the games' and the players' event streams
    (`/v1/games/*/events`, `/v1/players/me/events`) here."""
    os.environ.setdefault("REDIS_URL", redis_url())
    # the streams' reads take turns on a few connections (a stream holds none while it
    # waits: the process's one pub/sub wakes it, service/changes.py, for a game's
    # stream and a player's alike)
    os.environ["REDIS_MAX_CONNECTIONS"] = str(STREAMS_REDIS_CONNECTIONS)
    os.environ["PBEM_CONNECTIONS"] = str(args.connections)      # service/api/waiting.py
    os.execvp(sys.executable, [sys.executable, "-m", "gunicorn", "service.wsgi:app",
                               "--bind", f"{args.host}:{args.port}", "--workers",
                               str(args.workers), "--worker-class", "gevent",
                               "--worker-connections", str(args.connections),
                               "--graceful-timeout", "3"])  # streams resume by Last-Event-ID


def cmd_worker(args) -> None:
    """rq's worker pool (workers/pool.py): --turns workers on the turn queue and --mail
    on the mail queue, each restarted when it dies (a Redis outage included), with rq's
    scheduler and the sweeps of lost jobs; every child dies with this process.
    `--check`: exit 0 only if a worker of this host sent a heartbeat lately (a probe)."""
    from workers.pool import Pool, die_with_parent_after_fork, layout

    if args.check:
        import socket

        from service.liveness import live_workers
        sys.exit(0 if live_workers(redis_from_env(), socket.gethostname()) else 1)
    report(redis_from_env(), state_redis(redis_from_env()))
    die_with_parent_after_fork()
    Pool(redis_from_env(), layout(args.turns, args.mail, args.webhooks)).start(burst=args.burst)


def cmd_mail_in(args) -> None:
    from workers.mail import listener
    listener.main(["--host", args.host, "--port", str(args.port)])


def cmd_bench(args) -> None:
    seats, games = args.seats or 4, args.games or 20
    if args.what == "engine":
        from service.bench import engine
        engine.engine(args.game, seats=seats, games=games, options=args.options)
    elif args.what == "storage":
        from service.bench import storage
        storage.storage(args.game, seats=args.seats, games=games)
    elif args.what == "bot":
        from service.bench import bot
        sys.exit(0 if bot.bench(args.game, games=args.games or 100, seats=args.seats,
                                   options=args.options) else 1)
    elif args.what == "streams":
        from service.bench import streams
        streams.streams(args.game, connections=args.connections, turns=args.turns)
    elif args.what == "pages":
        from service.bench import pages
        pages.pages(rounds=args.rounds)
    else:
        from service.bench import api
        api.api(game=args.game, turns=args.turns, clients=args.clients, seconds=args.seconds,
                cluster=args.cluster)
        from service.bench import durability
        durability.cost(args.game, turns=args.turns, clients=args.clients,
                        seconds=args.seconds)


def cmd_admin(args) -> None:
    from service import fairness
    from service.play import matches_stored, rebuild
    from service.store import Store

    if args.action in ("issue-key", "revoke-key"):
        return admin_key(args.action, args.game_id)

    store = Store(redis_from_env())
    rebuilt = rebuild(store, args.game_id)
    stored = store.snapshot(args.game_id)
    same = matches_stored(rebuilt, stored)
    report = {"game": args.game_id, "version": rebuilt.version, "equal_to_stored": same}
    if args.action == "verify":     # issue 11, finding 2: what players check, from the store
        record = store.game(args.game_id)
        report["commitment_kept"] = fairness.keeps_commitment(record.seed, record.fairness)
        report["seed_chosen_by_client"] = record.fairness.get("seed_chosen_by_client")
        print(json.dumps(report))
        sys.exit(0 if same and report["commitment_kept"] else 1)
    print(json.dumps(report))
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


def board_validators() -> dict:
    """Game type id -> the `validate` module of each game whose package ships one."""
    import importlib
    from pathlib import Path
    from types import ModuleType

    from service.games.registry import game_types
    found = {}
    for game_id, game in sorted(game_types().items()):
        engine = game.engine
        package = (engine.__name__ if isinstance(engine, ModuleType) else engine.__module__)
        package = package.rpartition(".")[0]
        if package.startswith("service.games.") and (
                Path(importlib.import_module(package).__file__).parent / "validate.py").exists():
            found[game_id] = importlib.import_module(f"{package}.validate")
    return found


def cmd_validate_board(args) -> None:
    """Checks candidate data in-process; exits 0 (sound: then says what to do next),
    1 (problems, each listed) or 2 (unreadable or unknown game), never with a traceback."""
    from pathlib import Path

    from service.games.common.datafiles import DataFileError

    def unreadable(message: str):
        print(message, file=sys.stderr)
        sys.exit(2)
    if args.game not in args.validators:
        unreadable(f"pbem validate-board: unknown game {args.game!r}; "
                   f"games with data to check: {', '.join(args.validators)}")
    validator, path = args.validators[args.game], Path(args.path)
    try:
        checked = validator.check(path)
    except DataFileError as error:
        unreadable(f"{error}\n{args.game} takes {validator.TAKES}")
    except Exception as error:          # a shape the checker does not foresee: say so, plainly
        unreadable(f"{path}: the checker failed on this data ({type(error).__name__}: {error}); "
                   f"{args.game} takes {validator.TAKES}. Please report this.")
    for problem in checked.problems:
        print(f"{path}: {problem}")
    if checked.problems:
        print(f"{len(checked.problems)} problem(s); nothing was changed", file=sys.stderr)
        sys.exit(1)
    print(f"{path}: ok" + "".join(f"\n  still marked provisional: {mark}" for mark in
                                  checked.provisional) if checked.provisional else
          f"{path}: ok, nothing marked provisional (printed data)")
    print_next_steps(args.game, validator, checked)


def print_next_steps(game_id: str, validator, checked) -> None:
    """Where sound data goes (the drop-in folder), and what the switch does."""
    from pathlib import Path

    from service.games.common import datafiles
    from service.games.registry import game_type
    game = game_type(game_id)
    in_use = datafiles.files_in_use(validator.SHIPPED, game_id)
    rules = game.engine_version.partition("+data.")[0]
    new_version = datafiles.engine_version(rules, {**in_use, **checked.files})
    folder = datafiles.drop_in_folder(game_id)
    root = os.environ[datafiles.DROP_IN] if folder else "$PBEM_DATA"
    target = folder or f"$PBEM_DATA/{game_id}"
    folders = sorted({str(Path(target, name).parent) for name in checked.files})
    copies = "\n".join([f"       mkdir -p {' '.join(folders)}"] + [
        f"       cp {source} {target}/{name}" for name, source in checked.files.items()])
    print(f"""Next:
  1. Put the files in the drop-in folder{'' if folder else ' (choose a folder and export PBEM_DATA)'}:
{copies}
  2. Restart every pbem process (serve, worker, dev) with PBEM_DATA={root}.
     {game_id} then runs engine {new_version} (now {game.engine_version});
     `GET /v1/game-types` shows it, with stage "{'provisional' if checked.provisional else 'complete'}".
  3. Games started under the old data are refused (409 engine-version), never played on under
     changed data: finish them first, or keep a server with the old data for them.""")


def cmd_contract(args) -> None:
    """openapi.yaml's generated components (service/contract_schemas.py): checked, or
    with --write made anew from the engines' move schemas."""
    from service import contract_schemas
    if contract_schemas.check(write=args.write):
        print(f"{contract_schemas.SPEC_PATH}: " + ("generated components written" if args.write
                                                   else "up to date with the engines"))
        return
    print(f"{contract_schemas.SPEC_PATH}: out of date with the engines; run "
          f"`pbem contract --write`", file=sys.stderr)
    sys.exit(1)


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
    streams = sub.add_parser("streams", help="the event streams under gevent workers")
    add_host_port(streams)
    streams.set_defaults(port=8001, run=cmd_streams)
    streams.add_argument("--workers", type=int, default=1)
    streams.add_argument("--connections", type=int, default=2000,
                         help="open streams each worker holds at most")
    worker = sub.add_parser("worker", help="rq's worker pool: turn and mail workers, scheduler")
    worker.add_argument("--turns", type=int, default=2, choices=range(1, 33), metavar="N",
                        help="workers on the turn queue (1-32, default 2)")
    worker.add_argument("--mail", type=int, default=1, choices=range(1, 9), metavar="N",
                        help="workers on the mail queue (1-8, default 1)")
    worker.add_argument("--webhooks", type=int, default=1, choices=range(0, 9), metavar="N",
                        help="workers delivering webhooks (0-8, default 1)")
    worker.add_argument("--burst", action="store_true", help="stop when the queues are empty")
    worker.add_argument("--check", action="store_true",
                        help="a probe: exit 0 if a worker of this host is alive, else 1")
    worker.set_defaults(run=cmd_worker)
    mail_in = sub.add_parser("mail-in", help="the SMTP listener taking replies (aiosmtpd)")
    mail_in.add_argument("--host", default="127.0.0.1")
    mail_in.add_argument("--port", type=int, default=2525)
    mail_in.set_defaults(run=cmd_mail_in)
    bench = sub.add_parser("bench", help="measure: `bench engine GAME`, `bench api`, `bench streams`, "
                                                "`bench storage GAME`, `bench pages` or `bench bot GAME`")
    bench.add_argument("what", choices=["engine", "api", "streams", "storage", "pages", "bot"])
    bench.add_argument("game", nargs="?", default=None)
    bench.add_argument("--seats", type=int, default=None,
                       help="default: 4 (bench engine), 2 to 4 (bench storage), the game's fewest (bench bot)")
    bench.add_argument("--options", type=json.loads, default=None,
                       help='bench engine, bench bot: the game options as JSON, e.g. \'{"emil": true}\'')
    bench.add_argument("--games", type=int, default=None,
                       help="default 20; bench bot: 100")
    bench.add_argument("--turns", type=int, default=300)
    bench.add_argument("--clients", type=int, default=8)
    bench.add_argument("--seconds", type=float, default=5.0)
    bench.add_argument("--cluster", action="store_true",
                       help="bench api: the latencies again with the game state on a local "
                       "three-master Redis Cluster, beside the single Redis's")
    bench.add_argument("--connections", type=int, default=1000,
                       help="bench streams: open event streams")
    bench.add_argument("--rounds", type=int, default=50,
                       help="bench pages: renders of each page")
    bench.set_defaults(run=cmd_bench)
    admin = sub.add_parser("admin", help="`admin rebuild ID`: rebuild a snapshot from setup + "
                           "log; `admin verify ID`: and check the seed against its commitment; "
                           "`admin issue-key NAME` / `revoke-key NAME`: API keys")
    admin.add_argument("action", choices=["rebuild", "verify", "issue-key", "revoke-key"])
    admin.add_argument("game_id", metavar="ID|NAME", help="a game id; a key's name for the key actions")
    admin.add_argument("--write", action="store_true", help="store the rebuilt snapshot")
    admin.set_defaults(run=cmd_admin)
    validators = board_validators()
    validate = sub.add_parser(
        "validate-board", help="check printed data before it replaces the provisional data",
        description="Checks a game's data against the schema and the rulebook's facts and says "
        "where the files go next. " + " ".join(f"{game}: PATH is {v.TAKES}." for game, v in
                                               validators.items()))
    validate.add_argument("game", metavar="GAME", help="one of: " + ", ".join(validators))
    validate.add_argument("path", metavar="PATH")
    validate.set_defaults(run=cmd_validate_board, validators=validators)
    contract = sub.add_parser("contract", help="check openapi.yaml's generated components "
                              "(the games' moves) against the engines; --write remakes them")
    contract.add_argument("--write", action="store_true", help="rewrite them in openapi.yaml")
    contract.set_defaults(run=cmd_contract)
    return top


def main(argv=None) -> None:
    args = parser().parse_args(argv)
    if args.run in (cmd_dev, cmd_serve, cmd_worker, cmd_mail_in):   # gunicorn's: service/wsgi.py
        from service import logs
        logs.configure()
    if args.run in (cmd_dev, cmd_serve, cmd_worker):    # their counts are summed at /metrics
        metrics_folder(clean=args.run is not cmd_worker)
    args.run(args)


if __name__ == "__main__":
    main()
