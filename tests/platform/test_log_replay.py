"""Issue 18, a small footprint: the log keeps the events of its last entries only
(store.LOG_TAIL) and none once the game is finished; the others are replayed from setup
when the log is read (play.logged). What every reader gets (the log endpoint, the event
stream, the mails and pages: play.redacted_log) must stay what it was when each entry's
events were stored: compared here, for a random game of each of the four games played to
its end with some moves by the bot, against the events as each commit stored them."""
from __future__ import annotations

import random
import threading
from dataclasses import replace

import pytest

from service import play
from service.store import LOG_TAIL, Store, key, unpacked


@pytest.fixture
def store(redis_conn):
    return Store(redis_conn)


def as_shown(game_type_, entries: list[dict], seat: int | None, finished: bool) -> list[dict]:
    """The entries as redacted_log showed them when the log kept every event."""
    shown = [entry if finished else game_type_.redact(entry, seat) for entry in entries]
    return [{**entry, "notation": game_type_.engine.format(entry["move"])} for entry in shown]


def checked(store: Store, game: play.Game, truth: list[dict]) -> None:
    """Every seat's and a spectator's log, whole and from a few versions back, is what the
    stored events said; once from a replay from setup, then from where it stopped."""
    finished = game.snapshot.status == "finished"
    for fresh in (True, False):
        if fresh:
            play.REPLAYS.clear()
        for seat in (None, *range(len(game.record.seats))):
            for since in (0, max(0, game.snapshot.version - LOG_TAIL - 3), game.snapshot.version - 1):
                assert play.redacted_log(store, game, seat, since) == \
                    as_shown(game.type, truth[since:], seat, finished), (seat, since, fresh)


@pytest.mark.parametrize("type_id, seats", [("brass-lancashire", 2), ("industry", 3),
                                            ("age-of-industry", 3), ("ultimate-railroads", 2)])
def test_issue18_the_log_read_with_replayed_events_is_the_log_as_stored(store, redis_conn,
                                                                        type_id, seats):
    record, _tokens, _ = play.create_game(store, type_id, [{"name": f"p{i}"} for i in range(seats)],
                                          None, 1)
    chooser, truth, hidden_seen = random.Random(1), [], False
    # turns of two moves where the seat is still to act (played on without the stored
    # state in between); not in Ultimate Railroads, whose game here must reach its
    # face-down end card
    twice = random.Random(2)
    game = play.load_game(store, record.id)
    while game.snapshot.status != "finished":
        seat, engine = game.snapshot.to_act[0], game.type.engine
        moves = [chooser.choice(engine.legal_moves(game.state, seat))]
        after, _ = engine.apply(game.state, seat, moves[0])
        if type_id != "ultimate-railroads" and twice.random() < 0.3 \
                and engine.result(after) is None and seat in engine.to_act(after):
            moves.append(twice.choice(engine.legal_moves(after, seat)))
        move = moves[-1]
        turn, _ = play.submit_turn(store, lambda *_: None, record.id, seat, game.snapshot.version,
                                   moves, bot="seat" if chooser.random() < 0.2 else None)
        new, played, _ = play.play_moves(game, turn, turn["id"])  # what the commit stores
        play.resolve_turn(store, record.id, turn["id"])
        game = play.load_game(store, record.id)
        stored = store.log(record.id)
        truth += [{**{k: v for k, v in entry.items() if k != "bot"}, "at": at["at"]}
                  for entry, at in zip(played, stored[-len(played):])]
        assert all(entry["events"] is None for entry in stored[:-LOG_TAIL])
        end_card = move.get("action") == "end_card" and not hidden_seen
        hidden_seen |= end_card
        if end_card or len(truth) % 50 in range(LOG_TAIL + 5, LOG_TAIL + 5 + len(moves)) \
                or game.snapshot.status == "finished":
            checked(store, game, truth)
    assert hidden_seen == (type_id == "ultimate-railroads")
    assert len({entry["turn"] for entry in truth}) < len(truth) or type_id == "ultimate-railroads"
    assert any(any(e.get("event") == "played_by_bot" for e in entry["events"]) for entry in truth)
    final = unpacked(redis_conn.get(key(record.id, "final")))["log"]
    assert final["e"] == [None] * len(truth)           # a finished game keeps no events
    assert play.rebuild(store, record.id).to_json() == new.to_json()
    finished_state_is_replayed(store, record.id, new)


def finished_state_is_replayed(store: Store, game_id: str, truth) -> None:
    """A finished game's `final` keeps no engine state (store.write_state): what reads
    it (the views and the result of GET /v1/games/{id}, the pages, the mails) get it
    replayed from setup + moves, the same as the last commit computed it; once from
    setup, then from the replay kept."""
    for fresh in (True, False):
        if fresh:
            play.REPLAYS.clear()
        game = play.load_game(store, game_id)
        assert store.snapshot(game_id).state is None
        engine = game.type.engine
        assert engine.dump(game.state) == truth.state
        assert (game.snapshot.version, game.snapshot.result) == (truth.version, truth.result)
        for seat in (None, *range(len(game.record.seats))):
            assert engine.view(game.state, seat) == engine.view(engine.load(truth.state), seat)


class HeldUp:
    """An engine whose setup waits until released: a replay under way."""

    def __init__(self, engine, started: threading.Event, release: threading.Event):
        self.engine, self.started, self.release = engine, started, release

    def setup(self, *args):
        self.started.set()
        self.release.wait(30)
        return self.engine.setup(*args)

    def __getattr__(self, name):
        return getattr(self.engine, name)


def test_a_replay_under_way_holds_up_no_other_games_replay(store):
    """Logs and finished games are replayed when read, by anyone, without a token: a
    replay of one game must not queue the readers of every other game behind it (one
    lock per process did, so that reading 33 games' logs stalled a whole API process)."""
    def new_game() -> str:
        return play.create_game(store, "pile", [{"name": "p0"}, {"name": "p1"}], None, 1)[0].id
    first = new_game()
    second = next(i for i in iter(new_game, None) if play.replay_lock(i) is not play.replay_lock(first))
    slow, other = play.load_game(store, first), play.load_game(store, second)
    started, release = threading.Event(), threading.Event()
    slow = replace(slow, type=replace(slow.type, engine=HeldUp(slow.type.engine, started, release)))
    held = threading.Thread(target=play.replayed, args=(slow, [], 0))
    held.start()
    try:
        assert started.wait(10)
        beside = threading.Thread(target=play.replayed, args=(other, [], 0))
        beside.start()
        beside.join(5)
        assert not beside.is_alive(), "the other game's replay waited for the first"
    finally:
        release.set()
        held.join(10)
