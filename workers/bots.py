"""Bot seats play through the turn queue (issue 15): when a seat played by the bot is to
act, the rq job `play_bot` thinks (service/games/bot.py, seeded from the game and its
version) and submits its move as a normal turn, which the resolve job applies as
anyone's. The job's id and the turn's Idempotency-Key name the game, version and
seat, so owing it twice (a retry, a sweep, a worker restarted) plays once; a job
for a version the game has left does nothing. What follows a bot's turn is owed like
any turn's (workers/resolve.py, `follow_up`), so the next bot move is owed with it;
a game whose bot is owed a move is in the `bot-games` set until a human is to act or
the game ends, and the turn worker's sweep owes its job again (one lost with a killed
worker is played within a sweep's period)."""
from __future__ import annotations

import logging

from service import problems
from service.bot_seats import BOT_GAMES, bot_to_act, owe
from service.games.bot import choose, seed_for
from service.play import load_game, submit_turn
from service.queues import enqueuer, job_connection
from service.store import Store

log = logging.getLogger(__name__)
SWEEP_BATCH = 1000          # games looked at per sweep at most


def play_bot(game_id: str, version: int, reason: str = "seat") -> str:
    """The bot's move for the bot seat to act at `version`, submitted as a turn."""
    store = Store(job_connection())
    game = load_game(store, game_id)
    seat = bot_to_act(game)
    if game.snapshot.version != version or seat is None:
        return "nothing to play"
    move = choose(game.type, game.state, seat, seed_for(game_id, version, seat))
    try:
        turn, _created = submit_turn(store, enqueuer(store.redis), game_id, seat, version, [move],
                                     idempotency_key=f"bot-{seat}-v{version}", game=game,
                                     bot=reason)
    except problems.Problem as refused:        # the game moved on meanwhile
        log.info("bot turn of game %s at version %d refused: %s", game_id, version, refused.detail)
        return f"refused: {refused.detail}"
    return f"queued {turn['id']}: {game.type.engine.format(move)}"


def sweep(conn) -> int:
    """Owe the bot's job again in every game of `bot-games` whose bot is still to act
    (owing twice plays once); a game whose bot is not to act leaves the set."""
    store, looked = Store(conn), 0
    for raw in conn.srandmember(BOT_GAMES, SWEEP_BATCH):
        game_id, looked = raw.decode(), looked + 1
        try:
            game = load_game(store, game_id)
        except problems.Problem:            # gone, or pinned to another engine version
            game = None
        if game is None or not owe(conn, game):
            conn.srem(BOT_GAMES, game_id)
    return looked
