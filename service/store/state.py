"""A game's state as stored: its meta, snapshot and log (the log in columns), each in a
key of its own while it runs, all in one `final` key once it is finished."""
from __future__ import annotations

from service.store.keys import key
from service.store.packing import packed, packed_finished, unpacked
from service.store.records import turn_id

# A log entry as stored before log_columns: these short keys for the API's long ones.
OLD_FIELDS = {"seat": "s", "move": "m", "events": "e", "turn": "t", "at": "a"}

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
    """Queue the writes of a game's state (state_writes) in a MULTI."""
    writes = state_writes(game_id, meta, snapshot, entries)
    for name, value in writes.items():
        if value is not None:
            pipe.set(name, value)
    if gone := [name for name, value in writes.items() if value is None]:
        pipe.delete(*gone)


def state_writes(game_id: str, meta: dict, snapshot: dict, entries: list[dict]) -> dict:
    """A game's state as written, key: value (None: deleted): three zlib keys while it
    runs; once finished, one LZMA key `final` in their place (issue 18: a finished 4-seat
    Brass game measured 4.8 KB in three keys and 3.8 KB in one; their per-key overhead and
    allocation rounding go, and the log's place names and moves share one dictionary
    with the snapshot's). The log keeps the events of its last LOG_TAIL entries while
    the game runs, none once it is finished; a finished game's snapshot keeps its
    version, status and result but not its engine state (about 770 B of a 4-seat
    Ultimate Railroads game's `final`), which setup + moves replay (play.Game.state)."""
    finished = snapshot["status"] == "finished"
    log = log_columns(entries, 0 if finished else LOG_TAIL)
    if finished:
        return {key(game_id, "final"): packed_finished(
                    {"meta": meta, "snapshot": {**snapshot, "state": None}, "log": log}),
                **{key(game_id, part): None for part in STATE[:3]}}
    return {key(game_id, "snapshot"): packed(snapshot), key(game_id, "log"): packed(log)}
