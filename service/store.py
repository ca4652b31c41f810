"""Every Redis key of the service, through one key function.

A game's keys share the hash tag `{<id>}` so they live in one Redis Cluster slot
and one MULTI/EXEC can update them together:

  game:{id}:meta           zlib of JSON: game type, engine version, options, seed, its commitment, seats
  game:{id}:snapshot       zlib of JSON: version, status, to_act, result, engine state
  game:{id}:log            zlib of the applied moves in columns (log_columns), the events
                           of the last LOG_TAIL only; rewritten whole by each commit
  game:{id}:final          a finished game's meta, snapshot (without its state) and log
                           (without events) in one key, LZMA of their JSON (write_state),
                           in place of those three
  game:{id}:turn:{turn}    JSON: a submitted turn and its outcome, kept IDEMPOTENCY_TTL
  game:{id}:idem:{seat}:{key}  JSON: the turn a seat's Idempotency-Key names, its body
                           digest, kept as long as that turn
  game:{id}:resolved       pub/sub channel: the id of each turn as it is resolved, and
                           the new status at a pause or resume
  turns:pending:{shard-N}  zset "game/turn" -> owed since, or last looked at by the
                           sweeper: turns whose jobs are owed, N = shard(game)
  games:{shard-N}          set: the ids of the games of shard N
  LIMITS:*                 Flask-Limiter's counts per client (service/limits.py)
"""
from __future__ import annotations

import json
import lzma
import secrets
import time
import zlib
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field

import redis

from service import changes
from service.connection import state_redis

# The keys all games share are split in SHARDS, each under a hash tag of its own, so on
# a Redis Cluster they spread over the masters instead of making one hot key (issue 18).
SHARDS = 16
LEGACY_PENDING, LEGACY_INDEX = "turns:pending", "games"     # one key each, before the shards
# A turn record and its Idempotency-Key live this long (issue 18: the log keeps what was
# applied, so a record is needed only while a client may still repeat its submission).
IDEMPOTENCY_TTL = 24 * 3600
# A log entry as stored before log_columns: these short keys for the API's long ones.
OLD_FIELDS = {"seat": "s", "move": "m", "events": "e", "turn": "t", "at": "a"}


def key(game_id: str, *parts: str) -> str:
    return ":".join(("game", "{" + game_id + "}") + parts)


def shard_key(name: str, number: int) -> str:
    return f"{name}:{{shard-{number}}}"


def sharded(name: str, game_id: str) -> str:
    """The key of `name` (a structure all games share) in the game's shard."""
    return shard_key(name, zlib.crc32(game_id.encode()) % SHARDS)


def pending_key(game_id: str) -> str:
    return sharded(LEGACY_PENDING, game_id)


def index_key(game_id: str) -> str:
    return sharded(LEGACY_INDEX, game_id)


def every_shard(name: str) -> list[str]:
    """The keys of `name` ("turns:pending", "games") in every shard, and the one key of
    before the shards (read until it is empty)."""
    return [shard_key(name, n) for n in range(SHARDS)] + [name]


def dumps(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def packed(data) -> bytes:
    """What the meta, snapshot and log keys hold (issue 18, a small footprint): zlib of
    the JSON, a third of its size for a mid-game snapshot and a quarter for a log. A list
    of JSON entries (RPUSH) was measured at 184 B per Brass move against about 30 B here;
    the price is a log read and rewritten whole by each commit (some KB, well under a
    millisecond), and no LRANGE from an offset."""
    return zlib.compress(dumps(data).encode(), 9)


LZMA = b"\x01"           # the head of a finished game's log: raw LZMA2 follows
# lc=0, pb=0 (no literal context, no position bits): 2.5 % smaller than the preset's
# lc=3, pb=2 on JSON (measured on finished 4-seat Brass games: 3,505 B against 3,596 B).
LZMA_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "lc": 0, "pb": 0,
                 "dict_size": 64 << 20}]


