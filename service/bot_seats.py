"""Owing a bot seat its move (issue 15): when a seat played by the bot is to act, its
job (workers/bots.py, `play_bot`) goes on the turns queue under an id naming the game
and version, so owing it twice plays once; the game waits in the `bot-games` set, which
the turn worker's sweep reads, until a human is to act or the game ends."""
from __future__ import annotations

from service.play import Game
from service.queues import RETRY, TURNS, job_waiting, queue
from service.seating import RESIGNED

BOT_GAMES = "bot-games"


def bot_to_act(game: Game) -> int | None:
    """The bot seat to act now in an active game, if any."""
    if game.snapshot.status != "active":
        return None
    return next((seat for seat in game.snapshot.to_act if game.record.seats[seat].bot), None)


def owe(conn, game: Game, reason: str = "seat") -> bool:
    """Put the bot's job on the turns queue when a bot seat is to act; True if owed.
    `reason` goes into the log's `played_by_bot` event: "seat" (a bot's seat),
    "deadline" (the bot took a dropped player's seat); "resigned" for every move of a
    seat whose player resigned (service/resignation.py)."""
    seat = bot_to_act(game)
    if seat is None:
        return False
    if seat in game.record.settings.get(RESIGNED, ()):
        reason = RESIGNED
    conn.sadd(BOT_GAMES, game.record.id)
    job_id = f"bot-{game.record.id}-{game.snapshot.version}"
    turns = queue(conn, TURNS)
    if not job_waiting(turns, job_id):
        turns.enqueue("workers.bots.play_bot", game.record.id, game.snapshot.version, reason,
                      job_id=job_id, retry=RETRY, result_ttl=0, failure_ttl=7 * 24 * 3600)
    return True
