"""The turn clock (issue 4, "Deadlines and reminders"), with time moved by
time-machine and the jobs run by rq's own scheduler and a worker: reminders after 24 h
and then every 12 h, stopped when the seat moves; the deadline policy (skip, wait,
pause) fires exactly once; vacation stops the clock; the sweeper finds lost jobs."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
import time_machine
from rq.registry import ScheduledJobRegistry

from service import turn_clock
from service.queues import MAIL, queue
from service.store import Store, key
from tests.workers.conftest import PLAYERS, reply_to, kind
from tests.workers.test_play_by_mail import listed_moves
from workers import deadline_policy

ADA, BERT = PLAYERS[0]["email"], PLAYERS[1]["email"]
START = datetime(2030, 1, 7, 9, 0, tzinfo=timezone.utc)


def clock_of(policy: str) -> dict:
    return {"turn_hours": 48, "reminder_hours": [24, 12], "deadline_policy": policy}


def subjects(inbox, address: str) -> list[str]:
    return [kind(m) for m in inbox.to(address)]


@pytest.fixture
def travel():
    with time_machine.travel(START, tick=True) as traveller:
        yield traveller


def at(travel, run_jobs, hours: float) -> None:
    """Move the clock to START + hours and run whatever has become due."""
    travel.move_to(START + timedelta(hours=hours))
    run_jobs()


def test_reminders_after_first_then_every_until_the_deadline(conn, inbox, run_jobs, new_game, travel):
    new_game("pile", clock=clock_of("wait"))
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 23.5)
    assert subjects(inbox, ADA) == ["You are invited to a game"]
    at(travel, run_jobs, 24.1)
    assert subjects(inbox, ADA)[-1] == "Reminder: your turn"
    at(travel, run_jobs, 36.1)
    assert subjects(inbox, ADA).count("Reminder: your turn") == 2
    assert subjects(inbox, BERT) == ["You are invited to a game"]       # Bert is not to act


def test_reminders_stop_when_the_seat_moves(conn, inbox, mail_in, run_jobs, new_game, travel):
    game_id = new_game("pile", clock=clock_of("skip"))
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 24.1)
    reminder = inbox.last(ADA)
    mail_in(reply_to(reminder, listed_moves(reminder)[0], ADA))
    at(travel, run_jobs, 25)
    scheduled = ScheduledJobRegistry(queue=queue(conn, MAIL)).get_job_ids()
    assert not [j for j in scheduled if f"-{game_id}-0-" in j]           # Ada's jobs cancelled
    at(travel, run_jobs, 60)                                             # past Ada's old deadline
    assert subjects(inbox, ADA).count("Reminder: your turn") == 1
    assert "Time ran out: a move was played for you" not in subjects(inbox, ADA)
    assert subjects(inbox, BERT)[-1] == "Reminder: your turn"           # his clock began at 25 h
    assert Store(conn).snapshot(game_id).version == 1


def run_deadline_again(conn, run_jobs, game_id: str, seat: int, version: int) -> None:
    queue(conn, MAIL).enqueue("workers.clock.deadline", game_id, seat, version)
    run_jobs()


def test_deadline_skip_plays_a_pass_exactly_once(conn, inbox, run_jobs, new_game, travel):
    game_id = new_game("pile", clock=clock_of("skip"))
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 48.1)
    store = Store(conn)
    assert [e["move"] for e in store.log(game_id)] == [{"action": "pass"}]
    assert subjects(inbox, ADA).count("Time ran out: a move was played for you") == 1
    assert subjects(inbox, BERT)[-1] == "Your turn"
    run_deadline_again(conn, run_jobs, game_id, 0, 0)
    queue(conn, MAIL).enqueue("workers.clock.sweep")
    run_jobs()
    assert store.snapshot(game_id).version == 1
    assert subjects(inbox, ADA).count("Time ran out: a move was played for you") == 1


def test_a_skip_turns_mark_expires_with_the_turns_record(conn, inbox, run_jobs, new_game, travel):
    """A later turn of the seat at the same version may take an expired turn's id
    (Store.turn_id): the mark saying the deadline played it must not outlive the turn's
    record, or the seat's own move a day later is told as "played for you"."""
    game_id = new_game("pile", clock=clock_of("skip"))
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 48.1)
    turn_id = Store(conn).log(game_id)[0]["turn"]
    record = conn.ttl(key(game_id, "turn", turn_id))
    assert 0 < conn.ttl(deadline_policy.skip_key(game_id, turn_id)) <= record


