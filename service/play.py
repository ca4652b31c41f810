"""What the API and the workers do with games: create, authenticate, submit a
turn, resolve it, show it. No HTTP here and no rule bodies: those are the engines'."""
from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
import uuid
import zlib
from collections import OrderedDict
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Callable

import redis

from service import fairness, metrics, problems, seating
from service.taken_back import is_take_back, restored, takers
from service.games.base import GameType, IllegalMove, OptionError, concealed
from service.games.speech import N_, Nn_, Said
from service.games.registry import game_type, game_types
from service.store import (IDEMPOTENCY_TTL, WAITING, GameRecord, SeatRecord, Snapshot, Store,
                           VersionMoved, dumps, turn_id)

log = logging.getLogger(__name__)
WAITING_DETAIL = Said(N_("the game waits for its players: it is dealt when the last of its "
                         "invitations is taken, and takes turns from then on"))


@dataclass
class Game:
    type: GameType
    record: GameRecord
    snapshot: Snapshot
    log: Callable[[], list[dict]] | None = field(default=None, repr=False, compare=False)

    @property
    def state(self):
        """The engine's state; a finished game's, which its `final` key does not keep
        (store.write_state), replayed from setup + its log (`log`: the store's) once
        per process while the game is among the REPLAYS_KEPT read last. A game still
        waiting for its players has none: 409."""
        if self.snapshot.status == WAITING:
            raise problems.GameNotActive(WAITING_DETAIL, status_now=WAITING)
        if self.snapshot.state is None:
            entries, engine = self.log(), self.type.engine
            _events, state = replayed(self, entries, len(entries))
            self.snapshot.state = json.loads(dumps(engine.dump(state)))
        return self.type.engine.load(self.snapshot.state)


def snapshot_of(game: GameType, state, version: int, status: str = "active") -> Snapshot:
    engine = game.engine
    result = engine.result(state)
    return Snapshot(version=version, status="finished" if result is not None else status,
                    to_act=[] if result is not None else list(engine.to_act(state)),
                    state=engine.dump(state), result=result)


def create_game(store: Store, type_id: str, players: list[dict], options: dict | None,
                seed: int | None, settings: dict | None = None, admit=lambda: None,
                invite: bool = False) -> tuple[GameRecord, list[dict], str]:
    """Set up a new game; returns the record, each seat's credential as its creator is
    shown it (once; stored hashed) and the admin token. admit() runs once the request is
    valid, before anything is stored, and may refuse it (the invitation limits).

    A quick game (`invite` false) gives its creator every human seat's token. With
    `invite` (a game created by a player or with an API key, issue 25) the creator is
    given no seat held by someone else (a player's, an address's, a bot's) and an
    invitation for each other seat; such a game is dealt (deal) when its last invitation
    is taken (service/handover.py), until then it is WAITING."""
    game = game_type(type_id)
    if game is None:
        allowed = sorted(game_types())
        raise problems.ValidationFailed(f"unknown game type {type_id!r}; allowed: {allowed}",
                                        errors=[{"field": "game", "message":
                                                 f"unknown game type; allowed: {allowed}"}])
    check_bots(players)
    lobby = [i for i, p in enumerate(players) if p.get("open")]
    if lobby and not invite:
        message = ("a game with open seats is listed for strangers: create it with a "
                   "player's token (or an API key) as 'Authorization: Bearer <token>'")
        raise problems.Unauthorized(message, errors=[{"field": f"players[{i}].open",
                                                      "message": message} for i in lobby])
    if not game.min_seats <= len(players) <= game.max_seats:
        raise problems.ValidationFailed(
            f"{game.name} takes {game.min_seats} to {game.max_seats} players",
            errors=[{"field": "players", "message":
                     f"needs {game.min_seats}..{game.max_seats} entries"}])
    try:
        resolved = game.resolve_options(options, len(players))
    except OptionError as bad:
        raise problems.BadOptions(str(bad), errors=[{"field": f"options.{bad.name}",
                                                     "message": bad.reason}]) from None
    admit()
    admin, admin_hash = seating.new_token()
    seats, shown = zip(*(new_seat(p, i, invite) for i, p in enumerate(players)))
    record = GameRecord(
        id=uuid.uuid4().hex[:16], game=game.id, engine_version=game.engine_version,
        options=resolved, seed=0, admin_hash=admin_hash, created_at=time.time(),
        seats=list(seats), settings=settings or {})
    if seating.open_seats(record):
        if seed is not None:            # drawn with at the deal (fairness.draw)
            record.settings["seed"] = seed
        snapshot = Snapshot(version=0, status=WAITING, to_act=[], state=None)
    else:
        snapshot = deal(game, record, seed)
    store.create(record, snapshot)
    return record, list(shown), admin


