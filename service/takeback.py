"""Take-back by consent (issue 30): a seat takes back its last turn.

At once while no other seat has acted since and no move of it revealed anything (the
engine says: Engine.reveals, a card drawn, a tile turned, a reshuffle); otherwise only
when every other seat agrees (a bot's seat has no say: it agrees). A request waits in
`game:{id}:takeback` for the game's version it was made at: any move, pause or other
take-back moves the version on and the request with it (it lapses, read as none); a
refusal ends it, and so does its seat changing hands (`Withdrawal`: the new holder did
not ask). One request waits at a time: it is written, answered and withdrawn in
Redis transactions (WATCH on the request's key), so of two seats asking at once one
waits and the other is told so, a consent counts for the request it was given to only,
and a refusal of a request ends that one, never a newer one. The last consent writes
the take-back in the transaction that checks the request still waits with every
consent it needs and deletes it (`apply`), so a refusal racing it is either answered
"refused" and nothing is taken back, or answered 409 after the take-back: each seat is
told the truth.

A take-back writes a new version: the state rebuilt from setup over the moves that
stand (service/taken_back.py), the log with an entry of its own, nothing rewritten.
The draws after it are the SAME cards as before: the generator and the piles are part
of the state the seed set up, so the game replays from the committed seed unchanged
(`pbem admin verify` keeps its commitment) and no seat can fish for another card by
taking a draw back. Dealing anew would break both: the commitment would no longer tell
the deal, and a poor draw could be taken back until a good one came. What the mover
saw stays seen, which is why such a take-back asks the others first."""
from __future__ import annotations

import json
import time
from datetime import datetime, timezone

from service import bot_seats, feed, problems, turn_clock
from service.queues import MAIL, notify, queue
from service.feed_events import TAKE_BACK as TAKE_BACK_EVENT
from service.games.speech import N_, Nn_, Said
from service.play import Game, charged_replay, load_game, snapshot_of
from service.store import Store, VersionMoved, key, turn_id, unpacked
from service.taken_back import TAKE_BACK, in_effect, read_back, restored

KEPT = 14 * 24 * 3600       # seconds a request waits at most (a long game's fortnight)
GRACE = 24 * 3600           # its key outlives it this long, so the job due at KEPT finds it
LAPSED, MOVED_ON, EXPIRED = "lapsed", "moved-on", "expired"     # a request no longer waits: why


def pending_key(game_id: str) -> str:
    return key(game_id, "takeback")


def asked_key(game_id: str, version: int, seat: int) -> str:
    """Set when the seat asked the others at `version`: once a version (a refused seat
    asks again only after the game moved on, so no seat mails the table again and again)."""
    return key(game_id, "takeback", str(version), "asked", str(seat))


def agreed_key(game_id: str, version: int, seat: int) -> str:
    """The set of the seats that agreed to `seat`'s request made at `version` (SADD: two
    seats agreeing at once both count). A seat asks once a version (asked_key), so the
    set is its request's alone: a consent never counts for another seat's request."""
    return key(game_id, "takeback", str(version), "agreed", str(seat))


def last_turn(game: Game, entries: list[dict], seat: int) -> tuple[list[dict], list[dict]]:
    """(the moves that stand before the seat's last turn, those from it on); 409 when the
    seat has no move that stands."""
    standing = in_effect(entries)
    mine = [i for i, entry in enumerate(standing) if entry["seat"] == seat]
    if not mine:
        raise problems.Conflict(Said(N_("seat {seat} has no move to take back"), seat=seat))
    first = mine[-1]
    while first > 0 and standing[first - 1]["turn"] == standing[first]["turn"] \
            and standing[first - 1]["seat"] == seat:
        first -= 1
    return standing[:first], standing[first:]