def test_deadline_wait_only_reminds_once_and_keeps_reminding(conn, inbox, run_jobs, new_game, travel):
    game_id = new_game("pile", clock=clock_of("wait"))
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 48.1)
    run_deadline_again(conn, run_jobs, game_id, 0, 0)
    assert subjects(inbox, ADA).count("Deadline passed: your turn") == 1
    assert Store(conn).snapshot(game_id).version == 0
    at(travel, run_jobs, 60.1)
    assert subjects(inbox, ADA).count("Reminder: your turn") == 3       # 24, 36, (48: deadline), 60 h


def test_deadline_pause_pauses_the_game_once(conn, inbox, run_jobs, new_game, travel):
    game_id = new_game("pile", clock=clock_of("pause"))
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 48.1)
    assert Store(conn).snapshot(game_id).status == "paused"
    run_deadline_again(conn, run_jobs, game_id, 0, 0)
    for email in (ADA, BERT):
        assert subjects(inbox, email).count("Game paused: time ran out") == 1
    at(travel, run_jobs, 90)
    assert subjects(inbox, ADA).count("Reminder: your turn") == 1        # paused: no clock


def test_vacation_stops_the_clock(conn, inbox, mail_in, run_jobs, new_game, travel):
    game_id = new_game("pile", clock=clock_of("skip"))
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 1)
    mail_in(reply_to(inbox.last(ADA), "vacation 2", ADA))        # away from 1 h to 49 h
    run_jobs()
    assert "Vacation set" in inbox.last(ADA).get_body(("plain",)).get_content()
    at(travel, run_jobs, 48.5)
    assert subjects(inbox, ADA).count("Reminder: your turn") == 0
    at(travel, run_jobs, 49 + 47 - 0.5)                             # 1 + 46.5 h used of 48
    assert Store(conn).snapshot(game_id).version == 0
    at(travel, run_jobs, 49 + 47 + 0.5)
    assert [e["move"] for e in Store(conn).log(game_id)] == [{"action": "pass"}]


def test_sweeper_schedules_lost_clock_jobs_again(conn, inbox, run_jobs, new_game, travel):
    game_id = new_game("pile", clock=clock_of("skip"))
    at(travel, run_jobs, 0)
    registry = ScheduledJobRegistry(queue=queue(conn, MAIL))
    for job_id in registry.get_job_ids():
        if f"-{game_id}-" in job_id:
            registry.remove(job_id, delete_job=True)                    # lost, e.g. a flushed registry
    at(travel, run_jobs, 1)                                              # the periodic sweep runs
    assert any(f"pbem-deadline-{game_id}-0-v0" == j for j in registry.get_job_ids())
    at(travel, run_jobs, 48.5)
    assert Store(conn).snapshot(game_id).version == 1


def test_a_clock_with_turn_hours_only_reminds_at_half_and_waits(conn, inbox, run_jobs, new_game, travel):
    game_id = new_game("pile", clock={"turn_hours": 8})
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 3.9)
    assert subjects(inbox, ADA) == ["You are invited to a game"]
    at(travel, run_jobs, 4.1)
    assert subjects(inbox, ADA)[-1] == "Reminder: your turn"
    at(travel, run_jobs, 8.1)                                            # reminders at 4, 6; 8 is the deadline
    assert subjects(inbox, ADA)[1:] == ["Reminder: your turn"] * 2 + ["Deadline passed: your turn"]
    assert Store(conn).snapshot(game_id).version == 0


def test_a_paused_game_resumed_gets_a_fresh_clock_from_the_sweeper(conn, inbox, run_jobs, new_game, travel):
    game_id = new_game("pile", clock=clock_of("pause"))
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 48.1)
    store = Store(conn)
    assert store.snapshot(game_id).status == "paused"
    store.set_status(game_id, "active")                                  # the admin resumes at 48.1 h
    at(travel, run_jobs, 48.6)                                           # a sweep has run since
    at(travel, run_jobs, 48.6 + 24.1)
    assert subjects(inbox, ADA).count("Reminder: your turn") == 2        # at 24 h; 24 h after resuming
    at(travel, run_jobs, 48.6 + 48.1)
    assert store.snapshot(game_id).status == "paused"                    # the new clock's own deadline
    assert subjects(inbox, BERT).count("Game paused: time ran out") == 2 # once per clock