def new_seat(player: dict, seat: int, invite: bool) -> tuple[SeatRecord, dict]:
    """A new game's seat and the credential its creator is shown: a seat token, an
    invitation code, or nothing (the seat is held by its player, address or bot)."""
    record = SeatRecord(seat_name(player, seat), "", player.get("email"), player.get("player"),
                        bool(player.get("bot")), open=bool(player.get("open")),
                        challenged=player.get("challenge"))
    if record.bot or record.open or record.challenged or (invite and (record.player or record.email)):
        return record, {}
    if invite:
        code, record.invitation = seating.new_invitation()
        return record, {"invitation": code}
    token, record.token_hash = seating.new_token()
    return record, {"token": token}


def deal(game: GameType, record: GameRecord, seed: int | None) -> Snapshot:
    """The cards dealt: the seed drawn (with the client's, if one was given) and committed
    in `record`, and the engine's first snapshot."""
    record.seed, record.fairness = fairness.draw(seed)
    state = game.engine.setup(record.options, len(record.seats), record.seed)
    return snapshot_of(game, state, version=0)


def seat_name(player: dict, seat: int) -> str:
    """A bot's seat may go unnamed: "Bot 2" for the second seat; so may an open seat
    ("Open seat 2"), named after its player once joined (service/lobby.py)."""
    return player.get("name") or f"{'Open seat' if player.get('open') else 'Bot'} {seat + 1}"


def check_bots(players: list[dict]) -> None:
    """Every seat but a bot's, an open one's or a challenged one's has a name; a bot
    seat (`{"bot": true}`) takes no address: nobody reads its mail. An open seat
    (`{"open": true}`) is held by nobody: it takes no address, player, bot nor challenge."""
    for i, player in enumerate(players):
        crowded = [name for name in ("player", "email", "bot", "challenge") if player.get(name)]
        if player.get("open") and crowded:
            raise problems.ValidationFailed(
                f"players[{i}] is an open seat and takes no {crowded[0]}",
                errors=[{"field": f"players[{i}].{crowded[0]}",
                         "message": "an open seat is held by nobody until a player joins it"}])
        if player.get("open"):
            continue
        if not player.get("bot") and not player.get("name"):
            raise problems.ValidationFailed(
                f"players[{i}] needs a name (only a bot's seat may go unnamed)",
                errors=[{"field": f"players[{i}].name", "message": "is required"}])
        if player.get("bot") and player.get("email"):
            raise problems.ValidationFailed(
                f"players[{i}] is a bot and takes no email",
                errors=[{"field": f"players[{i}].email", "message": "a bot seat takes no email"}])


def load_game(store: Store, game_id: str, record: GameRecord | None = None,
              snapshot: Snapshot | None = None) -> Game:
    """The game (its type, record and snapshot) as the engine it pins can play it;
    `record` and `snapshot` when the caller has read them (Store.game_and_snapshot)."""
    if record is None:
        record, snapshot, _ = store.game_and_snapshot(game_id)
    if record is None:
        raise problems.NotFound(f"no game {game_id}")
    game = game_type(record.game)
    if game is None or game.engine_version != record.engine_version:
        raise problems.EnginePinned(
            f"game {game_id} was started under {record.game} engine {record.engine_version}; "
            f"this server runs {game.engine_version if game else 'no such game type'}")
    return Game(game, record, snapshot, lambda: store.log(game_id))


def legal_moves(game: Game, seat: int) -> list[dict]:
    """The seat's legal moves now: none unless the game is active and the seat to act."""
    snap = game.snapshot
    if snap.status != "active" or seat not in snap.to_act:
        return []
    return game.type.engine.legal_moves(game.state, seat)