def plan(game: Game, entries: list[dict], seat: int) -> dict:
    """What taking back the seat's last turn would do: the first version taken back,
    the state before it, and why it needs consent (others acted, something revealed).
    A replay from setup: charged to the client's replay CPU (play.charged_replay)."""
    engine, record = game.type.engine, game.record
    before, undone = last_turn(game, entries, seat)
    with charged_replay():
        start = engine.setup(record.options, len(record.seats), record.seed)
        state = restored(engine, start, before)
        reasons, after, turn = [], state, None       # N_: the mails say them in the reader's words
        if any(entry["seat"] != seat for entry in undone):
            reasons.append(N_("another seat has acted since"))
        for entry in undone:
            if entry["turn"] != turn:
                after, turn = read_back(engine, after), entry["turn"]
            moved, _events = engine.apply(after, entry["seat"], entry["move"])
            if game.type.reveals(after, moved) and "it revealed what was hidden" not in reasons:
                reasons.append(N_("it revealed what was hidden"))
            after = moved
    return {"first": undone[0]["version"], "state": state, "needs_consent": reasons}


def voters(game: Game, seat: int) -> list[int]:
    """The seats whose consent a take-back of `seat` needs: every other seat but a bot's."""
    return [other for other, entry in enumerate(game.record.seats)
            if other != seat and not entry.bot]


def stored_request(read, game_id: str, version: int) -> dict | None:
    """The request stored as waiting at `version`, without its consents, read through
    `read` (the store's Redis, or a transaction's pipeline); None: none, or lapsed (made
    at another version, or KEPT ran out)."""
    raw = read.get(pending_key(game_id))
    request = json.loads(raw) if raw else None
    return request if request is not None and request["version"] == version \
        and request["at"] + KEPT > time.time() else None


def still_waits(read, game_id: str, asked: dict) -> bool:
    """Whether `asked` is the request that waits: its seat's, made at the same moment."""
    now = stored_request(read, game_id, asked["version"])
    return now is not None and (now["seat"], now["at"]) == (asked["seat"], asked["at"])


def pending(store: Store, game: Game) -> dict | None:
    """The request waiting at the game's version, with the seats that agreed, or None."""
    game_id = game.record.id
    if (request := stored_request(store.state, game_id, game.snapshot.version)) is None:
        return None
    agreed = store.state.smembers(agreed_key(game_id, request["version"], request["seat"]))
    return {**request, "agreed": sorted(int(seat) for seat in agreed)}


def shown(game: Game, request: dict, status: str) -> dict:
    """A request as the API, the page and the events show it."""
    seats = game.record.seats
    waiting = [s for s in voters(game, request["seat"]) if s not in request["agreed"]]
    return {"status": status, "requested_by": request["seat"],
            "name": seats[request["seat"]].name, "first_version": request["first"],
            "version": game.snapshot.version, "needs_consent": request["needs_consent"],
            "agreed": request["agreed"], "waiting_for": waiting}


def request(conn, game: Game, seat: int) -> dict:
    """The seat asks to take back its last turn: applied at once when it may be, else a
    request waiting for the others (the seats told); a request of its own that waits is
    shown again."""
    store = Store(conn)
    running(game, seat)
    if may_ask(store.state, game, seat):                  # checked before the replay
        planned = plan(game, store.log(game.record.id), seat)
        asked = {"seat": seat, "version": game.snapshot.version, "first": planned["first"],
                 "needs_consent": planned["needs_consent"], "agreed": [], "at": time.time()}
        if not planned["needs_consent"] or not voters(game, seat):
            return apply(conn, game, asked, planned, seat)
        if ask(store, game, asked):
            tell(conn, game, asked, "requested", seat)
            queue(conn, MAIL).enqueue_at(   # told when its time runs out unanswered (`lapse`)
                datetime.fromtimestamp(asked["at"] + KEPT, timezone.utc),
                "workers.notify.on_take_back_due", game.record.id, result_ttl=0,
                job_id=f"takeback-due-{game.record.id}-{seat}-{round(asked['at'] * 1_000_000)}")
            return shown(game, asked, "pending")
    if (own := pending(store, game)) is None or own["seat"] != seat:
        raise problems.Conflict(Said(N_("seat {seat}'s take-back was answered meanwhile: look again"),
                                     seat=seat))
    return shown(game, own, "pending")


