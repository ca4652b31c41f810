"""Every Redis key of the service, through one key function.

A game's keys share the hash tag `{<id>}` so they live in one Redis Cluster slot
and one MULTI/EXEC can update them together:

  game:{id}:meta           zlib of JSON: game type, engine version, options, seed, its commitment, seats
  game:{id}:snapshot       zlib of JSON: version, status, to_act, result, engine state
  game:{id}:log            zlib of a JSON list: one entry per applied move, LOG_FIELDS'
                           short keys (the version is its place in the list); rewritten
                           whole by each commit
  game:{id}:turn:{turn}    JSON: a submitted turn and its outcome, kept IDEMPOTENCY_TTL
  game:{id}:idem:{seat}:{key}  JSON: the turn a seat's Idempotency-Key names, its body
                           digest, kept as long as that turn
  game:{id}:resolved       pub/sub channel: the id of each turn as it is resolved, and
                           the new status at a pause or resume
  turns:pending            zset "game/turn" -> owed since, or last looked at by the
                           sweeper: turns whose jobs are owed
  LIMITS:*                 Flask-Limiter's counts per client (service/limits.py)
"""
from __future__ import annotations

import json
import time
import zlib
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field

import redis

PENDING = "turns:pending"
# A turn record and its Idempotency-Key live this long (issue 18: the log keeps what was
# applied, so a record is needed only while a client may still repeat its submission).
IDEMPOTENCY_TTL = 24 * 3600
# A log entry as stored: these short keys (the API shows the long ones, and the version).
LOG_FIELDS = {"seat": "s", "move": "m", "events": "e", "turn": "t", "at": "a"}


def key(game_id: str, *parts: str) -> str:
    return ":".join(("game", "{" + game_id + "}") + parts)


