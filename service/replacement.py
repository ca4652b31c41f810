"""A running game's seat handed to a replacement, or to the bot (issue 30, "Leaving").

- The seat's holder, or the game's admin, makes a replacement invitation for the seat
  (one code at a time: a new one kills the one before). Whoever takes it
  (service/handover.py) gets the seat with a credential of its own; the seat's epoch grows,
  so every credential of the player it replaces dies at every door (service/seating.py).
  The game's meta keeps the note "Bob took over Ada's seat", which the log's answer and the
  `seat-taken-over` event carry, and the players are told by mail (workers/notify.py).
- The admin may do either only for a seat that missed at least N deadlines (the turn
  clock's deadline fired for it: workers/clock.py counts them here), N being the game's
  clock option `admin_after_missed` (1..MAX_LIMIT, default DEFAULT_LIMIT); before that the
  answer is 409 `too-few-missed-deadlines` naming how many it missed and N.

None of the four rulebooks speaks of a player replaced (searched for Ersatz, ersetzen,
übernehmen: only tiles and coins are replaced there): this is the platform's, outside
the rules."""
from __future__ import annotations

import time
from dataclasses import asdict

from service import (bot_seats, feed, handed_on, handover, players, problems, resignation, seating,
                     takeback)
from service.connection import state_redis
from service.feed_events import TAKEN_OVER
from service.games.speech import N_, Said
from service.play import Game, load_game
from service.queues import notify
from service.store import WAITING, GameRecord, Store, key, packed, unpacked

DEFAULT_LIMIT, MAX_LIMIT = 3, 20        # openapi.yaml, Clock: admin_after_missed
TooFewMissed = problems.problem(409, "too-few-missed-deadlines",
                                "The seat has not missed enough deadlines for its admin")
ADMIN = "admin"                          # played_by_bot's reason for a seat the admin gave it


def missed_key(game_id: str) -> str:
    return key(game_id, "clock", "missed")


def count_missed(conn, game_id: str, seat: int) -> int:
    """One more deadline the seat missed (called once per deadline that fired)."""
    return conn.hincrby(missed_key(game_id), str(seat), 1)


def missed(conn, record: GameRecord) -> list[int]:
    """The deadlines each seat has missed."""
    counts = {int(s): int(n) for s, n in conn.hgetall(missed_key(record.id)).items()}
    return [counts.get(seat, 0) for seat in range(len(record.seats))]


def limit(record: GameRecord) -> int:
    """N: the missed deadlines after which the admin may hand a seat on."""
    given = (record.settings.get("clock") or {}).get("admin_after_missed", DEFAULT_LIMIT)
    return min(max(1, given), MAX_LIMIT)


def may_hand_on(conn, game: Game, seat: int) -> None:
    """The admin's check: 409 naming how many deadlines the seat missed, and N."""
    count, needed = missed(conn, game.record)[seat], limit(game.record)
    if count < needed:
        raise TooFewMissed(f"seat {seat} missed {count} deadline(s); its admin may hand it on "
                           f"after {needed}", missed=count, needed=needed,
                           errors=[{"field": "seat", "message": f"missed {count} of {needed} "
                                    "deadlines"}])


def check_seat(game: Game, seat: int) -> None:
    """404 for no such seat; 409 for a game not running or a resigned seat."""
    if not 0 <= seat < len(game.record.seats):
        raise problems.NotFound(f"no seat {seat} in this game (it has {len(game.record.seats)})")
    status = game.snapshot.status
    if status in ("finished", WAITING):
        raise problems.GameNotActive(f"the game is {status}: only a running game's seat is "
                                     "handed on", status_now=status)
    if seat in resignation.resigned(game.record):
        raise handover.resigned_seat(seat)


def invite(conn, game: Game, seat: int) -> str:
    """A replacement invitation for the seat, its code shown once; one made before dies."""
    check_seat(game, seat)
    meta = key(game.record.id, "meta")
    code, stored = seating.new_invitation()

    def put(pipe) -> None:
        raw = pipe.get(meta)
        if raw is None:
            raise problems.GameNotActive("the game is finished: only a running game's seat "
                                         "is handed on", status_now="finished")
        record = GameRecord.from_stored(unpacked(raw))
        record.seats[seat].invitation = stored
        pipe.multi()
        pipe.set(meta, packed(asdict(record)))
    state_redis(conn).transaction(put, meta)
    return code


def to_bot(conn, game: Game, seat: int) -> Game:
    """The admin hands the seat to the game's bot (its moves say reason "admin"); the
    seats are told by mail. The seat changes hands: every credential of its holder dies
    (its epoch grows, its token and account are let go, the game leaves the account's
    inbox) and so does a replacement invitation made before, so the absent holder does
    not take it back; its address is let go too, and told once that the seat was
    handed on (no mail of the seat reaches it again); its waiting take-back request is
    withdrawn in the same transaction (service/takeback.py's Withdrawal), the others told.
    409 when the bot plays it already."""
    check_seat(game, seat)
    store, entry = Store(conn), game.record.seats[seat]
    withdrawal = takeback.Withdrawal(game.record.id, seat)     # its holder's take-back goes
    if not store.hand_to_bot(game.record.id, seat, admin=True, left_behind=withdrawal.keys):
        raise problems.Conflict(Said(N_("seat {seat} is played by the bot already"), seat=seat))
    if entry.player is not None:
        conn.hdel(players.player_key(entry.player, "seats"), game.record.id)
    store.announce(game.record.id, ADMIN)
    game = load_game(Store(conn), game.record.id)
    withdrawal.told(conn, game)
    bot_seats.owe(conn, game, reason=ADMIN)
    notify(conn, "on_handed_to_bot", game.record.id, str(seat),
           str(seating.epoch(game.record, seat)), unnamed=(entry.email or "",))
    return game


def taken_over(conn, taken: handover.Taken) -> None:
    """After a replacement took its seat: the player it replaced loses the game from its
    inbox and history, the seat's missed deadlines and mail settings are forgotten (they
    were its old holder's: a mute, a vacation or a language of hers would silence or
    stop the clock of the new holder), and so are the whispers to and from the seat and
    its mutes (service/messages.py); the players are told (streams, webhooks, mail),
    the clock runs for the new holder."""
    if taken.note is None:
        return
    record = taken.record
    if taken.replaced:
        conn.hdel(players.player_key(taken.replaced, "seats"), record.id)
    conn.hdel(missed_key(record.id), str(taken.seat))    # the new holder has missed none
    pipe = conn.pipeline()
    if not taken.talk_left:     # the game state on another Redis: owed in the hand-over
        handed_on.settle(conn, record.id, taken.seat)
    game = load_game(Store(conn), record.id)
    taken.withdrawal.told(conn, game)
    snap = game.snapshot
    feed.tell_players(conn, pipe, record, [{
        "type": TAKEN_OVER, "game": record.id, "game_type": record.game, "version": snap.version,
        "status": snap.status, "to_act": snap.to_act, "at": time.time(),
        "taken_over": taken.note}])
    pipe.execute()
    notify(conn, "on_taken_over", record.id, str(taken.seat), str(taken.note["version"]))