class MayBeStored(Exception):
    """Issue 25: the store failed while a turn was being stored (the write may have been
    applied and its answer lost): it may be stored, and then it will be resolved as any
    other. A repeat with the same Idempotency-Key is stored and applied at most once; an
    rq job that fails so is retried with its key."""


def submit_turn(store: Store, enqueue, game_id: str, seat: int, expected_version: int,
                moves: list[dict], idempotency_key: str | None = None,
                game: Game | None = None, bot: str | None = None) -> tuple[dict, bool]:
    """Queue a turn for the seat; returns (turn, created). A repeated Idempotency-Key
    with the same body returns the earlier turn, whatever happened since; with
    another body it is refused. `game` spares a second read when the caller has it.
    `bot` (why the bot plays: "seat", "deadline") marks a turn the bot submits: its
    log entries say so (`played_by_bot`)."""
    game = game or load_game(store, game_id)
    digest = hashlib.sha256(dumps({"seat": seat, "expected_version": expected_version,
                                   "moves": moves}).encode()).hexdigest()[:32]   # 128 bits

    def repeat(claim: dict) -> tuple[dict, bool]:
        if claim["digest"] != digest:
            raise problems.IdempotencyConflict(
                f"Idempotency-Key {idempotency_key!r} was used with another body")
        earlier = store.turn(game_id, claim["turn"])
        if earlier is None:         # expired between the two reads: the window has passed
            raise problems.NotFound(f"the turn Idempotency-Key {idempotency_key!r} named is "
                                    f"past its {IDEMPOTENCY_TTL // 3600} h window; the log "
                                    f"shows what was applied")
        if earlier["status"] == "queued":
            enqueue(game_id, claim["turn"], True)   # unless its job waits: owing it again is harmless
        return earlier, False

    if idempotency_key and (earlier := store.claim(game_id, seat, idempotency_key)):
        return repeat(earlier)
    may_move(game.snapshot, seat, expected_version)
    turn = {"id": turn_id(expected_version, seat), "seat": seat,
            "expected_version": expected_version, "moves": moves, "status": "queued",
            "submitted_at": time.time(), **({"bot": bot} if bot else {})}
    try:
        claim = store.queue_turn(game_id, turn, (idempotency_key, digest) if idempotency_key
                                 else None, time.time())
    except redis.ResponseError:     # Redis refused the write (out of memory, cluster down,
        raise                       # slot moving): nothing of the turn is stored, a 503
    except redis.RedisError as failed:  # the answer lost with the connection: it may be
        raise MayBeStored(game_id, turn["id"]) from failed
    if claim["turn"] != turn["id"]:
        return repeat(claim)
    metrics.TURNS_SUBMITTED.labels(game.type.id).inc()
    try:
        enqueue(game_id, turn["id"])
    except redis.RedisError:    # stored and owed (turns:pending): the sweeper enqueues it
        log.warning("turn %s of game %s is stored but its job could not be enqueued; the "
                    "sweep of owed turns enqueues it", turn["id"], game_id, exc_info=True)
    return turn, True


def may_move(snap: Snapshot, seat: int, expected_version: int) -> None:
    """Raises the problem refusing a turn (or its preview) of the seat now."""
    if snap.status == WAITING:
        raise problems.GameNotActive(WAITING_DETAIL, status_now=snap.status)
    if snap.status != "active":
        raise problems.GameNotActive(is_now(snap.status), status_now=snap.status)
    if expected_version != snap.version:
        raise problems.StaleVersion(
            Said(N_("expected_version {expected} but the game is at {current}"),
                 expected=expected_version, current=snap.version),
            **stale_fields(expected_version, snap.version))
    if seat not in snap.to_act:
        raise problems.NotYourMove(Said(N_("seat {seat} is not to act; to act: {to_act}"),
                                        seat=seat, to_act=snap.to_act))


def is_now(status: str) -> Said:
    """Why a game takes no turn: its status ("paused", "finished": the catalogue's
    words for a status, workers/mail/notices.status_word)."""
    return Said(N_("the game is {status}"), status=Said(status))