def dumps(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def packed(data) -> bytes:
    """What the snapshot and the log keys hold (issue 18, a small footprint): zlib of the
    JSON, a third of its size for a mid-game snapshot and a quarter for a log. A list of
    JSON entries (RPUSH) was measured at 184 B per Brass move against about 45 B here;
    the price is a log read and rewritten whole by each commit (some KB, well under a
    millisecond), and no LRANGE from an offset."""
    return zlib.compress(dumps(data).encode(), 9)


def unpacked(raw: bytes):
    """The data of packed(); plain JSON (a key written before issue 18) is read as it is."""
    return json.loads(raw if raw[:1] in (b"{", b"[") else zlib.decompress(raw))


def pack_entry(entry: dict) -> dict:
    return {short: entry[name] for name, short in LOG_FIELDS.items()}


def unpack_entry(packed: dict, version: int) -> dict:
    return {"version": version, **{name: packed[short] for name, short in LOG_FIELDS.items()}}


@dataclass
class SeatRecord:
    name: str
    token_hash: str
    email: str | None = None
    bot: bool = False           # played by the game's bot (service/games/bot.py, workers/bots.py)


@dataclass
class GameRecord:
    id: str
    game: str
    engine_version: str
    options: dict
    seed: int
    seats: list[SeatRecord]
    admin_hash: str
    created_at: float
    settings: dict = field(default_factory=dict)   # platform settings outside the rules
    fairness: dict = field(default_factory=dict)   # seed's salt, commitment (service/fairness.py)

    @classmethod
    def from_stored(cls, raw: bytes) -> "GameRecord":
        data = unpacked(raw)
        data["seats"] = [SeatRecord(**s) for s in data["seats"]]
        return cls(**data)


@dataclass
class Snapshot:
    version: int
    status: str                  # active | paused | finished
    to_act: list[int]
    state: dict
    result: dict | None = None

    def to_json(self) -> str:
        return dumps(asdict(self))


class GameFinished(Exception):
    """A finished game cannot be paused or resumed."""


class VersionMoved(Exception):
    """The snapshot changed between read and commit (compare-and-set lost)."""


class Store:
    def __init__(self, conn: redis.Redis):
        self.redis = conn

    # games -----------------------------------------------------------------
    def create(self, record: GameRecord, snapshot: Snapshot) -> None:
        self.redis.sadd("games", record.id)    # the index first: it tolerates a missing game
        pipe = self.redis.pipeline(transaction=True)
        pipe.set(key(record.id, "meta"), packed(asdict(record)), nx=True)
        pipe.set(key(record.id, "snapshot"), packed(asdict(snapshot)), nx=True)
        pipe.execute()

    def game_ids(self) -> list[str]:
        return [raw.decode() for raw in self.redis.smembers("games")]

    def game(self, game_id: str) -> GameRecord | None:
        text = self.redis.get(key(game_id, "meta"))
        return GameRecord.from_stored(text) if text else None

    def hand_to_bot(self, game_id: str, seat: int) -> bool:
        """Mark the seat as played by the bot from now on; False if it was already."""
        meta = key(game_id, "meta")

        def change(pipe):
            record = GameRecord.from_stored(pipe.get(meta))
            if record.seats[seat].bot:
                return False
            record.seats[seat].bot = True
            pipe.multi()
            pipe.set(meta, packed(asdict(record)))
            return True
        return bool(self.redis.transaction(change, meta, value_from_callable=True))

    def snapshot(self, game_id: str) -> Snapshot | None:
        raw = self.redis.get(key(game_id, "snapshot"))
        return Snapshot(**unpacked(raw)) if raw else None

    def log(self, game_id: str, since: int = 0) -> list[dict]:
        """The applied moves after version `since`."""
        raw = self.redis.get(key(game_id, "log"))
        entries = unpacked(raw)[since:] if raw else []
        return [unpack_entry(e, since + i + 1) for i, e in enumerate(entries)]

    def set_status(self, game_id: str, status: str) -> Snapshot:
        """Pause or resume, compare-and-set against concurrent commits; a finished
        game stays finished (GameFinished)."""
        def change(pipe):
            snap = Snapshot(**unpacked(pipe.get(key(game_id, "snapshot"))))
            if snap.status == "finished":
                raise GameFinished(game_id)
            if snap.status != status:
                snap.status = status
                pipe.multi()
                pipe.set(key(game_id, "snapshot"), packed(asdict(snap)))
                pipe.publish(key(game_id, "resolved"), status)
            return snap
        return self.redis.transaction(change, key(game_id, "snapshot"), value_from_callable=True)

    # turns -----------------------------------------------------------------
    def turn(self, game_id: str, turn_id: str) -> dict | None:
        text = self.redis.get(key(game_id, "turn", turn_id))
        return json.loads(text) if text else None

    def claim(self, game_id: str, seat: int, idempotency_key: str) -> dict | None:
        """The turn a seat's Idempotency-Key names (keys are the seat's own)."""
        text = self.redis.get(key(game_id, "idem", str(seat), idempotency_key))
        return json.loads(text) if text else None

    def queue_turn(self, game_id: str, turn: dict, idempotency: tuple[str, str] | None,
                   now: float) -> dict:
        """Store a queued turn and owe its job. With (key, digest) the key is claimed in
        the same transaction; if it was claimed before, nothing is stored and the
        earlier claim {"turn", "digest"} is returned for the caller to compare."""
        idem_key = key(game_id, "idem", str(turn["seat"]), idempotency[0]) if idempotency else None
        claim = {"turn": turn["id"], "digest": idempotency[1] if idempotency else None}

        def put(pipe):
            if idem_key and (earlier := pipe.get(idem_key)):
                return json.loads(earlier)
            pipe.multi()
            if idem_key:
                pipe.set(idem_key, dumps(claim), ex=IDEMPOTENCY_TTL)
            pipe.set(key(game_id, "turn", turn["id"]), dumps(turn), ex=IDEMPOTENCY_TTL)
            return claim
        self.owe(game_id, turn["id"], now)      # owed before it exists: never stored unowed
        watched = [idem_key] if idem_key else []
        result = self.redis.transaction(put, *watched, value_from_callable=True)
        if result["turn"] != turn["id"]:
            self.done_with(game_id, turn["id"])
        return result

    def owe(self, game_id: str, turn_id: str, now: float) -> None:
        """Index a turn whose jobs are not yet done (a global key, outside the
        game's slot, so it is written before the turn itself; the sweeper drops an
        entry whose turn never appeared)."""
        self.redis.zadd(PENDING, {f"{game_id}/{turn_id}": now}, nx=True)

    def commit(self, game_id: str, turn_id: str, expected: Snapshot, new: Snapshot,
               entries: list[dict], outcome: dict) -> bool:
        """Atomically: the new snapshot, the log entries and the turn's outcome, only
        while the snapshot is still `expected` (its version and status: a pause that
        lands meanwhile wins) and the turn still queued; True if this call wrote it.

        redis-py reports a connection dropped between WATCH and EXEC as a WatchError,
        like a lost race (issue 10, finding 4), so a WatchError only means "look again":
        redis-py's transaction loop re-reads, and VersionMoved is raised only when the
        snapshot really moved. An EXEC that landed before its reply was lost finds its
        turn resolved on the second look and writes nothing twice. The log changes
        only with the snapshot's version, which is watched, so it is read and rewritten
        here whole."""
        snap_key, turn_key = key(game_id, "snapshot"), key(game_id, "turn", turn_id)
        log_key = key(game_id, "log")

        def put(pipe):
            current = unpacked(pipe.get(snap_key))
            turn = json.loads(pipe.get(turn_key))
            if turn["status"] != "queued":
                return                                  # resolved by an earlier run
            if (current["version"], current["status"]) != (expected.version, expected.status):
                raise VersionMoved(current["version"])
            log = pipe.get(log_key)
            whole = (unpacked(log) if log else []) + [pack_entry(e) for e in entries]
            pipe.multi()
            pipe.set(snap_key, packed(asdict(new)))
            pipe.set(log_key, packed(whole))
            pipe.set(turn_key, dumps({**turn, **outcome}), keepttl=True)
            pipe.publish(key(game_id, "resolved"), turn_id)
            return True
        return bool(self.redis.transaction(put, snap_key, turn_key, value_from_callable=True))

    def reject(self, game_id: str, turn_id: str, outcome: dict) -> bool:
        """Mark a queued turn rejected, unless it has been resolved meanwhile (False). A
        rejection changes no snapshot, so it needs no compare-and-set on one."""
        turn_key = key(game_id, "turn", turn_id)

        def mark(pipe):
            turn = json.loads(pipe.get(turn_key))
            if turn["status"] == "queued":
                pipe.multi()
                pipe.set(turn_key, dumps({**turn, **outcome}), keepttl=True)
                pipe.publish(key(game_id, "resolved"), turn_id)
                return True
        return bool(self.redis.transaction(mark, turn_key, value_from_callable=True))

    def replace_snapshot(self, game_id: str, snapshot: Snapshot) -> None:
        """Store a rebuilt snapshot, only while the log still has its version's length."""
        snap_key, log_key = key(game_id, "snapshot"), key(game_id, "log")

        def put(pipe):
            log = pipe.get(log_key)
            if (length := len(unpacked(log)) if log else 0) != snapshot.version:
                raise VersionMoved(length)
            pipe.multi()
            pipe.set(snap_key, packed(asdict(snapshot)))
        self.redis.transaction(put, snap_key, log_key)

    @contextmanager
    def changes(self, game_id: str):
        """The game's channel, subscribed: each commit, rejection and pause or resume
        publishes on it. Subscribe before looking, so nothing after the look is missed."""
        channel = self.redis.pubsub(ignore_subscribe_messages=True)
        channel.subscribe(key(game_id, "resolved"))
        try:
            yield channel
        finally:
            channel.close()

    def wait_for(self, game_id: str, seconds: float, look, ready):
        """look() once ready(look()) holds, or as it is after `seconds`; looked at again
        at each message on the game's channel (no polling)."""
        with self.changes(game_id) as channel:
            deadline = time.monotonic() + seconds
            value = look()
            while not ready(value) and (left := deadline - time.monotonic()) > 0:
                if channel.get_message(timeout=left):
                    value = look()
            return value

    def wait_resolved(self, game_id: str, turn_id: str, seconds: float) -> dict:
        """The turn once resolved, or as it is after `seconds`."""
        return self.wait_for(game_id, seconds, lambda: self.turn(game_id, turn_id),
                             lambda turn: turn["status"] != "queued")

    def wait_version(self, game_id: str, after: int, seconds: float) -> Snapshot:
        """The snapshot once its version is past `after`, or as it is after `seconds`."""
        return self.wait_for(game_id, seconds, lambda: self.snapshot(game_id),
                             lambda snap: snap.version > after)

    # jobs owed -------------------------------------------------------------
    def pending_turns(self, older_than: float, limit: int | None = None
                      ) -> list[tuple[str, str, float]]:
        """(game, turn, owed or last looked at) for each turn owed and not looked at
        since before `older_than`, the oldest first, at most `limit`."""
        members = self.redis.zrangebyscore(PENDING, "-inf", older_than, withscores=True,
                                           start=0 if limit else None, num=limit)
        return [(*m.decode().split("/", 1), since) for m, since in members]

    def looked_at(self, game_id: str, turn_id: str, now: float) -> None:
        """The sweeper saw this owed turn in order now: not looked at again before its
        next pass after `now` (if it is still owed)."""
        self.redis.zadd(PENDING, {f"{game_id}/{turn_id}": now}, xx=True)

    def done_with(self, game_id: str, turn_id: str) -> None:
        self.redis.zrem(PENDING, f"{game_id}/{turn_id}")