def test_skip_beaten_by_the_seats_own_move_sends_no_notice(conn, inbox, run_jobs, new_game, travel):
    """The deadline's skip turn was queued after the seat's own move: the own move is
    applied, the skip is stale, and the seat hears of neither a move played for it nor
    a rejection."""
    from service.play import load_game, submit_turn
    from service.queues import enqueuer
    from workers import deadline_policy
    game_id = new_game("pile", clock=clock_of("skip"))
    at(travel, run_jobs, 0)
    store = Store(conn)
    submit_turn(store, enqueuer(conn), game_id, 0, 0, [{"action": "pass"}])
    game = load_game(store, game_id)
    assert deadline_policy.skip(conn, game, 0, turn_clock.clock_settings(game), "v0-1").startswith("skip")
    run_jobs()
    assert store.snapshot(game_id).version == 1
    assert "Time ran out: a move was played for you" not in subjects(inbox, ADA)
    assert "Your move was rejected" not in subjects(inbox, ADA)


def test_a_game_the_sweeper_cannot_load_spoils_no_other_games_sweep(conn, inbox, run_jobs, new_game, travel, monkeypatch):
    from workers import clock, deadline_policy
    from workers.mail import compose, outbox
    from workers.mail.compose import Mail
    broken = new_game("pile", clock=clock_of("skip"))
    game_id = new_game("pile", clock=clock_of("skip"), seed=8)
    at(travel, run_jobs, 0)
    registry = ScheduledJobRegistry(queue=queue(conn, MAIL))
    for job_id in registry.get_job_ids():
        if "pbem-clock-sweep" not in job_id:
            registry.remove(job_id, delete_job=True)
    loaded = clock.load_game

    def pinned(store, wanted):
        if wanted == broken:
            raise RuntimeError("engine version pinned")
        return loaded(store, wanted)
    monkeypatch.setattr(clock, "load_game", pinned)
    lost = compose.build(Mail(game_id, "Pile", 0, "Ada", ADA, 0, "Lost and found").add("", "hi"),
                         "t@games.test", "games.test", "http://x")
    assert outbox.claim(conn, game_id, 0, ["lost"], outbox.payload(lost, ADA))   # no job queued
    queue(conn, MAIL).enqueue("workers.clock.sweep")
    run_jobs()
    assert f"pbem-deadline-{game_id}-0-v0" in registry.get_job_ids()
    assert subjects(inbox, ADA)[-1] == "Lost and found"


def test_a_seat_still_to_act_after_its_move_keeps_its_running_clock(conn, inbox, run_jobs, new_game, travel):
    """The seat moved but must act again at the next version (a game where a seat
    plays several moves in a row): its turn time runs on rather than starting anew."""
    from dataclasses import replace
    from service.play import load_game
    game_id = new_game("pile", clock=clock_of("wait"))
    at(travel, run_jobs, 0)
    started_at = turn_clock.read(conn, game_id, 0).since
    travel.move_to(START + timedelta(hours=10))
    game = load_game(Store(conn), game_id)
    turn_clock.restart(conn, replace(game, snapshot=replace(game.snapshot, version=1)))
    running = turn_clock.read(conn, game_id, 0)
    assert (running.version, running.since) == (1, started_at)
    game = load_game(Store(conn), game_id)
    turn_clock.restart(conn, replace(game, snapshot=replace(game.snapshot, version=3)))
    assert turn_clock.read(conn, game_id, 0).since > started_at              # not to act at version 2