def preview_turn(game: Game, seat: int, expected_version: int, moves: list[dict]) -> dict:
    """Issue 15, the dry run: the moves applied as a worker applies a turn (play_moves)
    to the game's state as the seat may know it (base.concealed: what it cannot know
    dealt anew at random), nothing stored. Answers the refusal as a turn's, or the
    seat's view after them, the log entries as the seat would read them and its legal
    moves of the next step; whatever they draw from a hidden source is a guess."""
    may_move(game.snapshot, seat, expected_version)
    engine = game.type.engine
    guess = engine.dump(concealed(engine, game.state, seat))
    played = play_moves(replace(game, snapshot=replace(game.snapshot, state=guess)),
                        {"seat": seat, "moves": moves}, "preview")
    if isinstance(played, dict):
        return {k: v for k, v in played.items() if k != "resolved_at"}
    snap, entries, _outcome = played
    state = engine.load(snap.state)
    legal = engine.legal_moves(state, seat) if seat in snap.to_act else []
    return {"status": "playable", "version": snap.version, "game_status": snap.status,
            "to_act": snap.to_act, "result": snap.result, "view": engine.view(state, seat),
            "entries": [{"version": e["version"], "seat": e["seat"], "move": e["move"],
                         "events": e["events"], "notation": engine.format(e["move"])}
                        for e in (game.type.redact(entry, seat) for entry in entries)],
            "legal_moves": legal, "notation": [engine.format(m) for m in legal],
            "hidden_draws_are_guesses": hasattr(engine, "conceal")}


def rejected(reason: str, rule: str, **detail) -> dict:
    """A rejected turn's outcome; a reason that is a Said keeps its message
    (`reason_message`) for readers of other languages (issue 31)."""
    message = {"reason_message": reason.as_dict()} if isinstance(reason, Said) else {}
    return {"status": "rejected", "resolved_at": time.time(), "reason": str(reason), "rule": rule,
            **message, **detail}


def stale_fields(expected: int, current: int) -> dict:
    """Issue 13, one shape for a stale version: what the 409 of a stale submit and a turn
    found stale when it is resolved both carry."""
    return {"field": "expected_version", "expected_version": expected, "current_version": current}


def stale_outcome(expected: int, current: int) -> dict:
    """A turn found stale when it is resolved: the fields of the 409 a stale submit gets."""
    return rejected(Said(N_("stale version: expected {expected}, the game is at {current}"),
                         expected=expected, current=current),
                    "expected_version", **stale_fields(expected, current))


def resolve_turn(store: Store, game_id: str, turn_id: str) -> dict:
    """Apply a queued turn's moves, all or nothing, and commit with compare-and-set.
    Returns the turn as stored afterwards; a resolved turn is left as it is."""
    record, snap, turn = store.game_and_snapshot(game_id, turn_id)
    if turn is None or turn["status"] != "queued":
        return turn
    try:
        game = load_game(store, game_id, record, snap)
    except problems.EnginePinned as pinned:      # no server of this version can play it
        return store.reject(game_id, turn_id, rejected(pinned.detail, "engine version")) \
            or store.turn(game_id, turn_id)
    if snap.status != "active":
        reject = rejected(is_now(snap.status), "status")
    elif snap.version != turn["expected_version"]:
        reject = stale_outcome(turn["expected_version"], snap.version)
    elif isinstance(played := play_moves(game, turn, turn_id), dict):
        reject = played
    else:
        try:
            if resolved := store.commit(game_id, turn_id, snap, *played):
                metrics.TURNS_APPLIED.labels(game.type.id).inc()
                metrics.TURN_LATENCY.labels(game.type.id).observe(
                    resolved["resolved_at"] - turn["submitted_at"])
                return resolved
        except VersionMoved:        # a turn or a pause landed first: judged again on
            return resolve_turn(store, game_id, turn_id)    # what the game is now
        return store.turn(game_id, turn_id)
    if resolved := store.reject(game_id, turn_id, reject):
        metrics.TURNS_REJECTED.labels(game.type.id).inc()
        return resolved
    return store.turn(game_id, turn_id)


