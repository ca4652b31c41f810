"""Resigning (issue 30, "Leaving"): a seat's holder gives the game up. None of the four
rulebooks says what happens when a player leaves a game (searched for aufgeben,
ausscheiden, verlassen: nothing on leaving), so the seat is played by the game's bot from
then on (service/bot_seats.py, workers/bots.py): its every later move carries
`played_by_bot` with reason "resigned" in the log, the game's answer lists the seat in
`resigned` (its result too, once over), and every seat with an address is told by mail.
Resigning is not a move: it changes no version and no rule."""
from __future__ import annotations

from service import bot_seats, problems, takeback
from service.games.speech import N_, Said
from service.play import Game, load_game
from service.queues import notify
from service.store import Store

RUNNING = ("active", "paused")


def resigned(record) -> list[int]:
    """The seats whose players resigned."""
    return list(record.settings.get(bot_seats.RESIGNED, []))


def resign(conn, game: Game, seat: int) -> Game:
    """The seat given to the bot for good, the bot's move owed if it is to act, the seats
    told; the game as it is then. 409 for a game not running, or a seat the bot plays."""
    store, game_id = Store(conn), game.record.id
    withdrawal = takeback.Withdrawal(game_id, seat)     # its waiting take-back request goes
    if game.snapshot.status not in RUNNING or not store.hand_to_bot(
            game_id, seat, resigned=True, left_behind=withdrawal.keys):
        now = store.snapshot(game_id).status
        if now not in RUNNING:
            raise problems.GameNotActive(
                Said(N_("the game is {status}: only a seat of a running game resigns"), status=Said(now)),
                status_now=now)
        raise problems.Conflict(Said(N_("seat {seat} is played by the bot already"), seat=seat))
    store.announce(game_id, bot_seats.RESIGNED)            # the game's waiters look again
    game = load_game(Store(conn), game_id)
    withdrawal.told(conn, game)
    bot_seats.owe(conn, game, reason=bot_seats.RESIGNED)
    notify(conn, "on_resigned", game_id, str(seat))
    return game