def test_deadline_run_twice_before_its_skip_resolves_fires_once(conn, inbox, run_jobs, new_game, travel):
    """Two deadline jobs for the same clock (a retry, a sweep) both run before the skip
    turn is resolved: the second finds the deadline fired and does nothing."""
    from workers import clock, deadline_policy
    game_id = new_game("pile", clock=clock_of("skip"))
    at(travel, run_jobs, 0)
    travel.move_to(START + timedelta(hours=48.1))
    assert clock.deadline(game_id, 0, 0) == "skip: pass"
    assert clock.deadline(game_id, 0, 0) == "already fired"
    assert len(conn.keys(f"game:{{{game_id}}}:turn:*")) == 1
    run_jobs()
    assert [e["move"] for e in Store(conn).log(game_id)] == [{"action": "pass"}]
    assert subjects(inbox, ADA).count("Time ran out: a move was played for you") == 1


def test_a_sweep_after_the_scheduled_registry_was_lost_schedules_everything_again(conn, inbox, run_jobs, new_game, travel):
    """Every scheduled job lost, the sweep's own too: the sweep `pbem worker` runs from
    its own thread brings back the clock jobs and the next scheduled sweep."""
    from workers import clock, deadline_policy
    game_id = new_game("pile", clock=clock_of("skip"))
    at(travel, run_jobs, 0)
    registry = ScheduledJobRegistry(queue=queue(conn, MAIL))
    for job_id in registry.get_job_ids():
        registry.remove(job_id, delete_job=True)
    clock.sweep()
    scheduled = registry.get_job_ids()
    assert f"pbem-deadline-{game_id}-0-v0" in scheduled
    assert any(j.startswith("pbem-clock-sweep-") for j in scheduled)


def body(message) -> str:
    """The plain text with its prose unwrapped (lines of a list stay lines)."""
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    return re.sub(r"\n(?=[^\s=-])", " ", text)


def test_a_clocked_games_mails_name_the_deadline_and_the_policy(conn, inbox, mail_in, run_jobs, new_game, travel):
    """Issue 20, finding 5: the invitation and "your turn" name the deadline (UTC, and
    "in N hours") and what happens at it; a skip is announced to every seat."""
    new_game("pile", clock=clock_of("skip"))
    at(travel, run_jobs, 0)
    invitation = body(inbox.last(ADA))
    assert "Your deadline: 2030-01-09 09:00 UTC (in 48 hours" in invitation
    assert "a minimal move (a pass where the rules have one) is played for you" in invitation
    assert "turn clock: 48 hours per move" in body(inbox.last(BERT))
    assert "Your deadline" not in body(inbox.last(BERT))               # not to act
    at(travel, run_jobs, 10)
    mail_in(reply_to(inbox.last(ADA), listed_moves(inbox.last(ADA))[0], ADA))
    run_jobs()
    assert "Your deadline: 2030-01-09 19:00 UTC (in 48 hours" in body(inbox.last(BERT))
    at(travel, run_jobs, 58.1)                                           # Bert's time runs out
    told = next(m for m in inbox.to(ADA) if kind(m).endswith("Time ran out for Bert"))
    assert "Bert did not move within 48 hours, so this was played for them:\n  pass" in body(told)


def test_the_wait_deadline_mail_says_what_happened(conn, inbox, run_jobs, new_game, travel):
    """Issue 20, finding 5: not "Reminder: the game is waiting for your move"."""
    new_game("pile", clock=clock_of("wait"))
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 48.1)
    deadline = body(next(m for m in inbox.to(ADA) if kind(m).endswith("Deadline passed: your turn")))
    assert "Your time to move (48 hours) has run out" in deadline and "nothing was played" in deadline
    assert "Reminder" not in deadline.split("-- \n")[0]


def test_the_longest_clock_the_contract_allows_reminds_and_fails_no_job(conn, inbox, run_jobs, new_game, travel):
    """Issue 11, finding 3: the reminder arithmetic lives with the contract's largest
    values (before, `reminder_hours: [100000000, 1]` failed every notification job)."""
    from rq.registry import FailedJobRegistry

    from service import contract
    hours = contract.spec()["components"]["schemas"]["Clock"]["properties"]
    longest = hours["turn_hours"]["maximum"]
    assert [item["maximum"] for item in hours["reminder_hours"]["prefixItems"]] == [longest, longest]
    assert turn_clock.LONGEST_HOURS == longest
    new_game("pile", clock={"turn_hours": longest, "reminder_hours": [longest, longest],
                            "deadline_policy": "wait"})
    at(travel, run_jobs, 0)
    at(travel, run_jobs, longest + 0.1)
    at(travel, run_jobs, 2 * longest + 0.1)
    assert subjects(inbox, ADA)[0] == "You are invited to a game"
    assert subjects(inbox, ADA).count("Reminder: your turn") >= 1
    assert FailedJobRegistry(queue=queue(conn, MAIL)).count == 0


