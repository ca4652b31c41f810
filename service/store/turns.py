"""Turns and what is owed: a turn queued (with its Idempotency-Key's claim) and owed its
job, committed or rejected, the index of owed turns the sweeper reads."""
from __future__ import annotations

from typing import Callable

import redis

from service.store.channel import turn_message
from service.store.keys import IDEMPOTENCY_TTL, LEGACY_PENDING, every_shard, key, pending_key
from service.store.packing import unpacked
from service.store.records import (
    Seen,
    Snapshot,
    VersionMoved,
    claim_loaded,
    claim_stored,
    new_turn_id,
    turn_loaded,
    turn_stored,
)
from service.store.state import log_entries, state_writes, stored, write_state

TAKEN_BACK = "taken-back"       # the channel's message when a take-back lands

# A turn's commit while its game is as the worker read it (Turns.commit_as_read): KEYS
# snapshot, turn, meta, log, final; ARGV the snapshot, turn and meta as read, the turn
# resolved, the new snapshot and log (a finished game: "" and its `final`, the three keys
# deleted), the channel to announce it on, the message and how (PUBLISH; SPUBLISH on a
# Redis Cluster, whose game channel is sharded and in the game's slot: issue 32, one
# command and round trip of every turn where it was published after the script).
# 0: something changed since the read, nothing written.
COMMIT_AS_READ = """
local now = redis.call('MGET', KEYS[1], KEYS[2], KEYS[3])
if now[1] ~= ARGV[1] or now[2] ~= ARGV[2] or now[3] ~= ARGV[3] then return 0 end
redis.call('SET', KEYS[2], ARGV[4], 'KEEPTTL')
if ARGV[5] == '' then
  redis.call('SET', KEYS[5], ARGV[6])
  redis.call('DEL', KEYS[1], KEYS[3], KEYS[4])
else
  redis.call('MSET', KEYS[1], ARGV[5], KEYS[4], ARGV[6])
end
redis.call(ARGV[9], ARGV[7], ARGV[8])
return 1
"""


class Turns:
    """A game's turns and the turns owed their jobs: a part of `Store`
    (service/store/__init__.py), whose `state` is the game state's Redis; a resolved
    turn is announced on the game's channel (channel.py)."""

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
        announce_in); one where the game is still as the worker read it to resolve the
        turn (commit_as_read), the common case."""
        snap_key, turn_key = key(game_id, "snapshot"), key(game_id, "turn", turn_id)
        seen = self.seen.pop((game_id, turn_id), None)
        if seen is not None and seen.snapshot is expected and (
                resolved := self.commit_as_read(game_id, turn_id, seen, new, entries, outcome)):
            return resolved

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
            self.announce_in(pipe, game_id, turn_message(turn_id, resolved))
            return resolved
        # meta watched too: a seat bound to a player meanwhile (players.accept) must not
        # be lost when the finishing commit moves meta into `final`
        return self.announced(game_id, turn_id, self.state.transaction(
            put, snap_key, turn_key, key(game_id, "meta"), value_from_callable=True))

    def commit_as_read(self, game_id: str, turn_id: str, seen: Seen, new: Snapshot,
                       entries: list[dict], outcome: dict) -> dict | None:
        """The commit in one script (COMMIT_AS_READ) while the snapshot, the turn and the
        meta are still the bytes the worker read (Games.game_and_snapshot, with the log):
        one round trip and 6 Redis commands where the WATCH transaction takes 3 and 8
        (issue 32). The turn as stored, or None when any of them changed since (or the
        turn was not queued then): commit() then decides as before, under WATCH."""
        turn = turn_loaded(seen.raw_turn, turn_id)
        if turn["status"] != "queued":
            return None
        whole = (log_entries(unpacked(seen.raw_log)) if seen.raw_log else []) + entries
        writes = state_writes(game_id, unpacked(seen.raw_meta), new.as_dict(), whole)
        resolved = {**turn, **outcome}
        publish = "SPUBLISH" if isinstance(self.state, redis.RedisCluster) else "PUBLISH"
        names = [key(game_id, part) for part in ("snapshot", "log", "final")]
        done = self.state.register_script(COMMIT_AS_READ)(
            keys=[names[0], key(game_id, "turn", turn_id), key(game_id, "meta"), *names[1:]],
            args=[seen.raw_snapshot, seen.raw_turn, seen.raw_meta, turn_stored(resolved),
                  writes.get(names[0]) or "", writes.get(names[1]) or writes[names[2]],
                  key(game_id, "resolved"), turn_message(turn_id, resolved), publish])
        return resolved if done else None

    def take_back(self, game_id: str, expected: Snapshot, new: Snapshot, marker: dict,
                  request: tuple[str, ...] = (), decided: Callable | None = None) -> None:
        """Atomically: the snapshot rebuilt without the turns taken back and the log with
        the take-back's entry added (service/takeback.py), only while the snapshot is
        still `expected` (VersionMoved otherwise: a turn landed first) and, for a
        request that waited, while `decided(pipe)` reads its keys (`request`, WATCHed
        too) as still agreed (it raises otherwise: a refusal landed first); those keys
        deleted in the same transaction, so a refusal after it finds nothing to refuse.
        Announced on the game's channel as TAKEN_BACK. The log loses nothing: its new
        entry says what stands no longer."""
        snap_key = key(game_id, "snapshot")

        def put(pipe):
            snap, log, meta = self.values(pipe, snap_key, key(game_id, "log"), key(game_id, "meta"))
            current = unpacked(snap) if snap is not None else stored(pipe, game_id, "snapshot")
            if (current["version"], current["status"]) != (expected.version, expected.status):
                raise VersionMoved(current["version"])
            if decided is not None:
                decided(pipe)
            pipe.multi()
            write_state(pipe, game_id, unpacked(meta), new.as_dict(),
                        log_entries(unpacked(log)) + [marker])
            if request:
                pipe.delete(*request)
            self.announce_in(pipe, game_id, TAKEN_BACK)
        self.state.transaction(put, snap_key, key(game_id, "meta"), *request)
        self.announced(game_id, TAKEN_BACK, {"status": TAKEN_BACK})

    def values(self, pipe, *keys: str) -> list:
        """The keys' values, read inside a transaction: one MGET (a cluster pipeline takes
        no MGET: one GET each there)."""
        if isinstance(self.state, redis.RedisCluster):
            return [pipe.get(name) for name in keys]
        return pipe.mget(*keys)

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
            self.announce_in(pipe, game_id, turn_message(turn_id, resolved))
            return resolved
        return self.announced(game_id, turn_id, self.state.transaction(
            mark, turn_key, value_from_callable=True))

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
