"""Games: create, show (per seat), legal moves, log, pause/resume."""
from __future__ import annotations

import logging
import threading
from collections import OrderedDict

import redis
from flask import Blueprint, current_app, request, url_for

from service import (challenges, fairness, feed, invitations, lobby, play, players, problems,
                     resignation, seating)
from service.api import bearer, bearer_player, resigned_from, seat_of, store
from service.api.waiting import waiting
from service.games.choice_tree import below, choice_tree, node_at, with_level_effects
from service.lobby import started
from service.queues import notify
from service.store import WAITING, GameFinished

bp = Blueprint("games", __name__)
MAX_WAIT = 30.0
MAX_EFFECTS = 300          # moves whose effects a tree shows (legal_moves)
MAX_ANSWERS = 256          # legal-moves answers kept per process (ANSWERS)
logger = logging.getLogger(__name__)
NOT_DEALT = {"public": {}, "private": {}}      # the view of a game waiting for its players


@bp.post("/v1/games")
def create_game():
    """A quick game (no player token, no API key) shows its creator every seat's token;
    a game created by a player or with an API key shows no seat held by someone else,
    and an invitation for each seat nobody holds yet (issue 25): it is dealt when the
    last is taken (service/handover.py)."""
    body, conn = request.get_json(), current_app.extensions["redis"]
    player = bearer_player()
    creator = invitations.creator(conn, body["players"], None if player else bearer())
    seated_players = players.check_bindings(conn, body["players"], player, creator)
    settings = {"clock": body["clock"]} if "clock" in body else {}
    if creator is not None:
        settings["creator"] = creator           # the API key's name, for whoever runs the service
    if any("challenge" in p for p in body["players"]):
        settings[challenges.CHALLENGER] = players.load(conn, player)["name"]

    def admit():
        invitations.count(conn, creator, body["players"])
        challenges.admit(conn, player, body["players"])
    record, shown, admin = play.create_game(
        store(), body["game"], players.with_addresses(body["players"], seated_players),
        body.get("options"), body.get("seed"), settings=settings, admit=admit,
        invite=player is not None or creator is not None)
    seats = [{"seat": i, "name": s.name, **shown_seat(record, i, credential)}
             for i, (s, credential) in enumerate(zip(record.seats, shown))]
    try:
        players.seated(conn, record)            # the players' inboxes and streams
        lobby.list_game(conn, record)           # its seats open to anyone
        challenges.issue(conn, record)          # the challenged players told
        if not seating.open_seats(record):
            started(conn, record)
    except redis.RedisError:        # the game exists and its tokens are shown only now
        logger.exception("invitations or announcements of game %s not queued", record.id)
    location = url_for("games.show_game", game_id=record.id)
    return ({"id": record.id, "game": record.game, "version": 0, "options": record.options,
             "status": WAITING if seating.open_seats(record) else "active", "seats": seats,
             "admin_token": admin}, 201, {"Location": location})


def shown_seat(record, seat: int, credential: dict) -> dict:
    """A seat as its game's creator is shown it: its token (a quick game), its invitation
    (the code, and the page that takes it), open to anyone, reserved for a challenged
    player, or who holds it."""
    entry = record.seats[seat]
    if entry.open:
        return {"open": True}
    if entry.challenged:
        return {"challenged": entry.challenged}
    if "invitation" in credential:
        code = credential["invitation"]
        url = request.host_url.rstrip("/") + url_for("pages.invitation", game_id=record.id,
                                                     code=code)
        return {"invitation": {"code": code, "url": url}}
    held_by = "bot" if entry.bot else "player" if entry.player else "email" if entry.email \
        else "token"
    return {**credential, "held_by": held_by, **({"bot": True} if entry.bot else {})}


@bp.get("/v1/games/<game_id>")
def show_game(game_id: str):
    """The game as the bearer sees it; with `after_version=N&wait=S`, held up to S
    seconds until the version passes N (a long poll)."""
    game = play.load_game(store(), game_id)
    seat = seat_of(game.record)
    after, wait = request.args.get("after_version", type=int), request.args.get("wait", type=float)
    if after is not None and wait and game.snapshot.version <= after:
        with waiting():                             # else 429 or 503 with Retry-After
            game.snapshot = store().wait_version(game_id, after, min(wait, MAX_WAIT))
    # one tag per view (issue 11, finding 7): the body differs per seat and for spectators
    viewer = "spectator" if seat is None else f"seat{seat}"
    gave_up = resignation.resigned(game.record)      # changes no version: in the tag
    tag = f"{game.snapshot.version}-{game.snapshot.status}-{viewer}" + \
        "".join(f"-r{gone}" for gone in gave_up)
    headers = {"ETag": f'"{tag}"', "Vary": "Authorization, Cookie"}
    if request.if_none_match.contains_weak(tag):      # RFC 9110 13.1.2: weak, or "*"
        return "", 304, headers
    snap = game.snapshot
    dealt = snap.status != WAITING
    body = {"id": game_id, "game": game.record.game, "version": snap.version,
            "status": snap.status, "to_act": snap.to_act, "seat": seat,
            "players": [s.name for s in game.record.seats], "options": game.record.options,
            "view": game.type.engine.view(game.state, seat) if dealt else NOT_DEALT,
            "result": snap.result,
            "fairness": fairness.public(game.record.seed, game.record.fairness,
                                        snap.status == "finished")}
    if gave_up:
        body["resigned"] = gave_up
    return body, 200, headers


