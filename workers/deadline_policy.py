"""What happens at a seat's deadline (issue 4, "Deadlines and reminders"), the game's
`deadline_policy`: wait (just remind), skip (the engine's minimal legal move is played
for the seat) or pause (the game; its admin resumes it). Called once per seat and
clock by workers/clock.py's deadline job (`clock` names it in the mail events)."""
from __future__ import annotations

from service import problems
from service.play import Game, submit_turn
from service.store import Store
from workers.mail import notices, outbox
from workers.mail.config import MailConfig
from workers.mail.runtime import queue
from workers.queues import enqueuer


def wait(conn, game: Game, seat: int, config: dict, clock: str) -> str:
    if game.record.seats[seat].email:
        mail_config = MailConfig.from_env(conn)
        mail = notices.reminder(game, seat, mail_config, None)
        mail.subject = "Deadline passed: your turn"
        outbox.dispatch(conn, queue(conn), mail_config, mail, [f"deadline-{clock}"])
    return "wait"


def minimal_move(game: Game, seat: int) -> dict | None:
    """The move played for a seat whose time ran out: a pass where the rules have one,
    else the first legal move the engine lists."""
    moves = game.type.engine.legal_moves(game.state, seat)
    return next((m for m in moves if m.get("action") == "pass"), moves[0] if moves else None)


def skip(conn, game: Game, seat: int, config: dict, clock: str) -> str:
    move = minimal_move(game, seat)
    if move is None:
        return "no legal move"
    try:
        submit_turn(Store(conn), enqueuer(conn), game.record.id, seat, game.snapshot.version,
                    [move], idempotency_key=f"deadline-{seat}-{clock}")
    except problems.Problem as refused:
        return f"skip refused: {refused.detail}"
    played = game.type.engine.format(move)
    if game.record.seats[seat].email:
        mail_config = MailConfig.from_env(conn)
        mail = notices.blank(game, seat, "Time ran out: a move was played for you", mail_config)
        mail.add("Deadline", f"You did not move within {config['turn_hours']} hours, so "
                             f"this was played for you:\n  {played}")
        outbox.dispatch(conn, queue(conn), mail_config, mail, [f"deadline-{clock}"])
    return f"skip: {played}"


def pause(conn, game: Game, seat: int, config: dict, clock: str) -> str:
    Store(conn).set_status(game.record.id, "paused")
    mail_config = MailConfig.from_env(conn)
    name = game.record.seats[seat].name
    for other, entry in enumerate(game.record.seats):
        if entry.email:
            mail = notices.blank(game, other, "Game paused: time ran out", mail_config)
            mail.add("Paused", f"{name} (seat {seat}) did not move within "
                               f"{config['turn_hours']} hours, so the game is paused.\n"
                               "The game's admin can resume it: POST "
                               f"{mail_config.public_url}/v1/games/{game.record.id}/status")
            outbox.dispatch(conn, queue(conn), mail_config, mail,
                            [f"paused-{clock}"])
    return "pause"


POLICIES = {"wait": wait, "skip": skip, "pause": pause}