def packed_finished(data) -> bytes:
    """A finished game's state, written once: LZMA2 without the .xz container (its 60 B
    of headers), 7 % smaller than zlib's level 9 on a 4-seat Brass game (measured: 3,729
    B against 4,004 B), for a key that is rarely read again. The dictionary is cut to
    the data's size (no match reaches further back, so the output is the same and
    LZMA_FILTERS still reads it): preset 9's 64 MiB made the encoder set up its tables
    for 70 ms on the 35 KB of a finished Brass game, 12 ms with 1 MiB (issue 10: a
    game's last turn)."""
    raw = dumps(data).encode()
    filters = [{**LZMA_FILTERS[0], "dict_size": dictionary_for(len(raw))}]
    return LZMA + lzma.compress(raw, format=lzma.FORMAT_RAW, filters=filters)


def dictionary_for(size: int) -> int:
    """The smallest power of two that holds `size` bytes, from LZMA's least (4 KiB) up to
    the preset's 64 MiB."""
    return min(max(4096, 1 << (size - 1).bit_length()), LZMA_FILTERS[0]["dict_size"])


def unpacked(raw: bytes):
    """The data of packed() or packed_finished(); plain JSON (a key written before issue
    18) is read as it is."""
    if raw[:1] == LZMA:
        return json.loads(lzma.decompress(raw[1:], format=lzma.FORMAT_RAW,
                                          filters=LZMA_FILTERS))
    return json.loads(raw if raw[:1] in (b"{", b"[") else zlib.decompress(raw))


def turn_id(expected_version: int, seat: int) -> str:
    """A new turn's id: 16 hex digits, the version it expects, four zeros, then the
    seat's number, which the log need not keep (log_columns: of a finished 4-seat Ultimate
    Railroads game, 16 random bits a turn were 900 B of 4.1 KB). Unique within its game:
    when another turn holds it (the seat sent one before at this version) Store.queue_turn
    gives the turn a new_turn_id instead. Turns are looked up only with their game's id
    and a seat's token, so an id need not be unguessable; once the records of a seat's
    turns at a version expire (IDEMPOTENCY_TTL), a new turn of the seat at that version
    may take an id one of them had."""
    return f"{expected_version % 2**32:08x}0000{seat:04x}"


def new_turn_id(expected_version: int) -> str:
    """A turn's id when turn_id() is taken: the version it expects, four zeros, then 16
    random bits, drawn again while taken (Store.queue_turn). The log keeps the second
    half of such an id (log_columns): about 2 B a turn after compression, against 8 B
    for 64 random bits."""
    return f"{expected_version % 2**32:08x}0000{secrets.token_hex(2)}"


# Issue 18, a small footprint: an engine's events are most of a log (5 KB of a finished
# 4-seat Industry game's 7.7 KB), and setup + moves replay to the same events
# (service/play.py, logged). So a running game's log keeps the events of its last
# LOG_TAIL entries only, what the readers after each move ask for (the event stream,
# the mails of a move, a seat's page); a finished game keeps none.
LOG_TAIL = 8


def log_columns(entries: list[dict], tail: int | None = None) -> dict:
    """The log as stored: one list per field, so each field compresses among its own
    kind. `t`: "" for the turn of the entry before, null for the turn_id() of its first
    move's version and seat, the second half of an id that begins with that version
    (new_turn_id), else the whole id; `a`:
    milliseconds since the entry before (the first: since the epoch); `b`: why the bot
    played the entry's move, null for a player's, false for an entry stored before `b`
    (whose events cannot be told from the engine's: they are kept); `e`: its events, or
    null before the last `tail` entries (all kept when tail is None) but for those."""
    columns = {"s": [], "m": [], "e": [], "t": [], "a": [], "b": []}
    turn, ms = None, 0
    kept_from = 0 if tail is None else len(entries) - tail
    for number, entry in enumerate(entries):
        now = round(entry["at"] * 1000)
        head = f"{(entry['version'] - 1) % 2**32:08x}"
        columns["s"].append(entry["seat"])
        columns["m"].append(entry["move"])
        bot = entry.get("bot", False)
        columns["e"].append(None if number < kept_from and bot is not False else entry["events"])
        columns["t"].append("" if entry["turn"] == turn else
                            None if entry["turn"] == turn_id(entry["version"] - 1, entry["seat"])
                            else entry["turn"][8:] if entry["turn"][:8] == head else entry["turn"])
        columns["a"].append(now - ms)
        columns["b"].append(bot)
        turn, ms = entry["turn"], now
    return columns