def may_ask(read, game: Game, seat: int) -> bool:
    """True when the seat may ask now; False when a request of its own waits (shown
    again); 409 when another seat's waits, or the seat asked at this version already."""
    game_id, version = game.record.id, game.snapshot.version
    if (request := stored_request(read, game_id, version)) is not None:
        if request["seat"] != seat:
            raise problems.Conflict(Said(N_("seat {seat} asks for a take-back already: accept or refuse it "
                                            "first"), seat=request["seat"]))
        return False
    if read.exists(asked_key(game_id, version, seat)):
        raise problems.Conflict(Said(N_("seat {seat} asked for a take-back at version {version} already: "
                                        "ask again once the game moved on"), seat=seat, version=version))
    return True


def ask(store: Store, game: Game, asked: dict) -> bool:
    """Write the request as the one that waits, with its seat's once-a-version mark, in
    one transaction that checks may_ask again (the loser of two seats asking at once
    gets its 409); False: the seat's own request was written first (a second click)."""
    game_id, version, seat = game.record.id, asked["version"], asked["seat"]

    def write(pipe) -> bool:
        if not may_ask(pipe, game, seat):
            return False
        pipe.multi()
        pipe.set(asked_key(game_id, version, seat), 1, ex=KEPT)
        pipe.set(pending_key(game_id), json.dumps(
            {k: v for k, v in asked.items() if k != "agreed"}), ex=KEPT + GRACE)
        return True
    return store.state.transaction(write, pending_key(game_id), asked_key(game_id, version, seat),
                                   value_from_callable=True)


def answer(conn, game: Game, seat: int, agree: bool) -> dict:
    """A seat accepts or refuses the waiting request; the last consent applies it. The
    requester's own refusal withdraws it."""
    store = Store(conn)
    running(game, seat)
    asked = pending(store, game)
    if asked is None:
        raise problems.NotFound(Said(N_("no take-back waits for an answer at this version")))
    if not agree:
        if not withdrawn(store, game.record.id, asked):
            raise problems.Conflict(Said(N_("seat {seat}'s take-back was answered meanwhile: look at the one "
                                            "that waits now"), seat=asked["seat"]))
        tell(conn, game, asked, "refused", seat)
        return {**shown(game, asked, "refused"), "refused_by": seat}
    if seat == asked["seat"]:
        raise problems.Conflict(Said(N_("a seat does not agree to its own take-back")))
    asked["agreed"] = agreed_to(store, game.record.id, asked, seat)
    if [s for s in voters(game, asked["seat"]) if s not in asked["agreed"]]:
        return shown(game, asked, "pending")
    return apply(conn, game, asked, plan(game, store.log(game.record.id), asked["seat"]), seat,
                 waited=True)


def withdrawn(store: Store, game_id: str, asked: dict) -> bool:
    """Delete the request `asked` and its consents if it is still the one that waits
    (compare-and-delete in a transaction); False, and nothing deleted, if it is not."""
    def drop(pipe) -> bool:
        if not still_waits(pipe, game_id, asked):
            return False
        pipe.multi()
        pipe.delete(pending_key(game_id), agreed_key(game_id, asked["version"], asked["seat"]))
        return True
    return store.state.transaction(drop, pending_key(game_id), value_from_callable=True)


def agreed_to(store: Store, game_id: str, asked: dict, seat: int) -> list[int]:
    """The seat's consent added to the request `asked`, while it still waits (404 when
    it was answered meanwhile: a consent counts for the request it was given to only);
    the seats that agreed so far."""
    agreed = agreed_key(game_id, asked["version"], asked["seat"])

    def add(pipe) -> None:
        if not still_waits(pipe, game_id, asked):
            raise problems.NotFound(Said(N_("seat {seat}'s take-back was answered meanwhile: none waits for "
                                            "this consent"), seat=asked["seat"]))
        pipe.multi()
        pipe.sadd(agreed, seat)
        pipe.expire(agreed, KEPT)
        pipe.smembers(agreed)
    return sorted(int(s) for s in store.state.transaction(add, pending_key(game_id))[-1])


