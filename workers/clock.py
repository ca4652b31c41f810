"""The turn clock's rq jobs (issue 4, "Deadlines and reminders"): a reminder, the
deadline's policy (workers/deadline_policy.py) and the sweep that catches what was lost.
The clock itself, when it starts and what it schedules, is service/turn_clock.py."""
from __future__ import annotations

import logging
import time

from service import handed_on, replacement
from service import i18n
from service.games.speech import _
from service.mail import settings
from service.mail.config import MailConfig
from service.mail.runtime import connection, queue
from service.play import Game, load_game
from service.store import Store, every_shard, key
from service.turn_clock import (CLOCKED, Clock, clock_settings, clocked_key, ensure_sweeper, job_id,
                                jobs_key, read, reminder_offset, restart, schedule, write)
from workers import deadline_policy
from workers.mail import compose, notices, outbox
from workers.mail.compose import Mail

log = logging.getLogger(__name__)


def still_running(conn, game_id: str, seat: int, version: int):
    """(game, clock, config) when the seat still has to act at that version, else None."""
    game = load_game(Store(conn), game_id)
    clock, config = read(conn, game_id, seat), clock_settings(game)
    if (config is None or game.snapshot.status != "active" or game.snapshot.version != version
            or seat not in game.snapshot.to_act or clock is None or clock.version != version):
        return None
    return game, clock, config


def due_yet(conn, game_id: str, clock: Clock, offset: float) -> bool:
    used = settings.active_seconds(settings.load(conn, game_id, clock.seat), clock.since, time.time())
    return used >= offset - 2          # the scheduler works in whole seconds


def firing(conn, game_id: str, seat: int, version: int, kind: str):
    """(game, clock, config) when a clock job should act now; else what it did instead:
    nothing ("moved": the seat has moved) or put itself off (vacation time)."""
    found = still_running(conn, game_id, seat, version)
    if found is None:
        return "moved"
    game, clock, config = found
    conn.srem(jobs_key(game_id), job_id(game_id, clock, kind))
    offset = (reminder_offset(config, clock.reminders_sent + 1) if kind == "remind"
              else config["turn_hours"] * 3600)
    if not due_yet(conn, game_id, clock, offset):
        schedule(conn, game_id, config, clock)
        return "put off"
    return found


def remind(game_id: str, seat: int, version: int) -> str:
    """rq job: remind the seat, if it still has to act, and schedule the next one."""
    conn = connection()
    found = firing(conn, game_id, seat, version, "remind")
    if isinstance(found, str):
        return found
    game, clock, config = found
    number, mail_config = clock.reminders_sent + 1, MailConfig.from_env(conn)
    at_deadline = reminder_offset(config, number) == config["turn_hours"] * 3600
    if game.record.seats[seat].email and not at_deadline:       # the deadline's mail says it
        with i18n.speaking_to(conn, game.record, seat):
            mail = notices.reminder(game, seat, mail_config, deadline_text(clock, config))
        outbox.dispatch(conn, queue(conn), mail_config, mail, [f"remind-{stamp(clock)}-{number}"])
    clock.reminders_sent = number
    write(conn, game_id, clock)
    schedule(conn, game_id, config, clock)
    return f"reminder {number}"


def stamp(clock: Clock) -> str:
    """Names one clock in mail events: a clock started anew reminds anew."""
    return f"v{clock.version}-{int(clock.since)}"


def at_the_deadline(policy: str) -> str:
    """What a deadline policy does, in the reader's words."""
    return {"wait": _("the game waits for you, and you are reminded"),
            "skip": _("a minimal move (a pass where the rules have one) is played for you"),
            "pause": _("the game is paused until its admin resumes it"),
            "bot": _("the game's bot plays your seat from then on")}[policy]


def deadline_text(clock: Clock, config: dict) -> str:
    """The seat's deadline in words (issue 20, finding 5): the date and time in UTC,
    how long is left and what happens then."""
    due = clock.since + config["turn_hours"] * 3600
    left = round(max(0.0, due - time.time()) / 3600)
    within = _("in {hours}").format(hours=compose.hours(left)) if left else _("within the hour")
    return _("{when} ({within}; time on vacation does not count). Then {then}.").format(
        when=i18n.when(due), within=within, then=at_the_deadline(config["deadline_policy"]))


def add_clock(conn, game: Game, seat: int, mail: Mail) -> Mail:
    """For the invitation and "your turn" mails of a clocked game: the game's clock
    and, for a seat that must act now, its deadline (as `restart` runs or starts it)."""
    config = clock_settings(game)
    if config is None:
        return mail
    text = _("This game has a turn clock: {hours} per move; at the deadline {then}.").format(
        hours=compose.hours(config["turn_hours"]), then=at_the_deadline(config["deadline_policy"]))
    if game.snapshot.status == "active" and seat in game.snapshot.to_act:
        clock = read(conn, game.record.id, seat)
        if clock is None or clock.version < game.snapshot.version - 1:
            clock = Clock(seat, game.snapshot.version, time.time())
        text += "\n" + _("Your deadline: {deadline}").format(deadline=deadline_text(clock, config))
    return mail.add(_("Turn clock"), text)


def deadline(game_id: str, seat: int, version: int) -> str:
    """rq job: at the deadline the game's policy applies, exactly once per seat and
    clock (`game:{id}:clock:fired:<seat>:v<version>:<since>`, SET NX): the same
    deadline never twice, but a clock started anew (a paused game resumed) has its own."""
    conn = connection()
    found = firing(conn, game_id, seat, version, "deadline")
    if isinstance(found, str):
        return found
    game, clock, config = found
    fired = key(game_id, "clock", "fired", str(seat), f"v{version}", str(int(clock.since)))
    if not conn.set(fired, time.time(), nx=True):
        return "already fired"
    clock.deadline_done = True
    write(conn, game_id, clock)
    replacement.count_missed(conn, game_id, seat)      # what lets its admin hand it on
    result = deadline_policy.POLICIES[config["deadline_policy"]](conn, game, seat, config,
                                                                stamp(clock))
    restart(conn, load_game(Store(conn), game_id))    # wait: reminders go on; pause: clocks stop
    return result


def sweep() -> int:
    """rq job: catch what was lost (a flushed registry, a killed worker): every clocked
    game is restarted, which schedules its missing clock jobs (one whose time is past
    runs at once), every game's undelivered mail is queued again, and a seat's hand-over
    whose process died before its follow-up has it done (service/handed_on.py)."""
    conn = connection()
    store, mail_queue, count = Store(conn), queue(conn), 0
    try:
        for game_id in clocked(conn):
            if store.game(game_id) is None:
                conn.srem(clocked_key(game_id), game_id)
                conn.srem(CLOCKED, game_id)
                continue
            count += each_game(game_id, lambda: restart(conn, load_game(store, game_id)) or 1)
        for game_id in [*store.game_ids(), "stray"]:
            count += each_game(game_id, lambda: outbox.resend_lost(conn, mail_queue, game_id))
        count += handed_on.sweep(conn)
    finally:
        ensure_sweeper(conn)
    return count


def clocked(conn) -> list[str]:
    """The clocked games of every shard (and of the one key of before them)."""
    pipe = conn.pipeline(transaction=False)
    for index in every_shard(CLOCKED):
        pipe.smembers(index)
    return sorted({raw.decode() for ids in pipe.execute() for raw in ids})


def each_game(game_id: str, work) -> int:
    """One game's part of the sweep; a game that cannot be loaded (say, its engine
    version is pinned) is logged and spoils the sweep for no other."""
    try:
        return work()
    except Exception:
        log.exception("sweep: game %s skipped", game_id)
        return 0