def log_entries(stored) -> list[dict]:
    """The log's entries from log_columns(), or from the list of short-keyed entries
    stored before it. An entry whose events were not kept has `events` None (replayed
    by service/play.py, logged); an entry stored since `b` says its `bot`."""
    if isinstance(stored, list):
        return [{"version": version, **{name: entry[short] for name, short in OLD_FIELDS.items()}}
                for version, entry in enumerate(stored, 1)]
    entries, turn, ms = [], None, 0
    rows = zip(stored["s"], stored["m"], stored["e"], stored["t"], stored["a"])
    bots = stored.get("b") or [False] * len(stored["s"])
    for version, (seat, move, events, part, since) in enumerate(rows, 1):
        turn = turn if part == "" else turn_id(version - 1, seat) if part is None else \
            part if len(part) == 16 else f"{(version - 1) % 2**32:08x}{part}"
        ms += since
        entries.append({"version": version, "seat": seat, "move": move, "events": events,
                        "turn": turn, "at": ms / 1000,
                        **({"bot": bots[version - 1]} if bots[version - 1] is not False else {})})
    return entries


# A turn record as stored: these short keys for the long ones (its id is in its key);
# an outcome's other fields (reason, rule, options...) keep their names.
TURN_FIELDS = {"seat": "s", "expected_version": "x", "moves": "m", "status": "S",
               "submitted_at": "q", "resolved_at": "r", "version": "v"}


def turn_stored(turn: dict) -> str:
    return dumps({TURN_FIELDS.get(name, name): value for name, value in turn.items()
                  if name != "id"})


def turn_loaded(text: bytes, turn_id: str) -> dict:
    """A turn record from turn_stored(), or one stored whole before it (with its id)."""
    data = json.loads(text)
    if "id" in data:
        return data
    names = {short: name for name, short in TURN_FIELDS.items()}
    return {"id": turn_id, **{names.get(short, short): value for short, value in data.items()}}


def claim_stored(claim: dict) -> str:
    return f"{claim['turn']} {claim['digest']}"


def claim_loaded(text: bytes) -> dict:
    """An Idempotency-Key's claim from claim_stored(), or one stored as JSON before it."""
    if text[:1] == b"{":
        return json.loads(text)
    turn, digest = text.decode().split(" ")
    return {"turn": turn, "digest": digest}


@dataclass
class SeatRecord:
    name: str
    token_hash: str              # "" when no seat token holds the seat (service/seating.py)
    email: str | None = None
    player: str | None = None    # the player account bound to the seat (service/players.py)
    bot: bool = False           # played by the game's bot (service/games/bot.py, workers/bots.py)
    invitation: str | None = None   # the hash of the seat's open invitation's code
    epoch: int = 0              # times the seat changed hands (service/handover.py)


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
    def from_stored(cls, data: dict) -> "GameRecord":
        data = dict(data)
        data["seats"] = [SeatRecord(**s) for s in data["seats"]]
        return cls(**data)


@dataclass
class Snapshot:
    version: int
    status: str                  # waiting-for-players | active | paused | finished
    to_act: list[int]
    state: dict | None           # None: not dealt yet (WAITING), or a finished game's
    result: dict | None = None

    def as_dict(self) -> dict:
        """Its fields as stored. Shallow: dataclasses.asdict deep-copied the engine state
        on each commit, 40 % of a worker's CPU for a turn (issue 10)."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    def to_json(self) -> str:
        return dumps(self.as_dict())


STATE = ("meta", "snapshot", "log", "final")


def stored(conn, game_id: str, part: str):
    """A game's meta, snapshot or log (its JSON data), from its own key while the game
    runs, else from the game's `final` key; None if the game has neither."""
    raw = conn.get(key(game_id, part))
    if raw is not None:
        return unpacked(raw)
    final = conn.get(key(game_id, "final"))
    return unpacked(final)[part] if final is not None else None