def test_a_game_stored_with_an_unbounded_reminder_still_gets_its_mail(conn, inbox, run_jobs, new_game, travel):
    """Issue 11, finding 3: a game stored before the contract bounded reminder_hours (the
    issue's `[100000000, 1]`) is held to the bounds: its mail flows, no job fails."""
    from rq.registry import FailedJobRegistry
    new_game("pile", clock={"turn_hours": 48, "reminder_hours": [100000000, 1]})
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 48.1)
    assert subjects(inbox, ADA)[0] == "You are invited to a game"
    assert FailedJobRegistry(queue=queue(conn, MAIL)).count == 0


def test_deadline_bot_takes_the_dropped_seat_and_says_so(conn, inbox, mail_in, run_jobs, new_game, travel):
    """Issue 15: "a deadline policy `bot` for a dropped player (announced in the log and
    by mail)": the bot plays the seat from the deadline on, without waiting for it."""
    game_id = new_game("pile", clock=clock_of("bot"))
    at(travel, run_jobs, 0)
    at(travel, run_jobs, 48.1)
    store = Store(conn)
    assert store.game(game_id).seats[0].bot and not store.game(game_id).seats[1].bot
    first = store.log(game_id)[0]
    assert first["seat"] == 0 and {"event": "played_by_bot", "seat": 0,
                                   "reason": "deadline"} in first["events"]
    assert subjects(inbox, ADA).count("Time ran out: the bot plays for you") == 1
    assert subjects(inbox, BERT).count("Time ran out: the bot plays for Ada") == 1
    assert "Your turn" not in subjects(inbox, ADA)              # the bot is asked, not Ada
    turn = inbox.last(BERT)
    assert kind(turn).endswith("Your turn")
    mail_in(reply_to(turn, listed_moves(turn)[0], BERT))
    at(travel, run_jobs, 49)
    log = store.log(game_id)
    assert [e["seat"] for e in log[:3]] == [0, 1, 0]          # the bot's next move at once
    assert any(e.get("event") == "played_by_bot" for e in log[2]["events"])
    run_deadline_again(conn, run_jobs, game_id, 0, 0)
    assert subjects(inbox, ADA).count("Time ran out: the bot plays for you") == 1


def test_a_seat_that_still_acts_after_its_skip_gets_the_board_its_moves_and_a_current_address(
        conn, inbox, mail_in, run_jobs, new_game, travel):
    """Issue 27: a Brass seat with two actions (SPIELZUG: two actions a turn after the
    first round) whose deadline plays one (`skip`: the neutral move) still acts: the
    "time ran out" mail shows the board and its moves, and a line of it replied as it
    stands is played (its reply address is of the game as it is now)."""
    game_id = new_game("brass-lancashire", clock=clock_of("skip"), options={"length": "introductory"})
    at(travel, run_jobs, 0)
    store, emails = Store(conn), [ADA, BERT]
    for _ in range(2):                                  # the first round: one action each
        seat = store.snapshot(game_id).to_act[0]
        mail = inbox.last(emails[seat])
        mail_in(reply_to(mail, next(m for m in listed_moves(mail) if m.startswith("loan")), emails[seat]))
        run_jobs()
    seat = store.snapshot(game_id).to_act[0]
    assert store.snapshot(game_id).version == 2
    at(travel, run_jobs, 49)
    assert store.snapshot(game_id).version == 3 and store.snapshot(game_id).to_act == [seat]
    told = inbox.last(emails[seat])
    assert kind(told) == "Time ran out: a move was played for you"
    said = told.get_body(("plain",)).get_content()
    assert "It is still your turn" in said and "The board" in said and "Your page" in said
    move = next(m for m in listed_moves(told) if m.startswith("loan"))
    mail_in(reply_to(told, move, emails[seat]))
    run_jobs()
    assert store.snapshot(game_id).version == 4, inbox.last(emails[seat]).get_body(("plain",)).get_content()
