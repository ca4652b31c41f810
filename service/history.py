"""A player's history and the rematch (issue 30, "History"): the player's finished games
with each result and the player's rank, a summary per game type (played, won, average
rank), and a rematch of a finished game: the same players, names and options, a seed of
its own, and every seat invited again (service/invitations.py, service/handover.py)."""
from __future__ import annotations

from collections import defaultdict

from service import feed, players, problems, resignation
from service.feed_events import REMATCH
from service.play import Game, create_game, is_abandoned
from service.queues import MAIL, RETRY, queue
from service.store import WAITING, GameRecord, Snapshot, Store

FINISHED = "finished"


def rank(result: dict, seat: int) -> int:
    """The seat's place in the result's ranking (groups of tied seats, best first):
    1 + the seats ranked before its group, so two tied winners both rank 1."""
    before = 0
    for group in result["ranking"]:
        if seat in group:
            return before + 1
        before += len(group)
    raise ValueError(f"seat {seat} is in no group of the ranking")


def finished_games(conn, player_id: str) -> list[dict]:
    """The player's finished games, newest first: each with its result, the player's
    seat, score and rank (none for a game its players abandoned: service/end_votes.py),
    and whether the player resigned it."""
    out = [entry(seat, record, snap) for seat, record, snap in players.seated_games(conn, player_id)
           if snap.status == FINISHED and snap.result]
    return sorted(out, key=lambda g: -g["created_at"])


def entry(seat: int, record: GameRecord, snap: Snapshot) -> dict:
    abandoned = is_abandoned(snap.result)
    return {"id": record.id, "game": record.game, "options": record.options, "seat": seat,
            "players": [s.name for s in record.seats], "created_at": record.created_at,
            "score": None if abandoned else snap.result["scores"][seat],
            "rank": None if abandoned else rank(snap.result, seat),
            "resigned": seat in resignation.resigned(record), "abandoned": abandoned,
            "result": snap.result}


def summary(games: list[dict]) -> list[dict]:
    """Per game type: games played, won (ranked first, ties included), average rank (of
    the games played to the end: null when none was), abandoned."""
    by_type = defaultdict(list)
    for game in games:
        by_type[game["game"]].append(game["rank"])
    return [{"game": game, "played": len(ranks), "won": sum(r == 1 for r in ranks),
             "average_rank": average([r for r in ranks if r is not None]),
             "abandoned": sum(r is None for r in ranks)}
            for game, ranks in sorted(by_type.items())]


def average(ranks: list[int]) -> float | None:
    return round(sum(ranks) / len(ranks), 3) if ranks else None


def rematch(conn, game: Game, seat: int, player_id: str | None) -> tuple[GameRecord, list[dict], str]:
    """A new game of the finished one's type, options and names, its seed drawn anew:
    its bots stay bots, the caller's seat is bound to the caller's player account (if
    the caller has one), and every other seat gets an invitation; a seat bound to a
    player is sent its code on the player's own stream, a seat with an address (and no
    player) by mail in the finished game's thread (workers/notify.py, on_rematch). (record, the codes by seat, the
    admin token: as play.create_game answers.)"""
    record = game.record
    if game.snapshot.status != FINISHED:
        raise problems.GameNotActive(f"the game is {game.snapshot.status}: a rematch follows "
                                     "a finished game", status_now=game.snapshot.status)
    gave_up = resignation.resigned(record)
    seats = [{"name": s.name, **({"bot": True} if s.bot and i not in gave_up else {}),
              **({"player": player_id} if i == seat and player_id else {})}
             for i, s in enumerate(record.seats)]
    if player_id:
        players.room_for_game(conn, player_id)
    new, shown, admin = create_game(Store(conn), record.game, seats, record.options, None,
                                     settings={REMATCH: record.id}, invite=True)
    players.seated(conn, new)
    pipe = conn.pipeline()
    for i, old in enumerate(record.seats):
        if old.player and "invitation" in shown[i]:
            feed.tell_players(conn, pipe, record, [{
                "type": REMATCH, "game": new.id, "game_type": new.game, "version": 0,
                "status": WAITING, "to_act": [], "at": new.created_at, "seat": i,
                "rematch_of": record.id, "invitation": shown[i]["invitation"]}], only=i)
    pipe.execute()
    mailed = {str(i): shown[i]["invitation"] for i, old in enumerate(record.seats)
              if old.email and not old.player and "invitation" in shown[i]}
    if mailed:          # the codes ride in the job alone (kept hashed in the game)
        queue(conn, MAIL).enqueue("workers.notify.on_rematch", record.id, new.id, mailed,
                                  job_id=f"on_rematch-{new.id}", retry=RETRY, result_ttl=0)
    return new, list(shown), admin

