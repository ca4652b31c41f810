"""Ending a game by vote (issue 30, "Leaving"): a seat proposes to end the game unfinished,
the others agree or refuse; when every remaining seat (a human's: not the bot's, not a
resigned one's) has agreed, the game is finished with the result `abandoned` (no scores,
no ranking: ABANDONED). None of the four rulebooks says how a game ends early (searched
for abbrechen, vorzeitig, Spielende by agreement: the end of game is always the rules'
own), so this is the platform's, outside the rules, like resigning.

A game has one open proposal at most (`game:{id}:end-vote`, in the game's slot): made at
a version, it holds while the game stays at that version, so a move played cancels it
(it is read as none from then on), and so does one refusal; untouched, it lapses after
PROPOSAL_DAYS. Voting is not a move: the
version stays; the finished game's meta keeps `settings.abandoned` (the version and who
agreed), which a rebuild from the log reads (play.rebuild), so `pbem admin verify` agrees.

One compare-and-set of the proposal and the game's meta, snapshot and log (they share the
game's slot on a Redis Cluster): two last votes at once end the game once."""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass

from service import feed, problems
from service.feed_events import END_AGREED, END_PROPOSED, END_REFUSED
from service.games.speech import N_, Said
from service.play import ABANDONED, Game, abandoned_result
from service.queues import notify
from service.store import GameRecord, Snapshot, Store, key, log_entries
from service.store.state import stored, write_state

RUNNING = ("active", "paused")
PROPOSAL_DAYS = 30          # an open proposal lapses (its key expires) after this long


@dataclass
class Vote:
    proposal: dict | None       # the open proposal after the vote (None: ended or cancelled)
    kind: str                   # END_PROPOSED, END_AGREED, END_REFUSED or ABANDONED
    snapshot: Snapshot
    made_at: float = 0.0        # when the proposal voted on was made: it tells two apart


def vote_key(game_id: str) -> str:
    return key(game_id, "end-vote")


def voters(record: GameRecord) -> list[int]:
    """The seats whose agreement ends the game: every seat a human holds."""
    return [seat for seat, entry in enumerate(record.seats) if not entry.bot]


def open_proposal(conn, game: Game) -> dict | None:
    """The game's open proposal, or None (none made, or a move played since)."""
    raw = Store(conn).state.get(vote_key(game.record.id))
    proposal = json.loads(raw) if raw else None
    return proposal if proposal and proposal["version"] == game.snapshot.version else None


def vote(conn, game: Game, seat: int, agree: bool) -> Vote:
    """The seat's vote: to end (proposing, when no proposal is open) or to refuse (the
    proposal is withdrawn). 409 for a game not running, a seat played by the bot, a
    refusal with nothing to refuse, or a second agreement of one seat."""
    store, game_id = Store(conn), game.record.id
    keys = [vote_key(game_id), *(key(game_id, part) for part in ("meta", "snapshot", "log"))]

    def cast(pipe) -> Vote:
        raw_vote, meta, log = pipe.get(keys[0]), stored(pipe, game_id, "meta"), \
            stored(pipe, game_id, "log")
        snap = Snapshot(**stored(pipe, game_id, "snapshot"))
        if snap.status not in RUNNING:
            raise problems.GameNotActive(
                Said(N_("the game is {status}: only a running game is ended by vote"),
                     status=Said(snap.status)), status_now=snap.status)
        record = GameRecord.from_stored(meta)
        if record.seats[seat].bot:
            raise problems.Conflict(Said(N_("seat {seat} is played by the bot: it has no vote"), seat=seat))
        proposal = json.loads(raw_vote) if raw_vote else None
        if proposal and proposal["version"] != snap.version:
            proposal = None                             # a move was played since
        if not agree:
            if proposal is None:
                raise problems.Conflict(Said(N_("no proposal to end the game is open: nothing to refuse")))
            pipe.multi()
            pipe.delete(keys[0])
            return Vote(None, END_REFUSED, snap, proposal["at"])
        if proposal is None:
            proposal, kind = {"by": seat, "version": snap.version, "agreed": [],
                              "at": time.time()}, END_PROPOSED
        elif seat in proposal["agreed"]:
            raise problems.Conflict(Said(N_("seat {seat} has agreed to end the game already"), seat=seat))
        else:
            kind = END_AGREED
        proposal["agreed"] = sorted({*proposal["agreed"], seat})
        pipe.multi()
        if set(voters(record)) <= set(proposal["agreed"]):
            record.settings[ABANDONED] = {"version": snap.version, "agreed": proposal["agreed"]}
            ended = Snapshot(snap.version, "finished", [], None,
                             abandoned_result(record.settings[ABANDONED]))
            write_state(pipe, game_id, asdict(record), ended.as_dict(),
                        log_entries(log) if log else [])
            pipe.delete(keys[0])
            return Vote(None, ABANDONED, ended)
        pipe.set(keys[0], json.dumps(proposal), ex=PROPOSAL_DAYS * 86400)
        return Vote(proposal, kind, snap, proposal["at"])

    done = store.state.transaction(cast, *keys, value_from_callable=True)
    store.records.pop(game_id, None)
    if done.kind == ABANDONED:
        store.announce(game_id, ABANDONED)          # the game's waiters look again
        feed.announce(conn, game_id)                 # "game over", the result abandoned
        notify(conn, "on_abandoned", game_id)
    else:
        tell(conn, game.record, seat, done)
        notify(conn, "on_end_vote", game_id, str(seat), done.kind, str(done.snapshot.version),
               str(round(done.made_at * 1_000_000)))          # µs: a job id takes no dot
    return done


def tell(conn, record: GameRecord, seat: int, done: Vote) -> None:
    """The players told of the vote, on their streams and webhooks (feed.tell_players)."""
    snap = done.snapshot
    pipe = conn.pipeline()
    feed.tell_players(conn, pipe, record, [{
        "type": done.kind, "game": record.id, "game_type": record.game, "version": snap.version,
        "status": snap.status, "to_act": snap.to_act, "at": time.time(), "by": seat,
        "by_name": record.seats[seat].name, "end_vote": shown(record, done.proposal)}])
    pipe.execute()


def unvoted(record: GameRecord, proposal: dict | None) -> list[int]:
    """The seats whose agreement the proposal still waits for."""
    return [s for s in voters(record) if proposal and s not in proposal["agreed"]]


def shown(record: GameRecord, proposal: dict | None) -> dict | None:
    """A proposal as the API shows it."""
    if proposal is None:
        return None
    return {**proposal, "by_name": record.seats[proposal["by"]].name,
            "waiting_for": unvoted(record, proposal)}