@bp.get("/v1/games/<game_id>/legal-moves")
def legal_moves(game_id: str):
    """The flat list, or with `format=tree` the choice tree (service/games/choice_tree.py),
    with each move's effects while there are at most MAX_EFFECTS (one apply each: a
    Brass turn of 1,541 moves took 5 s); `action=` keeps that action's moves. With
    `at=PATH` (format=tree) the tree below that node, each complete move of its first
    level with its effects, whatever the number of moves (issue 27)."""
    game = play.load_game(store(), game_id)
    seat = seated(game)
    snap, args = game.snapshot, request.args
    key = (game_id, game.record.engine_version, snap.version, snap.status, seat,
           args.get("action"), args.get("at"), args.get("format", "flat"))
    if (body := ANSWERS.get(key)) is None:
        body = ANSWERS.keep(key, current_app.json.encoded(
            answer(game, seat, args.get("action"), key[-1], args.get("at"))))
    return current_app.json.bytes_response(body)


class Answers(OrderedDict):
    """The last MAX_ANSWERS legal-moves answers of this process, least recently used first
    out (issue 10: Brass's enumeration and notation were ~30 % of the API's CPU per turn,
    asked again by every client polling the same version). A version's state never
    changes, so an answer is keyed by game, engine version, version, status, the seat
    (a seat's moves may tell its hidden cards: never shared across seats) and the query.
    Not in Redis: a round trip plus the answer's bytes (a Brass list is ~100 kB) would
    cost about what the enumeration does; the process's memory is free and
    functools.lru_cache cannot be keyed by the game's number while given the game.
    The API keeps each answer encoded, one object the garbage collector does not track:
    as dicts, 256 Brass answers were some 100,000 objects that every full collection
    walked (a pause of 45-100 ms of the whole process, measured under load)."""

    def __init__(self):
        super().__init__()
        self.lock = threading.Lock()    # gunicorn's threads share it: a key another thread
                                        # drops between get and move_to_end is a KeyError

    def get(self, key):
        with self.lock:
            if (body := super().get(key)) is not None:
                self.move_to_end(key)
            return body

    def keep(self, key, body):
        with self.lock:
            self[key] = body
            while len(self) > MAX_ANSWERS:
                self.popitem(last=False)
        return body


ANSWERS = Answers()


def answer(game, seat: int, action: str | None, form: str, at: str | None = None) -> dict:
    engine, snap = game.type.engine, game.snapshot
    moves = play.legal_moves(game, seat)
    if action is not None:
        moves = [m for m in moves if m.get("action") == action]
    if at is not None:
        return level(game, seat, moves, form, at)
    if form == "tree":
        with_effects = len(moves) <= MAX_EFFECTS
        return {"version": snap.version, "game": game.type.id, "effects": with_effects,
                "tree": choice_tree(engine, game.state, seat, moves, with_effects) if moves
                else []}
    return {"version": snap.version, "game": game.type.id, "moves": moves,
            "notation": [engine.format(m) for m in moves]}


def level(game, seat: int, moves: list[dict], form: str, at: str) -> dict:
    """`at=PATH`: the subtree below the node at PATH (the children's indices from the
    root, `0.3`; empty: the root), the complete moves of its first level with their
    effects; 400 naming `at` for a path off the tree or without format=tree."""
    if form != "tree":
        raise problems.ValidationFailed("`at` walks the choice tree: ask with format=tree",
                                        errors=[{"field": "at", "message": "needs format=tree"}])
    engine, path = game.type.engine, [int(step) for step in at.split(".")] if at else []
    under = below(moves, path)
    if under is None:
        raise problems.ValidationFailed(
            f"no node at {at!r} of this version's choice tree",
            errors=[{"field": "at", "message": "a path of child indices within the tree"}])
    node = node_at(choice_tree(engine, game.state, seat, under, with_effects=False),
                   [0] * len(path))
    return {"version": game.snapshot.version, "effects": True, "at": at,
            "tree": with_level_effects(engine, game.state, seat, node["children"])}


@bp.get("/v1/games/<game_id>/log")
def log(game_id: str):
    game = play.load_game(store(), game_id)
    seat = seat_of(game.record)
    since = request.args.get("since", 0, type=int)
    entries = play.redacted_log(store(), game, seat, since)
    changes = game.record.settings.get(seating.SEAT_CHANGES, [])     # outside the rules' log
    return {"version": game.snapshot.version, "game": game.type.id, "entries": entries,
            **({"seat_changes": changes} if changes else {})}


@bp.post("/v1/games/<game_id>/status")
def set_status(game_id: str):
    game = play.load_game(store(), game_id)
    if not seating.is_admin(game.record, bearer()):
        seat_of(game.record)                         # 401 for an unknown token
        raise problems.Forbidden("only the game's admin token may pause or resume it")
    try:
        snap = store().set_status(game_id, request.get_json()["status"])
    except GameFinished as fixed:
        raise problems.GameNotActive(f"the game is {fixed}", status_now=str(fixed)) from None
    feed.announce(current_app.extensions["redis"], game_id)
    if snap.status == "active":
        notify(current_app.extensions["redis"], "on_game_resumed", game_id)
    return {"status": snap.status, "version": snap.version}


def seated(game) -> int:
    """The bearer's seat; a seat's token (or its player's) is required."""
    seat = seat_of(game.record)
    if seat is None and (gave_up := resigned_from(game.record)) is not None:
        raise problems.Forbidden(f"seat {gave_up} resigned: the bot plays it to the end, and "
                                 "its former holder watches the game as anyone may",
                                 errors=[{"field": "Authorization",
                                          "message": "the credential of a resigned seat acts for "
                                                     "nobody"}])
    if seat is None and bearer_player():
        raise problems.Forbidden("this player holds no seat of this game")
    if seat is None:
        raise problems.Unauthorized("send the seat's token as 'Authorization: Bearer <token>' "
                                    "(or open the seat's page from its link)")
    return seat
