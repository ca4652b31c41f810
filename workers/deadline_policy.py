"""What happens at a seat's deadline (issue 4, "Deadlines and reminders"), the game's
`deadline_policy`: wait (just remind), skip (the engine's neutral move is played
for the seat, GameType.neutral_move), bot (the game's bot plays the dropped seat from
then on, workers/bots.py) or pause (the game; its admin resumes it). Called once per seat and
clock by workers/clock.py's deadline job (`clock` names it in the mail events)."""
from __future__ import annotations

import json

from service import bot_seats, i18n, problems
from service.games.speech import N_, _
from service.mail.config import MailConfig
from service.mail.runtime import queue
from service.play import Game, load_game, submit_turn
from service.queues import enqueuer
from service.store import IDEMPOTENCY_TTL, Store, key
from workers.mail import compose, movelist, notices, outbox


def wait(conn, game: Game, seat: int, config: dict, clock: str) -> str:
    """The seat is told what happened (issue 20, finding 5): nothing; the game waits."""
    if game.record.seats[seat].email:
        mail_config = MailConfig.from_env(conn)
        with i18n.speaking_to(conn, game.record, seat):
            mail = notices.blank(game, seat, _("Deadline passed: your turn"), mail_config)
            mail.add(_("Deadline passed"), _(
                "Your time to move ({hours}) has run out. This game waits at the deadline: "
                "nothing was played for you, the other players wait for your move, and you "
                "will go on being reminded.").format(hours=hours(config)))
            notices.add_turn(mail, game, seat)
        outbox.dispatch(conn, queue(conn), mail_config, mail, [f"deadline-{clock}"])
    return "wait"


def hours(config: dict) -> str:
    return compose.hours(config["turn_hours"])


def skip(conn, game: Game, seat: int, config: dict, clock: str) -> str:
    """Queue the engine's neutral move for the seat. The seat is told only once the turn is
    applied (workers/notify.py, `played_for`): its own move may still win. The turn's mark
    lives as long as its record: a later turn may take the id of an expired one."""
    move = game.type.neutral_move(game.state, seat)
    if move is None:
        return "no legal move"
    played = game.type.engine.format(move)
    platform_enqueue = enqueuer(conn)

    def enqueue(game_id: str, turn_id: str, again: bool = False) -> None:
        conn.set(skip_key(game_id, turn_id), json.dumps(
            {"clock": clock, "played": played, "turn_hours": config["turn_hours"]}), ex=IDEMPOTENCY_TTL)
        platform_enqueue(game_id, turn_id, again)
    try:
        submit_turn(Store(conn), enqueue, game.record.id, seat, game.snapshot.version,
                    [move], idempotency_key=f"deadline-{seat}-{clock}")
    except problems.Problem as refused:
        return f"skip refused: {refused.detail}"
    return f"skip: {played}"


def skip_key(game_id: str, turn_id: str) -> str:
    return key(game_id, "clock", "skip", turn_id)


def played_for(conn, game: Game, turn: dict, turn_id: str) -> tuple[compose.Mail, list[str]] | None:
    """For an applied skip turn: the mail telling its seat what was played for it, with
    the board, and its moves and page when it still acts (issue 27), and the mail's
    events; workers/notify.py sends it."""
    marker = conn.get(skip_key(game.record.id, turn_id))
    if marker is None or turn["status"] != "applied" or not game.record.seats[turn["seat"]].email:
        return None
    skipped, mail_config, seat = json.loads(marker), MailConfig.from_env(conn), turn["seat"]
    mail = notices.blank(game, seat, _("Time ran out: a move was played for you"), mail_config)
    mail.add(_("Deadline"), _("You did not move within {hours}, so this was played for you:").format(
        hours=compose.hours(skipped["turn_hours"])) + "\n  " + played_line(game, skipped)
        + ("\n" + _("It is still your turn: reply to this mail with your next move.")
           if seat in game.snapshot.to_act and game.snapshot.status == "active" else ""))
    notices.add_turn(notices.page_link(mail, game, seat, mail_config), game, seat)
    return mail, [f"deadline-{skipped['clock']}"]


