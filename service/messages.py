"""Talk at the table (issue 30): a message to the whole table, or a whisper to one seat.

Messages are not moves: they change no version of the game and never enter the rules'
log. Each is kept in the game's stream of messages on REDIS_URL's Redis (beside the
players' streams and the mail's bookkeeping, not with the game state), the newest KEPT
of them, until KEPT_DAYS after the game's last message:

  game:{id}:messages        a Redis stream, an entry per message (`m`: its JSON)
  game:{id}:mutes:<seat>    set: the seats whose messages the seat does not want
  game:{id}:messages:mailed:<seat>  the id of the last message the seat's mail carried
  game:{id}:messages:held:<seat>    the newest message's id when the seat last changed hands

Who reads what: a table message every seat and every spectator; a whisper its sender
and its addressee only; a seat never sees (nor is pushed, nor mailed) a message of a
seat it muted, but its own messages always. A seat taken over (service/replacement.py)
is its new holder's alone: the whispers to and from it before (its old holder's) and
its old holder's mutes are not the new holder's, the table's messages are. Each message is published on the game's
channel (the game's event streams look again and send it as `event: message`,
service/api/events.py) and written to the streams of the players it reaches
(service/feed.py's player streams). Plain text: at most MAX_LENGTH characters, no
control characters but line breaks and tabs; at most PER_MINUTE a seat and minute
(counted as the mail's limits are, service/mail/limits.py)."""
from __future__ import annotations

import json
import time
import unicodedata

from service import feed, handed_on, problems, seating
from service.feed_events import MESSAGE
from service.games.speech import N_, Said, _
from service.mail import limits, settings
from service.queues import MAIL, RETRY, queue
from service.store import GameRecord, Snapshot, Store, key
from service.talk_keys import KEPT_DAYS, held_key, messages_key, mutes_key

MAX_LENGTH = 1000           # characters in a message
KEPT = 500                  # messages kept per game (the oldest go first)
PAGE = 50                   # messages a page holds unless asked for fewer (at most KEPT)
# Refused in a message: control, format (bidirectional overrides that disguise text),
# surrogate and private-use characters, but line breaks, tabs and the zero-width joiner
# that emoji sequences are made of.
HIDDEN = ("Cc", "Cf", "Cs", "Co")
KEPT_CONTROLS = "\n\t\u200d"


def mailed_key(game_id: str, seat: int) -> str:
    return key(game_id, "messages", "mailed", str(seat))


def game_keys(game_id: str, seats: int) -> list[str]:
    """Every key of the game's talk: its messages, and each seat's mutes and marks."""
    return [messages_key(game_id)] + [key_of(game_id, seat) for seat in range(seats)
                                      for key_of in (mutes_key, mailed_key, held_key)]


def refused(field: str, message: str) -> problems.Problem:
    return problems.ValidationFailed(Said(N_("{field}: {problem}"), field=field, problem=message),
                                     errors=[{"field": field, "message": str(message)}])


def plain(text: str) -> str:
    """The message's text, trimmed; 400 naming `text` for one empty, too long, or with
    a HIDDEN character other than line breaks, tabs and the zero-width joiner."""
    text = text.strip()
    if not text:
        raise refused("text", Said(N_("a message holds some text")))
    if len(text) > MAX_LENGTH:
        raise refused("text", Said(N_("a message is at most {number} characters"), number=MAX_LENGTH))
    if any(unicodedata.category(c) in HIDDEN and c not in KEPT_CONTROLS for c in text):
        raise refused("text", Said(N_("plain text only: no control or invisible formatting characters "
                                      "(bidirectional overrides among them) but line breaks and tabs")))
    return text


def say(conn, record: GameRecord, snap: Snapshot, seat: int, text: str,
        to: int | None = None) -> dict:
    """Keep the seat's message (to the table, or `to` one seat: a whisper) and deliver
    it: the game's channel (its event streams) and the players' streams it reaches.
    400 naming the field for bad text or addressee, 429 past PER_MINUTE."""
    text = plain(text)
    if to is not None and not (0 <= to < len(record.seats)) or to == seat:
        raise refused("to", Said(N_("a whisper goes to another seat of the game, 0..{last}"),
                                 last=len(record.seats) - 1))
    over = limits.take(conn, [("messages", f"{record.id}:{seat}")])
    if over is not None:
        raise problems.TooManyRequests(
            Said(N_("at most {number} messages a seat and minute"),
                 number=limits.MESSAGES_PER_MINUTE["messages"]),
            headers={"Retry-After": str(over[2])})
    for touched in {seat, to} - {None}:     # the whisper is the new holder's, not hidden later
        handed_on.settle(conn, record.id, touched)
    names = [s.name for s in record.seats]
    message = {"seat": seat, "name": names[seat], "to": to,
               "to_name": None if to is None else names[to], "text": text, "at": time.time()}
    message_id = conn.xadd(messages_key(record.id), {"m": json.dumps(message)},
                           maxlen=KEPT, approximate=False).decode()
    message = {"id": message_id, **message}
    pipe = conn.pipeline()
    for kept in game_keys(record.id, len(names)):
        pipe.expire(kept, KEPT_DAYS * 86400)
    event = {"type": MESSAGE, "game": record.id, "game_type": record.game,
             "version": snap.version, "status": snap.status, "to_act": snap.to_act,
             "at": message["at"], "message": message}
    readers = [reader for reader in range(len(names))       # a resigned seat's as a spectator
               if reaches(message, seating.viewer(record, reader), muted(conn, record.id, reader))]
    for reader, entry in enumerate(record.seats):      # its stream and webhooks, each reader
        if entry.player and reader in readers:
            feed.tell_players(conn, pipe, record, [event], only=reader)
    pipe.execute()
    Store(conn).announce(record.id, MESSAGE)            # the game's streams look again
    own_mails(conn, record, message_id, [reader for reader in readers if reader != seat])
    return message