def running(game: Game, seat: int) -> None:
    if game.snapshot.status != "active":
        raise problems.GameNotActive(
            Said(N_("the game is {status}: only a running game's turn is taken back"),
                 status=Said(game.snapshot.status)), status_now=game.snapshot.status)
    if game.record.seats[seat].bot:
        raise problems.Conflict(Said(N_("seat {seat} is played by the bot"), seat=seat))


def apply(conn, game: Game, asked: dict, planned: dict, actor: int, waited: bool = False) -> dict:
    """The take-back written as a new version (`actor`: who asked, or gave the last
    consent); the seats told, the clocks and the bots' moves made to match the game as
    it is now. 409 when a move landed meanwhile, or (`waited`: the request waited for
    consent) when it was refused or withdrawn meanwhile: the write, the check that the
    request still waits with every consent it needs, and the request's deletion are
    one transaction, so of a refusal and the last consent exactly one is answered as
    done, and the game says the same."""
    store, game_id, version = Store(conn), game.record.id, game.snapshot.version
    new = snapshot_of(game.type, planned["state"], version + 1)
    marker = {"version": version + 1, "seat": asked["seat"], "turn": turn_id(version, asked["seat"]),
              "move": {TAKE_BACK: planned["first"], "agreed": asked["agreed"]},
              "events": [], "at": time.time(), "bot": None}
    request = (pending_key(game_id), agreed_key(game_id, version, asked["seat"])) if waited else ()
    try:
        store.take_back(game_id, game.snapshot, new, marker, request,
                        agreed_by_all(game, asked) if waited else None)
    except VersionMoved as moved:
        game = load_game(store, game_id)
        if moved.args[0] == version + 1 and store.log(game_id, version)[0]["move"] == marker["move"]:
            return {**shown(game, asked, "applied"), "waiting_for": []}  # the other consent's
        raise problems.Conflict(Said(N_("the game moved on to version {version} meanwhile: ask again"),
                                     version=moved.args[0])) from None
    game = load_game(store, game_id)
    tell(conn, game, asked, "applied", actor)
    if feed.listened(conn, game.record):
        feed.announce(conn, game_id)
    turn_clock.restart(conn, game)
    bot_seats.owe(conn, game)
    return {**shown(game, asked, "applied"), "waiting_for": []}


def agreed_by_all(game: Game, asked: dict):
    """The take-back's check, read inside its transaction: `asked` still waits and every
    seat whose consent it needs has given it; 409 otherwise (a refusal or a withdrawal
    landed first, or a seat that agreed changed hands since)."""
    game_id, seat = game.record.id, asked["seat"]

    def check(pipe) -> None:
        if not still_waits(pipe, game_id, asked):
            raise problems.Conflict(Said(N_("seat {seat}'s take-back was refused or withdrawn meanwhile: "
                                            "nothing was taken back"), seat=seat))
        agreed = {int(s) for s in pipe.smembers(agreed_key(game_id, asked["version"], seat))}
        if missing := [s for s in voters(game, seat) if s not in agreed]:
            raise problems.Conflict(Said(Nn_("seat {seat}'s take-back waits for seat {seats} again (a seat "
                                             "changed hands): nothing was taken back",
                                             "seat {seat}'s take-back waits for seats {seats} again (seats "
                                             "changed hands): nothing was taken back"),
                                         seat=seat, seats=", ".join(map(str, missing)),
                                         number=len(missing)))
    return check


