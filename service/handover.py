"""A seat handed over (issue 25, point 1): an invitation taken, or a quick game's seat
token taken by whoever it was handed to. The seat gets a credential of its new holder's
own and grows its epoch (service/seating.py), so the invitation, the token handed over
and every page link, page session and reply address issued for the seat before stop
working at once. Taking the last open seat (an invitation, a seat open to anyone, a
challenge) deals the game. A running game's seat given a replacement invitation (service/replacement.py) goes to whoever takes it, from its player or the bot,
and the game's meta keeps a note of it ("Bob took over Ada's seat", `seat_changes`);
a resigned seat is never taken back (409 naming the seat, even with a code made before).
The seat's consent goes with its old holder: its agreement to the open proposal to end
the game and to the waiting take-back, and its own waiting take-back request with the
consents given to it (service/takeback.py's Withdrawal; the others are told it was
withdrawn), are dropped in the same transaction (the new holder votes and asks for
itself); so are its old holder's mail settings and whispers (service/messages.py), so a
mail job never builds the new holder's mail with them (when the game state lives on
another Redis, STATE_REDIS_URL's cluster, no transaction spans both: owed before the
commit and dropped right after it, or by whatever first reads or writes them should
the process die between, service/handed_on.py). A seat joined from the lobby takes its player's
name, with " (2)", " (3)"... when another seat of the game has that name (compared without
case), so a mail's `tell NAME` never reaches another seat of the same name
(service/messages.py).

One compare-and-set of the game's meta and snapshot, where the game state lives (they
share the game's slot on a Redis Cluster)."""
from __future__ import annotations

import itertools
import json
import time
from dataclasses import asdict, dataclass
from typing import Callable

from service import end_votes, handed_on, play, problems, seating, takeback
from service.bot_seats import RESIGNED
from service.connection import state_redis
from service.games.registry import game_type
from service.games.speech import N_, Said
from service.store import WAITING, GameRecord, Store, key, packed, unpacked
from service.talk_keys import messages_key, newest_id


@dataclass
class Taken:
    record: GameRecord
    seat: int
    token: str | None           # the taker's new seat token (none for a player: its own act)
    dealt: bool                 # this was the last open seat: the game has just been dealt
    note: dict | None = None    # a running game's seat taken over: who took whose seat
    replaced: str | None = None  # the player account that held the seat taken over
    withdrawal: takeback.Withdrawal | None = None  # its old holder's take-back, withdrawn
    talk_left: bool = False     # its old holder's mail settings and talk left in the same MULTI


MAX_SEAT_CHANGES = 50           # notes kept (the newest)


def take(conn, game_id: str, code: str, player: dict | None = None,
         name: str | None = None) -> Taken:
    """Give the seat whose open invitation (or current seat token) `code` is to `player`
    (bound to the account, the seat's mail to its address), or without one to whoever
    sent it (a new seat token, shown once, and no mail; `name`: what the note of a seat
    taken over calls the taker). 403 naming `field` for a code that opens no seat (taken
    before, or never one), 404 for no game in progress, 409 when the player holds
    another seat of the game or the seat is another player's (but for a replacement
    invitation, which takes it from that player)."""
    return hand_over(conn, game_id, lambda record: opened(record, code), player, name=name)