def own_mails(conn, record: GameRecord, message_id: str, readers: list[int]) -> None:
    """The message in a short mail of its own to each reader with an address that chose
    so (`messages: own_mail`, service/mail/settings.py), through the mail queue
    (workers/mail/own_messages.py); never to a seat that does not read it, nor to a
    resigned seat's former holder (a spectator, service/seating.py)."""
    for reader in readers:
        if record.seats[reader].email and not seating.resigned(record, reader) and \
                settings.load(conn, record.id, reader).messages == "own_mail":
            queue(conn, MAIL).enqueue("workers.mail.own_messages.mail_message", record.id,
                                      reader, message_id, retry=RETRY, result_ttl=0,
                                      job_id=f"message-{record.id}-{reader}-{message_id}")


def reaches(message: dict, reader: int | None, mutes: set[int]) -> bool:
    """Whether `reader` (None: a spectator) reads the message: a whisper its two seats
    only, a muted seat's messages nobody who muted it."""
    sender = message["seat"]
    if message["to"] is not None and reader not in (sender, message["to"]):
        return False
    return reader == sender or sender not in mutes


def muted(conn, game_id: str, seat: int | None) -> set[int]:
    if seat is None:
        return set()
    handed_on.settle(conn, game_id, seat)
    return {int(s) for s in conn.smembers(mutes_key(game_id, seat))}


def set_muted(conn, record: GameRecord, seat: int, seats: list[int]) -> list[int]:
    """The seats whose messages `seat` does not want from now on (all others wanted)."""
    wrong = [s for s in seats if not 0 <= s < len(record.seats) or s == seat]
    if wrong:
        raise refused("seats", Said(N_("other seats of the game, 0..{last}, not {wrong}"),
                                    last=len(record.seats) - 1, wrong=", ".join(map(str, wrong))))
    handed_on.settle(conn, record.id, seat)
    pipe = conn.pipeline()
    pipe.delete(mutes_key(record.id, seat))
    if seats:
        pipe.sadd(mutes_key(record.id, seat), *seats)
        pipe.expire(mutes_key(record.id, seat), KEPT_DAYS * 86400)
    pipe.execute()
    return sorted(set(seats))


def read(conn, game_id: str, reader: int | None, after: str = "0-0",
         limit: int = PAGE) -> tuple[list[dict], bool]:
    """The messages after id `after` that `reader` reads, oldest first, at most `limit`
    of them, and whether more follow."""
    found = readable(conn, game_id, reader, after)
    return found[:limit], len(found) > limit


def readable(conn, game_id: str, reader: int | None, after: str = "0-0") -> list[dict]:
    """Every message after id `after` that `reader` reads, oldest first (at most KEPT):
    of the whispers, only those since its seat's present holder took it."""
    mutes = muted(conn, game_id, reader)        # settles what the seat's hand-over owes first
    held = order(conn.get(held_key(game_id, reader)) or b"0-0") if reader is not None else (0, 0)
    found = ({"id": entry_id.decode(), **json.loads(fields[b"m"])}
             for entry_id, fields in conn.xrange(messages_key(game_id), f"({after}"))
    return [message for message in found if reaches(message, reader, mutes)
            and (message["to"] is None or order(message["id"]) > held)]


def order(message_id: bytes | str) -> tuple[int, int]:
    """A stream id ("<ms>-<n>") as what orders it."""
    ms, _, n = (message_id.decode() if isinstance(message_id, bytes) else message_id).partition("-")
    return int(ms), int(n)


def unmailed(conn, game_id: str, seat: int) -> list[dict]:
    """The messages of others the seat reads that its mail has not carried yet."""
    after = (conn.get(mailed_key(game_id, seat)) or b"0-0").decode()
    return [m for m in readable(conn, game_id, seat, after) if m["seat"] != seat]


def mailed(conn, game_id: str, seat: int, messages: list[dict]) -> None:
    """The seat's mail carried these messages: the next carries those after them."""
    if messages:
        conn.set(mailed_key(game_id, seat), messages[-1]["id"], ex=KEPT_DAYS * 86400)


def in_words(messages: list[dict]) -> str:
    """Messages as a mail says them: "Ada (to you): text", one a paragraph, in the
    reader's language."""
    return "\n\n".join((_("{name} (to you)").format(name=m["name"]) if m["to"] is not None else m["name"])
                       + f": {m['text']}" for m in messages)


def seat_named(record: GameRecord, words: str) -> tuple[int, str]:
    """(seat, the rest): the seat whose player's name `words` begins with (the longest
    such name, compared without case), as a mail's `tell NAME text` names it. A name
    that more than one seat has is refused naming them, never guessed: a whisper to the
    wrong one would be read by someone it was not meant for (the seats joined from the
    lobby are named apart, service/handover.py, but a game's creator may name two alike)."""
    lowered = words.lower()
    found = sorted(((len(s.name), seat) for seat, s in enumerate(record.seats)
                    if lowered.startswith(s.name.lower()) and
                    (len(words) == len(s.name) or words[len(s.name)].isspace())), reverse=True)
    if not found:
        raise refused("to", Said(N_("begin with the name of a player of the game: {names}"),
                                 names=", ".join(s.name for s in record.seats)))
    length, seat = found[0]
    alike = sorted(other for named, other in found if named == length)
    if len(alike) > 1:
        raise refused("to", Said(N_("more than one player is named {name}: {seats}; whisper from the seat's "
                                    "page or the API, which name the seat by its number"),
                                 name=words[:length],
                                 seats=", ".join(f"{record.seats[other].name} (seat {other})"
                                                 for other in alike)))
    return seat, words[length:]