def write_state(pipe, game_id: str, meta: dict, snapshot: dict, entries: list[dict]) -> None:
    """Queue the writes of a game's state in a MULTI: three zlib keys while it runs; once
    finished, one LZMA key `final` in their place (issue 18: a finished 4-seat Brass game
    measured 4.8 KB in three keys and 3.8 KB in one; their per-key overhead and
    allocation rounding go, and the log's place names and moves share one dictionary
    with the snapshot's). The log keeps the events of its last LOG_TAIL entries while
    the game runs, none once it is finished; a finished game's snapshot keeps its
    version, status and result but not its engine state (about 770 B of a 4-seat
    Ultimate Railroads game's `final`), which setup + moves replay (play.Game.state)."""
    finished = snapshot["status"] == "finished"
    log = log_columns(entries, 0 if finished else LOG_TAIL)
    if finished:
        pipe.set(key(game_id, "final"), packed_finished(
            {"meta": meta, "snapshot": {**snapshot, "state": None}, "log": log}))
        pipe.delete(*(key(game_id, part) for part in STATE[:3]))
    else:
        pipe.set(key(game_id, "snapshot"), packed(snapshot))
        pipe.set(key(game_id, "log"), packed(log))


WAITING = "waiting-for-players"      # a game some of whose invitations are not taken yet


class GameFinished(Exception):
    """A finished game, or one not dealt yet, cannot be paused or resumed; its status."""


class VersionMoved(Exception):
    """The snapshot changed between read and commit (compare-and-set lost)."""