def play_moves(game: Game, turn: dict, turn_id: str):
    """The turn's moves applied in order: (new snapshot, log entries, outcome), or the
    rejection of the first move the rules refuse (or the engine fails on)."""
    engine, state, version = game.type.engine, game.state, game.snapshot.version
    entries = []
    try:
        for move in turn["moves"]:
            if turn["seat"] not in engine.to_act(state):
                raise IllegalMove(Said(Nn_("seat {seat} is not to act after {number} move of this turn",
                                           "seat {seat} is not to act after {number} moves of this turn"),
                                       seat=turn["seat"], number=len(entries)), rule="order of play")
            state, events = engine.apply(state, turn["seat"], move)
            version += 1
            entries.append({"version": version, "seat": turn["seat"], "move": move,
                            "events": with_bot(events, turn["seat"], turn.get("bot")),
                            "turn": turn_id, "at": time.time(), "bot": turn.get("bot")})
    except IllegalMove as refused:
        detail = refused.as_dict()          # its field, made a path in the submitted body
        detail["field"] = f"moves[{len(entries)}]" + (f".{refused.field}" if refused.field else "")
        detail.setdefault("rule", f"{game.type.name} rules")
        return rejected(**detail)
    except Exception:       # an engine bug: deterministic, so a retry would fail the same way
        log.exception("engine %s failed on turn %s of game %s", game.type.id, turn_id,
                      game.record.id)
        return rejected(Said(N_("the rules engine failed on this move; nothing was applied and the "
                                "error is logged for the maintainers")), "engine error",
                        field=f"moves[{len(entries)}]")
    new = snapshot_of(game.type, state, version, game.snapshot.status)
    return new, entries, {"status": "applied", "version": version, "to_act": new.to_act,
                          "game_status": new.status, "resolved_at": time.time()}


def with_bot(events: list[dict], seat: int, bot: str | None) -> list[dict]:
    """A move's events, and if the bot played it, the event that says so and why."""
    return [*events, {"event": "played_by_bot", "seat": seat, "reason": bot}] if bot else events


def logged(store: Store, game: Game, since: int = 0) -> list[dict]:
    """The applied moves after version `since` with their events: those the log did not
    keep (store.LOG_TAIL) replayed from setup, as the engine the game pins played them.
    A move taken back is there, and says by which version and at whose request
    (`taken_back`); the take-back's own entry is not a move (service/taken_back.py)."""
    entries = store.log(game.record.id)
    missing = [entry for entry in entries[since:] if entry["events"] is None]
    if missing:
        events, _state = replayed(game, entries, missing[-1]["version"])
        for entry in missing:
            entry["events"] = with_bot(events[entry["version"] - 1], entry["seat"], entry["bot"])
    undone = takers(entries)
    return [{**{name: value for name, value in entry.items() if name != "bot"},
             **({"taken_back": taken_back_by(game, undone[entry["version"]])}
                if entry["version"] in undone else {})}
            for entry in entries[since:] if not is_take_back(entry)]


def taken_back_by(game: Game, taker: dict) -> dict:
    """What a move taken back says of its take-back: which version, at whose request."""
    name = game.record.seats[taker["seat"]].name
    return {"version": taker["version"], "requested_by": taker["seat"],
            "agreed": taker["move"]["agreed"], "text": f"taken back at the request of {name}"}


# The replays of logged(): per game (the newest REPLAYS_KEPT games read), the engine's
# events of its first moves and its state after them, to go on from at its next read.
# A log never changes what it holds, so nothing here goes stale. One replay of a game at
# a time (its stripe of REPLAY_STRIPES); replays of other games go on beside it, so that
# a client asking for many games' logs holds up no other game's readers but the few that
# share a stripe. REPLAYS_LOCK guards the dict only.
REPLAYS_KEPT = 32
REPLAYS: OrderedDict = OrderedDict()
# Who pays for a replay (issue 25: a finished Brass game's first read cost 0.15-0.4 s of
# CPU, and anyone could ask for game after game): the HTTP layer sets the requesting
# client's budget (service/replay_budget.py), whose admit() refuses a replay once the
# client's CPU allowance is spent and spend(seconds) charges one. Workers and commands
# set none: their replays are free.
replay_budget: ContextVar = ContextVar("replay_budget", default=None)
REPLAYS_LOCK = threading.Lock()
REPLAY_STRIPES = tuple(threading.Lock() for _ in range(64))


@contextmanager
def charged_replay():
    """A replay from setup outside logged()'s (a take-back's plan, service/takeback.py),
    admitted and charged to the client's budget as those are; free where none is set."""
    budget = replay_budget.get()
    if budget is not None:
        budget.admit()
    started = time.thread_time()
    try:
        yield
    finally:
        if budget is not None:
            budget.spend(time.thread_time() - started)