class Withdrawal:
    """What of a seat's take-back its old holder leaves behind when the seat changes hands
    (a replacement takes it, service/handover.py; the admin gives it the bot,
    service/replacement.py; its holder resigns, service/resignation.py): its waiting request (it is the old holder's: the new holder
    did not ask, and the others' consents must not take back a turn for it), that
    request's consents, and the seat's consents and once-a-version mark at the game's
    version (its new holder asks anew, and no consent given before counts for it)."""

    def __init__(self, game_id: str, seat: int):
        self.game_id, self.seat = game_id, seat
        self.request: dict | None = None    # the seat's request that waited: told withdrawn

    def keys(self, pipe) -> list[str]:
        """Read in the hand-over's transaction before its MULTI (WATCHing the request and
        the snapshot): the keys to delete in the MULTI."""
        game_id, seat, snapshot = self.game_id, self.seat, key(self.game_id, "snapshot")
        self.request = None         # read anew when the transaction is tried again
        pipe.watch(pending_key(game_id), snapshot)
        version = unpacked(pipe.get(snapshot))["version"]
        raw = pipe.get(pending_key(game_id))
        own = json.loads(raw) if raw else None
        gone = [agreed_key(game_id, version, seat), asked_key(game_id, version, seat)]
        if own is None or own["seat"] != seat:
            return gone
        agreed = agreed_key(game_id, own["version"], seat)
        if stored_request(pipe, game_id, version) is not None:     # it waited: the others are told
            self.request = {**own, "agreed": sorted(int(s) for s in pipe.smembers(agreed))}
        return [*gone, pending_key(game_id), agreed]

    def told(self, conn, game: Game) -> None:
        """After the commit: the seat's request that waited is told to the others as its
        own refusal tells it (status refused, `refused_by` the seat: withdrawn)."""
        if self.request is not None:
            tell(conn, game, self.request, "refused", self.seat)


def lapse(conn, game_id: str) -> str | None:
    """The stored request told of once it waits no more: the game moved past its version
    (MOVED_ON: looked at after each turn, workers/resolve.py) or its KEPT time ran out
    (EXPIRED: the job due then, workers/notify.py). Deleted first, compare-and-delete of
    the very request read (one answered, withdrawn or made meanwhile is left alone, and
    a lapse is told once), then told as `tell` says with status LAPSED. Why, or None
    when none is stored or it still waits."""
    store = Store(conn)
    raw = store.state.get(pending_key(game_id))
    snap = store.snapshot(game_id) if raw else None
    if snap is None:
        return None
    request = json.loads(raw)
    why = MOVED_ON if request["version"] != snap.version else \
        EXPIRED if request["at"] + KEPT <= time.time() else None
    agreed = agreed_key(game_id, request["version"], request["seat"])

    def drop(pipe) -> set | None:
        if pipe.get(pending_key(game_id)) != raw:
            return None
        given = pipe.smembers(agreed)
        pipe.multi()
        pipe.delete(pending_key(game_id), agreed)
        return given
    if why is None or (given := store.state.transaction(
            drop, pending_key(game_id), agreed, value_from_callable=True)) is None:
        return None
    tell(conn, load_game(store, game_id), {**request, "agreed": sorted(int(s) for s in given)},
         LAPSED, request["seat"], why)
    return why


def tell(conn, game: Game, asked: dict, status: str, actor: int, why: str | None = None) -> None:
    """A take-back event to every seat's player stream and the game's webhooks, and by
    mail to every seat with an address but the `actor`'s (who asked, refused, or gave
    the last consent: its own answer says so); a request LAPSED (`why`) to its own seat
    alone (workers/notify.py, on_take_back)."""
    snap = game.snapshot
    told = {**shown(game, asked, status), **({"refused_by": actor} if status == "refused" else {}),
            **({"lapsed": why} if why else {})}
    event = {"type": TAKE_BACK_EVENT, "game": game.record.id, "game_type": game.record.game,
             "version": snap.version, "status": snap.status, "to_act": snap.to_act,
             "at": time.time(), "take_back": told}
    pipe = conn.pipeline()
    feed.tell_players(conn, pipe, game.record, [event])
    pipe.execute()
    if any(seat.email for seat in game.record.seats):
        notify(conn, "on_take_back", game.record.id, why or status, str(asked["seat"]),
               str(asked["first"]), str(actor), str(round(asked["at"] * 1_000_000)))
