"""The games and their snapshots: created, read, a seat handed to the bot, paused and
resumed, a rebuilt snapshot stored."""
from __future__ import annotations

from dataclasses import asdict
from typing import Any, Callable

from service.store.keys import LEGACY_INDEX, every_shard, index_key, key
from service.store.packing import packed, unpacked
from service.store.records import (WAITING, GameFinished, GameRecord, Seen, Snapshot, VersionMoved,
                                   turn_loaded)
from service.store.state import STATE, log_entries, stored, write_state


class Games:
    """A game's record (kept in `records` once read) and its snapshot: a part of `Store`
    (service/store/__init__.py), whose `state` is the game state's Redis; a pause or
    resume is announced on the game's channel (channel.py)."""

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

    def hand_to_bot(self, game_id: str, seat: int, resigned: bool = False, admin: bool = False,
                    left_behind: Callable[[Any], list[str]] | None = None) -> bool:
        """Mark the seat as played by the bot from now on (`resigned`: because its player
        resigned, kept in the game's settings, service/resignation.py: the seat changes
        hands, its epoch grows, and every credential of its former holder is a
        spectator's from then on, service/seating.py; `admin`: the game's
        admin took it from its holder, service/replacement.py, so it changes hands: its
        epoch grows, its seat token dies and its player account is unbound, and every
        credential issued for it before dies with them; so does its mail address: no mail of
        the seat, each carrying its hand, reaches the old holder's address again;
        `left_behind`, called in the transaction before its MULTI, names the keys of what
        the old holder leaves behind, deleted in the MULTI: service/takeback.py's
        Withdrawal, for a resignation as for the admin's hand-over).
        Either way a replacement invitation made before dies, so nobody takes the seat
        back with it. False if it was already, or the game is no longer running (its meta
        folded into `final`)."""
        meta = key(game_id, "meta")

        def change(pipe):
            raw = pipe.get(meta)
            if raw is None:
                return False
            record = GameRecord.from_stored(unpacked(raw))
            if record.seats[seat].bot:
                return False
            entry = record.seats[seat]
            entry.bot = True
            if resigned or admin:
                entry.invitation = None
            left = left_behind(pipe) if left_behind else []
            if admin:
                entry.epoch, entry.token_hash, entry.player, entry.email = entry.epoch + 1, "", None, None
            if resigned:
                entry.epoch += 1
                record.settings["resigned"] = sorted({*record.settings.get("resigned", []), seat})
            pipe.multi()
            pipe.set(meta, packed(asdict(record)))
            if left:
                pipe.delete(*left)
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
        request's or a job's): a game's meta changes only when a player takes a seat.
        With a turn, the game's log comes in the same read, and what was read is kept
        (`seen`) for the turn's commit to compare and set in one script (Turns.commit)."""
        wanted = [key(game_id, "meta"), key(game_id, "snapshot")]
        if turn_id:
            wanted += [key(game_id, "turn", turn_id), key(game_id, "log")]
        raw_meta, raw_snap, *raw_turn = self.state.mget(wanted)
        meta, snap = (unpacked(raw_meta) if raw_meta else None), (unpacked(raw_snap) if raw_snap else None)
        if meta is None and (final := self.state.get(key(game_id, "final"))) is not None:
            whole = unpacked(final)
            meta, snap = whole["meta"], whole["snapshot"]
        if meta is not None:
            self.records[game_id] = GameRecord.from_stored(meta)
        snapshot = Snapshot(**snap) if snap else None
        turn = turn_loaded(raw_turn[0], turn_id) if raw_turn and raw_turn[0] else None
        if turn_id and raw_meta and raw_snap and raw_turn[0]:
            self.seen[game_id, turn_id] = Seen(snapshot, raw_snap, raw_turn[0], raw_meta, raw_turn[1])
        return self.records.get(game_id), snapshot, turn

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