class Store:
    """A game's state and the index of owed turns. `conn` is REDIS_URL's Redis, which
    holds rq's queues and the mail's bookkeeping (kept as `redis`); the game state goes
    to `state`: STATE_REDIS_URL's Redis Cluster when that is set, else `conn` too."""

    def __init__(self, conn: redis.Redis):
        self.redis = conn
        self.state = state_redis(conn)
        self.records: dict[str, GameRecord] = {}    # meta, read once (game_and_snapshot)

    # games -----------------------------------------------------------------
    def create(self, record: GameRecord, snapshot: Snapshot) -> None:
        self.state.sadd(index_key(record.id), record.id)  # first: it tolerates a missing game
        pipe = self.state.pipeline(transaction=True)
        pipe.set(key(record.id, "meta"), packed(asdict(record)), nx=True)
        pipe.set(key(record.id, "snapshot"), packed(snapshot.as_dict()), nx=True)
        pipe.execute()

    def game_ids(self) -> list[str]:
        pipe = self.state.pipeline(transaction=False)
        for index in every_shard(LEGACY_INDEX):
            pipe.smembers(index)
        return sorted({raw.decode() for ids in pipe.execute() for raw in ids})

    def game(self, game_id: str) -> GameRecord | None:
        if game_id not in self.records and (data := stored(self.state, game_id, "meta")):
            self.records[game_id] = GameRecord.from_stored(data)
        return self.records.get(game_id)

    def hand_to_bot(self, game_id: str, seat: int, resigned: bool = False) -> bool:
        """Mark the seat as played by the bot from now on (`resigned`: because its player
        resigned, kept in the game's settings, service/resignation.py); False if it was
        already, or the game is no longer running (its meta folded into `final`)."""
        meta = key(game_id, "meta")

        def change(pipe):
            raw = pipe.get(meta)
            if raw is None:
                return False
            record = GameRecord.from_stored(unpacked(raw))
            if record.seats[seat].bot:
                return False
            record.seats[seat].bot = True
            if resigned:
                record.settings["resigned"] = sorted({*record.settings.get("resigned", []), seat})
            pipe.multi()
            pipe.set(meta, packed(asdict(record)))
            return True
        self.records.pop(game_id, None)
        return bool(self.state.transaction(change, meta, value_from_callable=True))

    def snapshot(self, game_id: str) -> Snapshot | None:
        data = stored(self.state, game_id, "snapshot")
        return Snapshot(**data) if data else None

    def game_and_snapshot(self, game_id: str, turn_id: str | None = None):
        """(record, snapshot, turn) in one round trip (issue 10: a turn's cost is
        mostly round trips to Redis), two for a finished game (its `final` key); None
        for what is not there. The record is kept for this Store's later reads (a
        request's or a job's): a game's meta changes only when a player takes a seat."""
        wanted = [key(game_id, "meta"), key(game_id, "snapshot")]
        if turn_id:
            wanted.append(key(game_id, "turn", turn_id))
        meta, snap, *turn = self.state.mget(wanted)
        meta, snap = (unpacked(meta) if meta else None), (unpacked(snap) if snap else None)
        if meta is None and (final := self.state.get(key(game_id, "final"))) is not None:
            whole = unpacked(final)
            meta, snap = whole["meta"], whole["snapshot"]
        if meta is not None:
            self.records[game_id] = GameRecord.from_stored(meta)
        return (self.records.get(game_id), Snapshot(**snap) if snap else None,
                turn_loaded(turn[0], turn_id) if turn and turn[0] else None)

    def log(self, game_id: str, since: int = 0) -> list[dict]:
        """The applied moves after version `since`."""
        data = stored(self.state, game_id, "log")
        return log_entries(data)[since:] if data else []

    def set_status(self, game_id: str, status: str) -> Snapshot:
        """Pause or resume, compare-and-set against concurrent commits; a finished
        game stays finished, and one waiting for its players stays waiting (GameFinished)."""
        def change(pipe):
            snap = Snapshot(**stored(pipe, game_id, "snapshot"))
            if snap.status in ("finished", WAITING):
                raise GameFinished(snap.status)
            if snap.status != status:
                snap.status = status
                pipe.multi()
                pipe.set(key(game_id, "snapshot"), packed(snap.as_dict()))
                changed.append(status)
            return snap
        changed = []
        snap = self.state.transaction(change, key(game_id, "snapshot"), value_from_callable=True)
        if changed:
            self.announce(game_id, status)
        return snap

    def announce(self, game_id: str, message: str) -> None:
        """Publish on the game's channel, after the EXEC that made the change (a Redis
        Cluster takes no PUBLISH inside MULTI): a waiter subscribes before it looks, so
        it sees the change or this message; one lost with a process killed between the
        two ends its wait at its timeout, as the state then is. On a Redis Cluster the
        channel is sharded (SPUBLISH: only the nodes of the game's slot carry it, where
        PUBLISH goes to every node); on one Redis a plain one (the embedded Redis of
        `pbem dev`, 6.2, has no sharded channels)."""
        if isinstance(self.state, redis.RedisCluster):
            self.state.spublish(key(game_id, "resolved"), message)
        else:
            self.state.publish(key(game_id, "resolved"), message)

    # turns -----------------------------------------------------------------
    def turn(self, game_id: str, turn_id: str) -> dict | None:
        text = self.state.get(key(game_id, "turn", turn_id))
        return turn_loaded(text, turn_id) if text else None

    def claim(self, game_id: str, seat: int, idempotency_key: str) -> dict | None:
        """The turn a seat's Idempotency-Key names (keys are the seat's own)."""
        text = self.state.get(key(game_id, "idem", str(seat), idempotency_key))
        return claim_loaded(text) if text else None

    def queue_turn(self, game_id: str, turn: dict, idempotency: tuple[str, str] | None,
                   now: float) -> dict:
        """Store a queued turn and owe its job. With (key, digest) the key is claimed in
        the same transaction; if it was claimed before, nothing is stored and the
        earlier claim {"turn", "digest"} is returned for the caller to compare. A turn
        id another turn of the game holds (turn_id's, when the seat sent one before at
        this version) is replaced in `turn` by a new_turn_id before anything is stored.
        Without a key, one SET NX per draw, sent with the ZADD that owes the turn
        (owe_and_store; issue 10: a submission's round trips are its cost)."""
        idem_key = key(game_id, "idem", str(turn["seat"]), idempotency[0]) if idempotency else None
        claim = {"turn": turn["id"], "digest": idempotency[1] if idempotency else None}

        def put(pipe):
            if idem_key and (earlier := pipe.get(idem_key)):
                return claim_loaded(earlier)
            if pipe.exists(key(game_id, "turn", turn["id"])):
                return None                     # drawn at once by another turn: look again
            pipe.multi()
            pipe.set(idem_key, claim_stored(claim), ex=IDEMPOTENCY_TTL)
            pipe.set(key(game_id, "turn", turn["id"]), turn_stored(turn), ex=IDEMPOTENCY_TTL)
            return claim
        while True:
            if idem_key is None:
                owed, stored_now = self.owe_and_store(game_id, turn, now)
                if stored_now:
                    return claim
                if owed:                        # the id is another turn's: ours is not owed
                    self.disown(game_id, turn["id"])
            else:
                while self.state.exists(key(game_id, "turn", turn["id"])):  # taken
                    turn["id"] = claim["turn"] = new_turn_id(turn["expected_version"])
                self.owe(game_id, turn["id"], now)
                watched = [idem_key, key(game_id, "turn", turn["id"])]
                result = self.state.transaction(put, *watched, value_from_callable=True)
                if result is not None:
                    break
            turn["id"] = claim["turn"] = new_turn_id(turn["expected_version"])
        if result["turn"] != turn["id"]:
            self.disown(game_id, turn["id"])
        return result

    def disown(self, game_id: str, turn_id: str) -> None:
        """Take back the owing of a turn that was not stored, unless a queued turn holds
        its id: a racing submission of the seat at the version may have stored its turn
        under it while this one's ZADD was the one that owed it (the other's found it
        owed), and that turn must stay owed until its jobs are done."""
        holder = self.turn(game_id, turn_id)
        if holder is None or holder["status"] != "queued":
            self.done_with(game_id, turn_id)

    def owe_and_store(self, game_id: str, turn: dict, now: float) -> tuple[bool, bool]:
        """Owe the turn, then store it unless its id is taken (SET NX): (owed anew,
        stored). On one Redis both go in one round trip, a pipeline that keeps their
        order; on a Redis Cluster, whose pipeline sends each node its own commands at
        once, the owing is acknowledged before the turn is stored (the keys are in
        different slots)."""
        turn_key, text = key(game_id, "turn", turn["id"]), turn_stored(turn)
        if isinstance(self.state, redis.RedisCluster):
            owed = self.owe(game_id, turn["id"], now)
            stored_now = self.state.set(turn_key, text, ex=IDEMPOTENCY_TTL, nx=True)
        else:
            pipe = self.state.pipeline(transaction=False)
            pipe.zadd(pending_key(game_id), {f"{game_id}/{turn['id']}": now}, nx=True)
            pipe.set(turn_key, text, ex=IDEMPOTENCY_TTL, nx=True)
            owed, stored_now = pipe.execute()
        return bool(owed), bool(stored_now) or self.ours(turn_key, text)

    def ours(self, turn_key: str, text: str) -> bool:
        """Whether the turn key holds this very record (its submitted_at is this
        submission's): the SET NX that failed was redis-py's retry of our own, whose
        first try was applied and its answer lost with the connection (issue 25: the
        retry drew another id, and one submission became two turns)."""
        return self.state.get(turn_key) == text.encode()

    def owe(self, game_id: str, turn_id: str, now: float) -> bool:
        """Index a turn whose jobs are not yet done (a global key, outside the
        game's slot, so it is written before the turn itself; the sweeper drops an
        entry whose turn never appeared). True if it was not owed yet."""
        return bool(self.state.zadd(pending_key(game_id), {f"{game_id}/{turn_id}": now}, nx=True))

    def commit(self, game_id: str, turn_id: str, expected: Snapshot, new: Snapshot,
               entries: list[dict], outcome: dict) -> dict | None:
        """Atomically: the new snapshot, the log entries and the turn's outcome, only
        while the snapshot is still `expected` (its version and status: a pause that
        lands meanwhile wins) and the turn still queued; the turn as stored if this
        call wrote it, else None.

        redis-py reports a connection dropped between WATCH and EXEC as a WatchError,
        like a lost race (issue 10, finding 4), so a WatchError only means "look again":
        redis-py's transaction loop re-reads, and VersionMoved is raised only when the
        snapshot really moved. An EXEC that landed before its reply was lost finds its
        turn resolved on the second look and writes nothing twice. The log changes
        only with the snapshot's version, which is watched, so it is read and rewritten
        here whole. Three round trips: WATCH, one MGET, MULTI..EXEC (with the PUBLISH,
        announce_in)."""
        snap_key, turn_key = key(game_id, "snapshot"), key(game_id, "turn", turn_id)

        def put(pipe):
            snap, raw_turn, log, meta = self.values(pipe, snap_key, turn_key, key(game_id, "log"),
                                                    key(game_id, "meta"))
            if snap is None:                            # finished meanwhile: one key
                raise VersionMoved(stored(pipe, game_id, "snapshot")["version"])
            current, turn = unpacked(snap), turn_loaded(raw_turn, turn_id)
            if turn["status"] != "queued":
                return None                             # resolved by an earlier run
            if (current["version"], current["status"]) != (expected.version, expected.status):
                raise VersionMoved(current["version"])
            whole = (log_entries(unpacked(log)) if log else []) + entries
            resolved = {**turn, **outcome}
            pipe.multi()
            write_state(pipe, game_id, unpacked(meta), new.as_dict(), whole)
            pipe.set(turn_key, turn_stored(resolved), keepttl=True)
            self.announce_in(pipe, game_id, turn_id)
            return resolved
        # meta watched too: a seat bound to a player meanwhile (players.accept) must not
        # be lost when the finishing commit moves meta into `final`
        return self.announced(game_id, turn_id, self.state.transaction(
            put, snap_key, turn_key, key(game_id, "meta"), value_from_callable=True))

    def values(self, pipe, *keys: str) -> list:
        """The keys' values, read inside a transaction: one MGET (a cluster pipeline takes
        no MGET: one GET each there)."""
        if isinstance(self.state, redis.RedisCluster):
            return [pipe.get(name) for name in keys]
        return pipe.mget(*keys)

    def announce_in(self, pipe, game_id: str, message: str) -> None:
        """On one Redis, the announcement of a change made in a MULTI goes in that MULTI:
        a subscriber gets it once EXEC has applied the change, and it costs no round trip
        of its own (issue 10). A Redis Cluster takes no PUBLISH inside MULTI: there
        announced() publishes after EXEC."""
        if not isinstance(self.state, redis.RedisCluster):
            pipe.publish(key(game_id, "resolved"), message)

    def announced(self, game_id: str, turn_id: str, resolved: dict | None) -> dict | None:
        if resolved and isinstance(self.state, redis.RedisCluster):
            self.announce(game_id, turn_id)
        return resolved

    def reject(self, game_id: str, turn_id: str, outcome: dict) -> dict | None:
        """Mark a queued turn rejected, unless it has been resolved meanwhile: the turn
        as stored if this call wrote it, else None. A rejection changes no snapshot,
        so it needs no compare-and-set on one."""
        turn_key = key(game_id, "turn", turn_id)

        def mark(pipe):
            turn = turn_loaded(pipe.get(turn_key), turn_id)
            if turn["status"] != "queued":
                return None
            resolved = {**turn, **outcome}
            pipe.multi()
            pipe.set(turn_key, turn_stored(resolved), keepttl=True)
            self.announce_in(pipe, game_id, turn_id)
            return resolved
        return self.announced(game_id, turn_id, self.state.transaction(
            mark, turn_key, value_from_callable=True))

    def replace_snapshot(self, game_id: str, snapshot: Snapshot) -> None:
        """Store a rebuilt snapshot, only while the log still has its version's length."""
        def put(pipe):
            log = stored(pipe, game_id, "log")
            if (length := len(log_entries(log)) if log else 0) != snapshot.version:
                raise VersionMoved(length)
            meta = stored(pipe, game_id, "meta")
            pipe.multi()
            write_state(pipe, game_id, meta, snapshot.as_dict(), log_entries(log or []))
        self.state.transaction(put, *(key(game_id, part) for part in STATE))

    @contextmanager
    def changes(self, game_id: str):
        """The game's channel, subscribed: each commit, rejection and pause or resume
        publishes on it. Subscribe before looking, so nothing after the look is missed.
        On one Redis, every waiter of this process shares one subscription
        (service/changes.py).
        On a Redis Cluster (SSUBSCRIBE) the channel given is the plain pub/sub of the
        node of the game's slot: redis-py's cluster pub/sub reads sharded messages
        without a timeout, and drops them all when told to ignore subscribe messages."""
        channel_key = key(game_id, "resolved")
        opened = []
        try:
            if isinstance(self.state, redis.RedisCluster):
                channel = self.state.pubsub(ignore_subscribe_messages=True)
                opened.append(channel)
                channel.ssubscribe(channel_key)
                node = channel.node_pubsub_mapping[self.state.get_node_from_key(channel_key).name]
                node.ignore_subscribe_messages = True
                opened.append(node)          # the cluster's close() leaves it open
                yield node
            else:
                with changes.hub(self.state).waiting(channel_key) as shared:
                    yield shared
        finally:
            for each in opened:
                each.close()

    def shared(self, game_id: str, what, compute):
        """compute(), shared by every waiter of the game in this process until the
        game's next change (service/changes.py, Hub.memo; on a Redis Cluster each
        waiter computes its own); call it inside changes()."""
        if isinstance(self.state, redis.RedisCluster):
            return compute()
        return changes.hub(self.state).memo(key(game_id, "resolved"), what, compute)

    def wait_for(self, game_id: str, seconds: float, look, ready, first=None):
        """look() once ready(look()) holds, or as it is after `seconds`; looked at again
        at each message on the game's channel (no polling). `first`: what stands for
        the first look, called once subscribed (submit_and_wait)."""
        with self.changes(game_id) as channel:
            deadline = time.monotonic() + seconds
            value = (first or look)()
            while not ready(value) and (left := deadline - time.monotonic()) > 0:
                if channel.get_message(timeout=left):
                    value = look()
            return value

    def wait_resolved(self, game_id: str, turn_id: str, seconds: float) -> dict:
        """The turn once resolved, or as it is after `seconds`."""
        return self.wait_for(game_id, seconds, lambda: self.turn(game_id, turn_id),
                             lambda turn: turn["status"] != "queued")

    def submit_and_wait(self, game_id: str, submit, seconds: float) -> dict:
        """submit() (a turn, as service.play.submit_turn answers it) made once the game's
        channel is subscribed, then the turn once resolved, or as it is after `seconds`.
        The turn submit() answers is then a look taken after the subscription: a turn it
        queued is known to be queued without reading it back (issue 10: a round trip of
        every submission that waits). Once submit() has answered, the turn is stored: if
        the store fails while it is waited for, it is answered as submit() did (issue 25:
        not a 503, which would tell the client to send it again)."""
        submitted = []

        def first() -> dict:
            submitted.append(submit())
            return submitted[0]
        try:
            return self.wait_for(game_id, seconds, lambda: self.turn(game_id, submitted[0]["id"]),
                                 lambda turn: turn["status"] != "queued", first=first)
        except redis.RedisError:
            if submitted:
                return submitted[0]
            raise

    def wait_version(self, game_id: str, after: int, seconds: float) -> Snapshot:
        """The snapshot once its version is past `after`, or as it is after `seconds`."""
        return self.wait_for(game_id, seconds, lambda: self.snapshot(game_id),
                             lambda snap: snap.version > after)

    # jobs owed -------------------------------------------------------------
    def pending_turns(self, older_than: float, limit: int | None = None
                      ) -> list[tuple[str, str, float]]:
        """(game, turn, owed or last looked at) for each turn owed and not looked at
        since before `older_than`, the oldest first, at most `limit`: the oldest `limit`
        of each shard, merged. An entry of the key of before the shards moves to its
        shard."""
        pipe = self.state.pipeline(transaction=False)
        for index in every_shard(LEGACY_PENDING):
            pipe.zrangebyscore(index, "-inf", older_than, withscores=True,
                               start=0 if limit else None, num=limit)
        *sharded, legacy = pipe.execute()
        for member, since in legacy:
            game_id = member.decode().split("/", 1)[0]
            self.state.zadd(pending_key(game_id), {member: since}, nx=True)
            self.state.zrem(LEGACY_PENDING, member)
        members = sorted((m for found in (*sharded, legacy) for m in found),
                         key=lambda m: m[1])[:limit]
        return [(*m.decode().split("/", 1), since) for m, since in members]

    def owed(self) -> int:
        """How many turns are owed, in every shard."""
        pipe = self.state.pipeline(transaction=False)
        for index in every_shard(LEGACY_PENDING):
            pipe.zcard(index)
        return sum(pipe.execute())

    def looked_at(self, game_id: str, turn_id: str, now: float) -> None:
        """The sweeper saw this owed turn in order now: not looked at again before its
        next pass after `now` (if it is still owed)."""
        self.state.zadd(pending_key(game_id), {f"{game_id}/{turn_id}": now}, xx=True)

    def done_with(self, game_id: str, turn_id: str) -> None:
        self.state.zrem(pending_key(game_id), f"{game_id}/{turn_id}")
