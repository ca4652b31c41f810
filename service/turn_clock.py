"""The turn clock (issue 4, "Deadlines and reminders").

A game's clock is a platform setting outside the rules, `settings["clock"]`:
  {"turn_hours": 48, "reminder_hours": [24, 12], "deadline_policy": "wait|skip|pause|bot"}
i.e. a seat has 48 h per move, is reminded after 24 h and then every 12 h, and at the
deadline the policy applies once: wait (just remind), skip (the engine's minimal legal
move is played for the seat: a pass where there is one), bot (the game's bot plays the
seat from then on) or pause (the game).

When a seat must act at a version, its clock starts (`game:{id}:clock:<seat>`; a seat
that was to act at the version before too keeps its running clock) and its
reminder and deadline jobs are scheduled with rq's scheduler under deterministic ids;
`restart` (after every turn and from the sweeper) cancels the jobs of every clock that
no longer runs, i.e. when the seat has moved. A job first checks that its seat still has
to act at its version. Vacation time does not count (service/mail/settings.py); a job
that fires early for that reason puts itself off. A paused game's clocks stop; when it
is resumed, the sweeper (every SWEEP_EVERY seconds) starts fresh ones, with their own
reminders and deadline."""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timezone

from rq import get_current_job
from rq.job import Job

from service.mail import settings
from service.mail.runtime import queue
from service.play import Game
from service.store import key, sharded

CLOCKED = "clock:games"             # ids of games with a running clock, for the sweeper,
                                    # in the store's shards (clocked_key)
SWEEP_EVERY = 15 * 60
MAX_REMINDERS = 20
LONGEST_HOURS = 720                 # openapi.yaml, Clock: turn_hours and reminder_hours


@dataclass
class Clock:
    seat: int
    version: int
    since: float
    reminders_sent: int = 0
    deadline_done: bool = False


