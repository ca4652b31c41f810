"""Open seats (issue 30, "Open seats and challenges"): a game created with seats left
open (`players[i].open`, no player bound, no invitation) is listed for strangers, and
any player account joins one of its open seats; the game is dealt when its last seat
is taken (service/handover.py: the same compare-and-set as an invitation taken, so of
two players joining the last seat at once exactly one gets it, the other 409).

The listing is an index on REDIS_URL's Redis, beside the players' inboxes, not with
the game state: two sorted sets of members `<created ms, 13 digits>.<game id>` (all
scores 0, read in lexicographic order, oldest first: the games waiting longest fill
first), one of every listed game and one per game type:

  lobby:games               every game with an open seat
  lobby:games:<game type>   those of one game type

The index only names candidates: each page reads the games' metas where the game
state lives and shows what they hold now, dropping (and unlisting) a game whose open
seats are all taken since, or that is gone. A stranger is shown what any spectator
may read of a game not dealt yet: its type, options, clock, the seats' names and
which are open; no token, address, player id or seed."""
from __future__ import annotations

import json
import re

from service import bot_seats, feed, handover, players, problems, seating
from service.connection import state_redis
from service.play import load_game
from service.queues import notify
from service.store import WAITING, GameRecord, Store, key, unpacked

LOBBY = "lobby:games"
PAGE = 20                   # games a page holds unless asked (at most 100: openapi.yaml, the contract)
READ_MOST = 500             # listed games one page reads at most (filters may keep few)
BATCH = 100                 # listed games read in one round trip
CURSOR = re.compile(r"^[0-9]{13}\.[0-9a-f]{16}$")

SeatNotOpen = problems.problem(409, "seat-not-open", "The seat is not open")


def lobby_key(game_type: str | None = None) -> str:
    return f"{LOBBY}:{game_type}" if game_type else LOBBY


def member(record: GameRecord) -> str:
    return f"{int(record.created_at * 1000):013d}.{record.id}"


def list_game(conn, record: GameRecord) -> None:
    """List the game while it has a seat open to anyone (at its creation, or a
    challenge declined)."""
    if seating.joinable(record):
        pipe = conn.pipeline()
        for listed in (lobby_key(), lobby_key(record.game)):
            pipe.zadd(listed, {member(record): 0})
        pipe.execute()


def unlist(conn, record: GameRecord) -> None:
    pipe = conn.pipeline()
    for listed in (lobby_key(), lobby_key(record.game)):
        pipe.zrem(listed, member(record))
    pipe.execute()


def shown(record: GameRecord) -> dict:
    """A listed game as a stranger sees it."""
    return {"id": record.id, "game": record.game, "options": record.options,
            "clock": record.settings.get("clock"), "created_at": record.created_at,
            "status": WAITING, "open_seats": seating.joinable(record),
            "seats": [{"seat": i, "name": s.name, "open": s.open} for i, s in enumerate(record.seats)]}


def matches(record: GameRecord, game_type: str | None, options: dict) -> bool:
    return (game_type in (None, record.game) and
            all(record.options.get(name) == value for name, value in options.items()))


def listed(conn, game_type: str | None, options: dict, after: str | None = None,
           limit: int = PAGE) -> tuple[list[dict], str | None]:
    """The open games after the cursor `after` (a member of the index), oldest first,
    of that game type (None: any) whose options hold `options`: at most `limit`, and the
    cursor of the next page (None when no listed game follows). A page reads at most
    READ_MOST listed games, so it may hold fewer than `limit` and still have a next."""
    index, found, start, read = lobby_key(game_type), [], f"({after}" if after else "-", 0
    while read < READ_MOST:
        members = [m.decode() for m in conn.zrangebylex(index, start, "+", 0, BATCH)]
        if not members:
            return found, None
        pipe = state_redis(conn).pipeline(transaction=False)     # where the game state lives
        for listed_member in members:
            pipe.get(key(listed_member.split(".", 1)[1], "meta"))
        for listed_member, raw in zip(members, pipe.execute()):
            read += 1
            record = GameRecord.from_stored(unpacked(raw)) if raw else None
            if record is None or not seating.joinable(record):
                conn.zrem(index, listed_member)                  # dealt, taken or gone since
                if record is not None:
                    unlist(conn, record)
            elif matches(record, game_type, options):
                found.append(shown(record))
            if len(found) == limit:
                return found, listed_member if conn.zrangebylex(
                    index, f"({listed_member}", "+", 0, 1) else None
        start = f"({members[-1]}"
    return found, members[-1] if conn.zrangebylex(index, start, "+", 0, 1) else None


def join(conn, player: dict, game_id: str, seat: int) -> handover.Taken:
    """The player takes the open seat (named after the player from then on); 404 for
    no game in progress or no such seat, 409 for a seat not open (taken since: of two
    players joining the last seat at once, the one whose change came second)."""
    players.room_for_game(conn, player["id"])

    def open_seat(record: GameRecord) -> tuple[int, bool]:
        if not 0 <= seat < len(record.seats):
            raise problems.NotFound(f"game {game_id} has no seat {seat}")
        if not record.seats[seat].open:
            raise SeatNotOpen(f"seat {seat} of game {game_id} is not open: taken by another "
                              "player, or never open", errors=[{"field": "seat", "message":
                                                                 "not an open seat"}])
        return seat, False
    taken = handover.hand_over(conn, game_id, open_seat, player, named=True)
    conn.hset(players.player_key(player["id"], "seats"), game_id, seat)
    if not seating.joinable(taken.record):
        unlist(conn, taken.record)
    return taken


def started(conn, record: GameRecord) -> None:
    """A game just dealt (at creation, or when its last seat is taken): its players
    are told (streams, webhooks, mail) and its bots owed their moves."""
    feed.announce(conn, record.id)
    notify(conn, "on_game_created", record.id)
    if any(s.bot for s in record.seats):
        bot_seats.owe(conn, load_game(Store(conn), record.id))


def option_filter(words: list[str]) -> dict:
    """`option=NAME:VALUE` query words as {name: value}, the value read as JSON where it
    reads (true, 3) and else as text; 400 naming `option` for a word without a colon."""
    found = {}
    for word in words:
        name, colon, value = word.partition(":")
        if not (name and colon):
            message = "NAME:VALUE, e.g. length:introductory"
            raise problems.ValidationFailed(f"option: {word!r} is not {message}",
                                            errors=[{"field": "option", "message": message}])
        try:
            found[name] = json.loads(value)
        except ValueError:
            found[name] = value
    return found
