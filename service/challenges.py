"""Challenges (issue 30, "Open seats and challenges"): a player creates a game with
seats reserved for other player accounts (`players[i].challenge`: the player's id, with
the challenger's own token). Each challenged player is told on its stream and webhooks
(`type: challenge`, through feed.tell_players), finds the challenge in its list
(`GET /v1/players/me/challenges`) and, when its address is confirmed, gets a challenge
mail (workers/challenges.py) whose reply `accept` or `decline` answers it as the API
does. Accepting binds the seat to the player (service/handover.py); the game is dealt
when its last seat is taken.

Declining frees the seat: it becomes an open seat that any player may join
(service/lobby.py lists the game), and the game's players are told
(`type: challenge-declined`); the game is not cancelled, so the others' acceptances
stand and the challenger may still fill the seat.

Kept on REDIS_URL's Redis (beside the inbox's seat list):

  player:<id>:challenges    hash game id -> seat: the challenges the player has not answered

Bounds: a player sends at most CHALLENGES_PER_DAY["challenger"] challenged seats a day,
and is challenged at most CHALLENGES_PER_DAY["challenged"] times a day
(service/mail/limits.py), and holds at most MOST_PENDING unanswered challenges."""
from __future__ import annotations

import time
from dataclasses import asdict

from service import feed, handover, lobby, players, problems
from service.connection import state_redis
from service.feed_events import CHALLENGE, DECLINED
from service.games.speech import N_, Said
from service.mail import limits
from service.queues import MAIL, RETRY, queue
from service.store import WAITING, GameRecord, key, packed, unpacked

MOST_PENDING = 100          # unanswered challenges a player holds at once

NoChallenge = problems.problem(404, "no-challenge", "No challenge of this player in this game")
TooManyChallenges = problems.problem(429, "too-many-challenges", "Too many challenges")


def challenges_key(player_id: str) -> str:
    return players.player_key(player_id, "challenges")


def admit(conn, challenger: str | None, seats: list[dict]) -> None:
    """Count the new game's challenges, all or none, before it is stored: 429 with
    Retry-After naming the field past a daily limit, 409 for a player holding
    MOST_PENDING unanswered challenges."""
    named = [(f"players[{i}].challenge", p["challenge"]) for i, p in enumerate(seats)
             if p.get("challenge")]
    for field, player_id in named:
        if conn.hlen(challenges_key(player_id)) >= MOST_PENDING:
            raise problems.Conflict(Said(N_("{field}: the player holds {number} unanswered "
                                            "challenges, the most allowed"), field=field, number=MOST_PENDING),
                                    errors=[{"field": field, "message": "too many challenges"}])
    limits.take_or_refuse(conn, ("challenger", challenger), ("challenged", named),
                          TooManyChallenges, lambda kind, allowed: f"a player sends at most "
                          f"{allowed} challenges a day" if kind == "challenger" else
                          f"a player is challenged at most {allowed} times a day")


CHALLENGER = "challenger"     # the game's settings: the challenger's name


def event(record: GameRecord, kind: str, **fields) -> dict:
    return {"type": kind, "game": record.id, "game_type": record.game, "version": 0,
            "status": WAITING, "to_act": [], "at": time.time(),
            CHALLENGER: record.settings.get(CHALLENGER), **fields}


def issue(conn, record: GameRecord) -> None:
    """Tell each challenged player of the new game: its list, its stream and webhooks,
    and its challenge mail (an rq job on the mail queue)."""
    challenged = [(seat, entry.challenged) for seat, entry in enumerate(record.seats)
                  if entry.challenged]
    if not challenged:
        return
    pipe = conn.pipeline()
    for seat, player_id in challenged:
        pipe.hset(challenges_key(player_id), record.id, seat)
        feed.tell_players(conn, pipe, record, [event(record, CHALLENGE, seat=seat)], only=seat)
    pipe.execute()
    for seat, _ in challenged:
        queue(conn, MAIL).enqueue("workers.challenges.mail_challenge", record.id, seat,
                                  job_id=f"challenge-{record.id}-{seat}",
                                  retry=RETRY, result_ttl=0)


def pending(conn, player_id: str) -> list[dict]:
    """The player's unanswered challenges, oldest first: each game as a stranger sees a
    listed one (service/lobby.py), with the player's seat and the challenger's name."""
    held = {g.decode(): int(s) for g, s in conn.hgetall(challenges_key(player_id)).items()}
    pipe = state_redis(conn).pipeline(transaction=False)
    for game_id in held:
        pipe.get(key(game_id, "meta"))
    out = []
    for (game_id, seat), raw in zip(held.items(), pipe.execute()):
        record = GameRecord.from_stored(unpacked(raw)) if raw else None
        if record is None or record.seats[seat].challenged != player_id:
            conn.hdel(challenges_key(player_id), game_id)        # answered or gone since
            continue
        out.append({**lobby.shown(record), "seat": seat,
                    CHALLENGER: record.settings.get(CHALLENGER)})
    return sorted(out, key=lambda c: c["created_at"])


def challenged_seat(record: GameRecord, player_id: str) -> int:
    """The seat of the game reserved for the player; 404 when none is."""
    for seat, entry in enumerate(record.seats):
        if entry.challenged == player_id:
            return seat
    raise NoChallenge(Said(N_("game {game} holds no unanswered challenge of player {player}"),
                           game=record.id, player=player_id))


def accept(conn, player: dict, game_id: str) -> handover.Taken:
    """The challenged player takes its seat (bound to its account; the seat keeps its
    name, the player's unless the challenger named it)."""
    players.room_for_game(conn, player["id"])
    taken = handover.hand_over(
        conn, game_id, lambda record: (challenged_seat(record, player["id"]), False), player)
    pipe = conn.pipeline()
    pipe.hdel(challenges_key(player["id"]), game_id)
    pipe.hset(players.player_key(player["id"], "seats"), game_id, taken.seat)
    pipe.execute()
    return taken


def decline(conn, player_id: str, game_id: str) -> tuple[GameRecord, int]:
    """The challenged player refuses: its seat becomes open to anyone (listed), its
    reply address dies (the epoch grows), and the game's players are told."""
    state, meta = state_redis(conn), key(game_id, "meta")

    def free(pipe) -> tuple[GameRecord, int]:
        raw = pipe.get(meta)
        if raw is None:
            raise problems.NotFound(Said(N_("no game {game} in progress"), game=game_id))
        record = GameRecord.from_stored(unpacked(raw))
        seat = challenged_seat(record, player_id)
        entry = record.seats[seat]
        entry.challenged, entry.email, entry.open = None, None, True
        entry.name, entry.epoch = f"Open seat {seat + 1}", entry.epoch + 1
        pipe.multi()
        pipe.set(meta, packed(asdict(record)))
        return record, seat

    record, seat = state.transaction(free, meta, value_from_callable=True)
    pipe = conn.pipeline()
    pipe.hdel(challenges_key(player_id), game_id)
    feed.tell_players(conn, pipe, record, [event(record, DECLINED, declined_seat=seat)])
    pipe.execute()
    lobby.list_game(conn, record)
    return record, seat