def announce_skip(conn, game: Game, turn: dict, turn_id: str, other: int) -> str | None:
    """For an applied skip turn: the mail telling another seat (issue 20, finding 5)."""
    marker = conn.get(skip_key(game.record.id, turn_id))
    if marker is None or turn["status"] != "applied":
        return None
    skipped, mail_config = json.loads(marker), MailConfig.from_env(conn)
    name = game.record.seats[turn["seat"]].name
    mail = notices.blank(game, other, _("Time ran out for {name}").format(name=name), mail_config)
    mail.add(_("Deadline"), _("{name} did not move within {hours}, so this was played for them:").format(
        name=name, hours=compose.hours(skipped["turn_hours"])) + "\n  " + played_line(game, skipped))
    return outbox.dispatch(conn, queue(conn), mail_config, mail, [f"skipped-{skipped['clock']}"])


def played_line(game: Game, skipped: dict) -> str:
    """The move played at the deadline as the reader types it."""
    return notices.named(game, movelist.typed(skipped["played"]))


def is_skip(conn, game_id: str, turn_id: str) -> bool:
    return bool(conn.exists(skip_key(game_id, turn_id)))


def pause(conn, game: Game, seat: int, config: dict, clock: str) -> str:
    Store(conn).set_status(game.record.id, "paused")
    mail_config = MailConfig.from_env(conn)
    name = game.record.seats[seat].name
    for other in notices.seats_with_mail(game):
        with i18n.speaking_to(conn, game.record, other):
            mail = notices.blank(game, other, _("Game paused: time ran out"), mail_config)
            mail.add(_("Paused"), _("{name} did not move within {hours}, so the game is paused.\n"
                                    "The game's admin can resume it: POST {link}").format(
                name=name, hours=hours(config), link=f"{mail_config.public_url}/v1/games/{game.record.id}/status"))
        outbox.dispatch(conn, queue(conn), mail_config, mail, [f"paused-{clock}"])
    return "pause"


def bot(conn, game: Game, seat: int, config: dict, clock: str) -> str:
    """A dropped player: the bot takes the seat for the rest of the game (issue 15),
    told by mail to every seat with an address and in the log (the bot's first move
    carries `played_by_bot` with reason "deadline"); then its move is owed."""
    store = Store(conn)
    if not store.hand_to_bot(game.record.id, seat):
        return "bot already plays"
    game = load_game(store, game.record.id)
    tell_bot_plays(conn, game, seat, "deadline", f"bot-{clock}", hours=hours(config))
    bot_seats.owe(conn, game, reason="deadline")
    return "bot"


# why the bot plays a seat from now on: (subject to the seat, subject to the others,
# the section's title, text to the seat, text to the others)
BOT_PLAYS_SAID = {
    "deadline": (N_("Time ran out: the bot plays for you"), N_("Time ran out: the bot plays for {name}"),
                 N_("Deadline"),
                 N_("You did not move within {hours}, so the game's bot plays your seat from now on."),
                 N_("{name} did not move within {hours}, so the game's bot plays their seat from now on.")),
    "resigned": (N_("Resigned: the bot plays for you"), N_("Resigned: the bot plays for {name}"),
                 N_("Resigned"),
                 N_("You resigned, so the game's bot plays your seat from now on."),
                 N_("{name} resigned, so the game's bot plays their seat from now on.")),
    "handed-on": (N_("Handed on: the bot plays for you"), N_("Handed on: the bot plays for {name}"),
                  N_("Handed on"),
                  N_("You missed too many deadlines and the game's admin handed the seat on, so "
                     "the game's bot plays your seat from now on."),
                  N_("{name} missed too many deadlines and the game's admin handed the seat on, "
                     "so the game's bot plays their seat from now on.")),
}


def tell_bot_plays(conn, game: Game, seat: int, why: str, event: str, hours: str = "") -> None:
    """Every seat with an address is told, in its own language, that the seat's holder
    ran out of time, resigned or was handed on (`why`, of BOT_PLAYS_SAID) and the game's
    bot plays the seat from now on; `hours`: the turn clock's time, for a deadline. The
    seat itself too, though resigned: its mail has no reply address (notices.blank)."""
    mail_config, name = MailConfig.from_env(conn), game.record.seats[seat].name
    to_seat, to_others, title, seat_text, others_text = BOT_PLAYS_SAID[why]
    for other in [s for s in notices.every_address(game) if s == seat or s in notices.seats_with_mail(game)]:
        with i18n.speaking_to(conn, game.record, other):
            own = other == seat
            mail = notices.blank(game, other, _(to_seat if own else to_others).format(name=name), mail_config)
            mail.add(_(title), _(seat_text if own else others_text).format(name=name, hours=hours))
        outbox.dispatch(conn, queue(conn), mail_config, mail, [event])


POLICIES = {"wait": wait, "skip": skip, "pause": pause, "bot": bot}