def hand_over(conn, game_id: str, chosen: Callable[[GameRecord], tuple[int, bool]],
              player: dict | None = None, named: bool = False, name: str | None = None) -> Taken:
    """Give the seat `chosen(record)` picks (or refuses with a problem), with whether it
    was picked by its invitation, to `player`, or to a new seat token without one, as
    `take` says. `named`: the seat takes the player's name (an open seat joined,
    service/lobby.py). Under WATCH of the game's meta: of two takers of one seat, the
    second reads the seat taken and is refused."""
    state, meta, snapshot = state_redis(conn), key(game_id, "meta"), key(game_id, "snapshot")
    vote = end_votes.vote_key(game_id)
    talk = state is conn            # the talk and mail settings share the state's Redis

    def hand(pipe) -> Taken:
        raw = pipe.get(meta)
        if raw is None:                 # none, or finished (its state folded into one key)
            raise problems.NotFound(Said(N_("no game {game} in progress"), game=game_id))
        record = GameRecord.from_stored(unpacked(raw))
        seat, by_invitation = chosen(record)
        entry = record.seats[seat]
        now = unpacked(pipe.get(snapshot))
        waiting = now["status"] == WAITING
        replacing = by_invitation and not waiting
        if player is not None:
            if entry.player not in (None, player["id"]) and not replacing:
                raise problems.Conflict(Said(N_("seat {seat} is bound to another player"), seat=seat))
            if any(e.player == player["id"] for i, e in enumerate(record.seats) if i != seat):
                raise problems.Conflict(Said(N_("the player holds another seat of this game")))
        token, note, replaced, proposal = None, None, None, None
        withdrawal, left, newest = None, [], None
        if replacing and seat in record.settings.get(RESIGNED, []):
            raise resigned_seat(seat)
        if replacing:
            replaced = entry.player if entry.player != (player or {}).get("id") else None
            note = took_over(record, seat, player["name"] if player else name or "a new player",
                             now["version"])
            entry.bot = False
            proposal = unagreed(pipe.get(vote), seat)
            withdrawal = takeback.Withdrawal(game_id, seat)
            left = withdrawal.keys(pipe)
            if talk:        # a mail job reads them beside the seat's epoch and address
                pipe.watch(messages_key(game_id))
                newest = newest_id(pipe, game_id)
        if player is None:
            token, entry.token_hash = seating.new_token()
            entry.player = entry.email = None
        else:
            entry.token_hash, entry.player, entry.email = "", player["id"], player["email"]
            entry.name = distinct_name(record, seat, player["name"]) if named else entry.name
        entry.invitation, entry.open, entry.challenged = None, False, None
        entry.epoch += 1
        if replacing and not talk:      # on another Redis: owed before the commit, done after it
            handed_on.owe(conn, game_id, seat, entry.epoch, note)
        dealt = waiting and not seating.open_seats(record)
        pipe.multi()
        if dealt:
            first = play.deal(game_type(record.game), record, record.settings.pop("seed", None))
            pipe.set(snapshot, packed(first.as_dict()))
        pipe.set(meta, packed(asdict(record)))
        if replacing:       # its consent to any seat's take-back at this version
            for requester in range(len(record.seats)):
                pipe.srem(takeback.agreed_key(game_id, now["version"], requester), seat)
            pipe.delete(*left)                              # and its own request
            if talk:
                handed_on.dropped(pipe, game_id, seat, newest)
        if proposal is not None:
            pipe.set(vote, json.dumps(proposal), keepttl=True)
        return Taken(record, seat, token, dealt, note, replaced, withdrawal, talk)

    taken = state.transaction(hand, meta, snapshot, vote, value_from_callable=True)
    if taken.dealt:
        Store(conn).announce(game_id, "dealt")      # long polls and streams look again
    return taken


def resigned_seat(seat: int) -> problems.Problem:
    """409 naming the seat: a resigned seat is played by the bot to the end, never
    handed to a replacement."""
    return problems.Conflict(f"seat {seat} resigned: the bot plays it to the end",
                             errors=[{"field": "seat", "message": "a resigned seat is not "
                                      "handed on"}])


def distinct_name(record: GameRecord, seat: int, name: str) -> str:
    """The name the seat takes: `name`, or `name (2)`, `name (3)`... when another seat
    of the game has it, compared without case as a mail's `tell NAME` compares."""
    others = {entry.name.lower() for other, entry in enumerate(record.seats) if other != seat}
    return next(candidate for candidate in itertools.chain(
        [name], (f"{name} ({n})" for n in itertools.count(2))) if candidate.lower() not in others)


def unagreed(raw: bytes | None, seat: int) -> dict | None:
    """The open proposal to end the game (service/end_votes.py) without the seat's
    agreement, when it holds one: None when there is nothing to change."""
    proposal = json.loads(raw) if raw else None
    if proposal is None or seat not in proposal["agreed"]:
        return None
    return {**proposal, "agreed": [s for s in proposal["agreed"] if s != seat]}


def took_over(record: GameRecord, seat: int, taker: str, version: int) -> dict:
    """The note of a seat taken over, kept in the game's settings (the newest
    MAX_SEAT_CHANGES)."""
    name = record.seats[seat].name
    note = {"seat": seat, "version": version, "at": time.time(), "by": taker,
            "text": f"{taker} took over {name}'s seat"}
    record.settings[seating.SEAT_CHANGES] = [*record.settings.get(seating.SEAT_CHANGES, []), note][-MAX_SEAT_CHANGES:]
    return note


def opened(record: GameRecord, code: str) -> tuple[int, bool]:
    """(seat, whether by its invitation) the code opens."""
    for seat, entry in enumerate(record.seats):
        if seating.token_matches(entry.invitation, code):
            return seat, True
        if seating.token_matches(entry.token_hash, code):
            return seat, False
    message = "no open invitation or seat token of this game (an invitation is taken once)"
    raise problems.Forbidden(f"token: {message}", errors=[{"field": "token", "message": message}])