def clock_settings(game: Game) -> dict | None:
    """The game's clock with its defaults: reminders after half the turn time, then
    every quarter; the policy wait. Hours are held to 1..LONGEST_HOURS, the contract's
    bounds, also for games stored before the contract had them (issue 11, finding 3)."""
    given = game.record.settings.get("clock")
    if not given:
        return None
    hours = bounded(given["turn_hours"])
    reminders = given.get("reminder_hours") or [hours // 2, hours // 4]
    return {"turn_hours": hours, "reminder_hours": [bounded(h) for h in reminders],
            "deadline_policy": given.get("deadline_policy", "wait")}


def bounded(hours: int) -> int:
    return min(max(1, hours), LONGEST_HOURS)


def clocked_key(game_id: str) -> str:
    """The shard of CLOCKED that holds the game (service/store/keys.py: no one hot key)."""
    return sharded(CLOCKED, game_id)


def clock_key(game_id: str, seat: int) -> str:
    return key(game_id, "clock", str(seat))


def jobs_key(game_id: str) -> str:
    return key(game_id, "clock", "jobs")


def read(conn, game_id: str, seat: int) -> Clock | None:
    text = conn.get(clock_key(game_id, seat))
    return Clock(**json.loads(text)) if text else None


def write(conn, game_id: str, clock: Clock) -> None:
    conn.set(clock_key(game_id, clock.seat), json.dumps(asdict(clock)))


def reminder_offset(config: dict, number: int) -> float:
    first, every = config["reminder_hours"]
    return (first + (number - 1) * every) * 3600


def restart(conn, game: Game) -> None:
    """Make the clocks match the game: one per seat to act at this version, each with
    its next reminder and its deadline scheduled; everything else cancelled."""
    game_id, config = game.record.id, clock_settings(game)
    running = set()
    if config and game.snapshot.status != "finished":
        conn.sadd(clocked_key(game_id), game_id)   # a paused one too: restarted on resume
    else:
        conn.srem(clocked_key(game_id), game_id)
        conn.srem(CLOCKED, game_id)                 # the one key of before the shards
    if config and game.snapshot.status == "active":
        for seat in game.snapshot.to_act:
            if game.record.seats[seat].bot:         # the bot's job plays it, at once
                continue
            clock = read(conn, game_id, seat)
            if clock is None or clock.version < game.snapshot.version - 1:
                clock = Clock(seat, game.snapshot.version, time.time())
                write(conn, game_id, clock)
            elif clock.version != game.snapshot.version:     # still to act: the same clock runs on
                clock.version = game.snapshot.version
                write(conn, game_id, clock)
            running.add(seat)
            schedule(conn, game_id, config, clock)
    for seat in range(len(game.record.seats)):
        if seat not in running:
            conn.delete(clock_key(game_id, seat))
    cancel_except(conn, game_id, {job_id(game_id, c, kind) for c in
                                  filter(None, (read(conn, game_id, s) for s in running))
                                  for kind in ("remind", "deadline")})
    ensure_sweeper(conn)


def reschedule(conn, game: Game) -> None:
    """After a vacation is declared or ended: every clock job of the game anew."""
    cancel_except(conn, game.record.id, set())
    restart(conn, game)


def job_id(game_id: str, clock: Clock, kind: str) -> str:
    number = f"-{clock.reminders_sent + 1}" if kind == "remind" else ""
    return f"pbem-{kind}-{game_id}-{clock.seat}-v{clock.version}{number}"


def schedule(conn, game_id: str, config: dict, clock: Clock) -> None:
    """The clock's next reminder and its deadline, unless already scheduled or done."""
    wanted = []
    if clock.reminders_sent < MAX_REMINDERS and (
            config.get("deadline_policy") == "wait"
            or reminder_offset(config, clock.reminders_sent + 1) < config["turn_hours"] * 3600):
        wanted.append(("remind", reminder_offset(config, clock.reminders_sent + 1)))
    if not clock.deadline_done:
        wanted.append(("deadline", config["turn_hours"] * 3600))
    for kind, offset in wanted:
        at_offset(conn, game_id, clock, kind, offset)


def at_offset(conn, game_id: str, clock: Clock, kind: str, offset: float) -> None:
    """Schedule the job for when the seat has used `offset` seconds of its clock. A job
    putting itself off (vacation) is running under the id: the new one gets a suffix."""
    ident = job_id(game_id, clock, kind)
    existing = Job.fetch_many([ident], connection=conn)[0]
    running = get_current_job()
    if existing is not None and existing.get_status(refresh=False) in ("scheduled", "queued", "started"):
        if running is None or running.id != ident:
            return
    seat_settings = settings.load(conn, game_id, clock.seat)
    now = time.time()
    left = offset - settings.active_seconds(seat_settings, clock.since, now)
    due = max(now, seat_settings.on_vacation(now) or now) + max(0.0, left)
    if running is not None and put_off_of(running.id, ident):
        ident = f"{ident}-after{int(due)}"
    queue(conn).enqueue_at(datetime.fromtimestamp(due, timezone.utc), f"workers.clock.{kind}",
                           game_id, clock.seat, clock.version, job_id=ident, result_ttl=0)
    conn.sadd(jobs_key(game_id), ident)


def put_off_of(ident: str, base: str) -> bool:
    return ident == base or ident.startswith(base + "-after")


def cancel_except(conn, game_id: str, keep: set[str]) -> None:
    """Cancel the game's clock jobs but those in keep (and their put-off successors)."""
    for raw in conn.smembers(jobs_key(game_id)):
        ident = raw.decode()
        if any(put_off_of(ident, kept) for kept in keep):
            continue
        job = Job.fetch_many([ident], connection=conn)[0]
        if job is not None and job.get_status(refresh=False) in ("scheduled", "queued", "deferred"):
            job.delete()
        conn.srem(jobs_key(game_id), ident)


def ensure_sweeper(conn) -> None:
    """One sweep job per period, under a deterministic id (asking twice schedules it
    once); scheduled anew when it was lost with the scheduled registry."""
    slot = int(time.time() // SWEEP_EVERY) + 1
    ident = f"pbem-clock-sweep-{slot}"
    job = Job.fetch_many([ident], connection=conn)[0]
    if job is None or job.get_status(refresh=False) not in ("scheduled", "queued", "started"):
        queue(conn).enqueue_at(datetime.fromtimestamp(slot * SWEEP_EVERY, timezone.utc),
                               "workers.clock.sweep", job_id=ident, result_ttl=0)
