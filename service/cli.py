"""The `pbem` command: dev, serve, streams, worker, mail-in, bench, admin, validate-board,
contract. This module only reads the command line and hands each command to the module
that holds its body; a body's module is imported only when its command runs (`pbem
worker` and `pbem serve` never load the Flask app: `import service.app` took 3.6 s on
this 2-core machine under load)."""
from __future__ import annotations

import argparse
import json
import sys

from service import validate_board
from service.connection import metrics_folder


def add_host_port(parser):
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)


def cmd_dev(args) -> None:
    from service import dev
    dev.run(args.host, args.port)


def cmd_serve(args) -> None:
    from service import serving
    serving.serve(args.host, args.port, args.workers, args.threads)


def cmd_streams(args) -> None:
    from service import serving
    serving.streams(args.host, args.port, args.workers, args.connections)


def cmd_worker(args) -> None:
    from workers import pool
    if args.check:
        sys.exit(0 if pool.alive_here() else 1)
    pool.run(args.turns, args.mail, args.webhooks, burst=args.burst)


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
    elif args.what == "choices":
        from service.bench import choices
        sys.exit(0 if choices.choices() else 1)
    else:
        from service.bench import api, durability
        api.api(game=args.game, turns=args.turns, clients=args.clients, seconds=args.seconds,
                cluster=args.cluster)
        durability.cost(args.game, turns=args.turns, clients=args.clients,
                        seconds=args.seconds)


def cmd_admin(args) -> None:
    from service import admin
    if args.action in ("issue-key", "revoke-key"):
        return admin.key(args.action, args.game_id)
    admin.check_rebuild(args.game_id, verify=args.action == "verify", write=args.write)


def cmd_validate_board(args) -> None:
    validate_board.validate(args.game, args.path, args.validators)


def cmd_contract(args) -> None:
    from service import contract_schemas
    contract_schemas.command(args.write)


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
                                                "`bench storage GAME`, `bench pages`, `bench choices` or `bench bot GAME`")
    bench.add_argument("what", choices=["engine", "api", "streams", "storage", "pages", "bot", "choices"])
    bench.add_argument("game", nargs="?", default=None)
    bench.add_argument("--seats", type=int, default=None,
                       help="default: 4 (bench engine), 2 to 4 (bench storage), 2 or the game's fewest if "
                            "more (bench bot; --seats 1 for a solo game)")
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
    validators = validate_board.validators()
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