def replay_lock(game_id: str) -> threading.Lock:
    """The stripe of REPLAY_STRIPES that the game's replays hold."""
    return REPLAY_STRIPES[zlib.crc32(game_id.encode()) % len(REPLAY_STRIPES)]


def replayed(game: Game, entries: list[dict], upto: int) -> tuple[list[list[dict]], object]:
    """The engine's events of the game's first `upto` moves, and its state after the
    moves replayed, from setup (or from where this process's last replay of the game
    stopped) as the workers played them: each turn on the state read back from its
    stored JSON (an engine may order what it reports as its dicts are ordered: Age of
    Industry's `flipped` tiles do)."""
    record, engine = game.record, game.type.engine
    budget = replay_budget.get()
    with replay_lock(record.id):
        with REPLAYS_LOCK:
            done = len(REPLAYS.get(record.id, ((),))[0])
        if budget is not None and upto > done:
            budget.admit()                  # before the kept replay is taken out
        with REPLAYS_LOCK:
            events, state, turn = REPLAYS.pop(record.id, ([], None, None))
        todo = entries[len(events):upto]
        started = time.thread_time()
        if state is None:
            state = engine.setup(record.options, len(record.seats), record.seed)
        for entry in todo:
            if is_take_back(entry):         # back to the moves that stand before it
                state, turn = restored(engine, engine.setup(record.options, len(record.seats),
                                                            record.seed),
                                       entries[:entry["version"]]), entry["turn"]
                events.append([])
                continue
            if entry["turn"] != turn:
                state, turn = engine.load(json.loads(dumps(engine.dump(state)))), entry["turn"]
            state, moved = engine.apply(state, entry["seat"], entry["move"])
            events.append(moved)
        spent = time.thread_time() - started
        with REPLAYS_LOCK:
            REPLAYS[record.id] = (events, state, turn)
            while len(REPLAYS) > REPLAYS_KEPT:
                REPLAYS.popitem(last=False)
    if budget is not None and todo:
        budget.spend(spent)
    return events[:upto], state


def redacted_log(store: Store, game: Game, seat: int | None, since: int) -> list[dict]:
    """Applied moves and their events as the seat (None: a spectator) may see them,
    each with the notation of the move it may see (GameType.redact). A finished game
    has published its seed, which tells every card: its log is shown whole, to replay."""
    finished = game.snapshot.status == "finished"
    out = []
    for entry in logged(store, game, since):
        entry = entry if finished else game.type.redact(entry, seat)
        out.append({**entry, "notation": game.type.engine.format(entry["move"])})
    return out


def matches_stored(rebuilt: Snapshot, stored: Snapshot) -> bool:
    """Whether a rebuilt snapshot is the stored one: all of it, or for a finished game,
    whose `final` keeps no state (store.write_state), the rest."""
    return (replace(rebuilt, state=None) if stored.state is None else rebuilt).to_json() \
        == stored.to_json()


ABANDONED = "abandoned"     # a game ended by vote: its settings' key and its result's mark


def abandoned_result(ended: dict) -> dict:
    """The result of a game its players ended by vote (service/end_votes.py, ended:
    the version and the seats that agreed): no scores, no ranking."""
    return {ABANDONED: True, "version": ended["version"], "agreed": ended["agreed"]}


def is_abandoned(result: dict | None) -> bool:
    return bool(result and result.get(ABANDONED))


def rebuild(store: Store, game_id: str) -> Snapshot:
    """The snapshot rebuilt from setup + log, under the engine version the game pins;
    a game not dealt yet has nothing to rebuild (its snapshot as stored)."""
    game = load_game(store, game_id)
    if game.snapshot.status == WAITING:
        return game.snapshot
    record, engine = game.record, game.type.engine
    log = store.log(game_id)
    state = restored(engine, engine.setup(record.options, len(record.seats), record.seed), log)
    if ABANDONED in record.settings:          # ended by vote (service/end_votes.py)
        return Snapshot(len(log), "finished", [], state, abandoned_result(record.settings[ABANDONED]))
    status = game.snapshot.status if game.snapshot.status == "paused" else "active"
    return snapshot_of(game.type, state, len(log), status)
