"""Issue 18: the store on a real three-master Redis Cluster (STATE_REDIS_URL): a game's
keys in one slot, its compare-and-set commit in that slot, the keys all games share
spread over the masters, the queues on the plain Redis."""
from __future__ import annotations

import threading
import time

import pytest
import redis

from service import play
from service.queues import TURNS, enqueuer, queue
from service.store import LEGACY_INDEX, LEGACY_PENDING, SHARDS, Snapshot, Store, VersionMoved, key


@pytest.fixture
def store(redis_conn, state_cluster, monkeypatch):
    state_cluster.flush()
    monkeypatch.setenv("STATE_REDIS_URL", state_cluster.url)
    yield Store(redis_conn)
    state_cluster.flush()


def played(store: Store, moves: int) -> tuple[str, list[str]]:
    record, _tokens, _ = play.create_game(store, "pile", [{"name": "a"}, {"name": "b"}], None, 5)
    turns = []
    for _ in range(moves):
        game = play.load_game(store, record.id)
        seat = game.snapshot.to_act[0]
        move = game.type.engine.legal_moves(game.state, seat)[0]
        turn, _ = play.submit_turn(store, enqueuer(store.redis), record.id, seat,
                                   game.snapshot.version, [move], f"k{len(turns)}")
        play.resolve_turn(store, record.id, turn["id"])
        turns.append(turn["id"])
    return record.id, turns


def test_issue18_a_games_keys_share_one_slot_and_the_queue_is_on_the_plain_redis(
        store, redis_conn):
    game_id, turns = played(store, 3)
    assert isinstance(store.state, redis.RedisCluster)
    keys = list(store.state.scan_iter(match=key(game_id, "*")))
    assert len(keys) >= 2 + 2 * len(turns)            # meta, snapshot, log, turns, claims
    assert len({store.state.keyslot(k) for k in keys}) == 1
    assert redis_conn.keys("game:*") == [] and queue(redis_conn, TURNS).count == 3
    assert [e["turn"] for e in store.log(game_id)] == turns


def test_issue18_the_commit_is_compare_and_set_on_the_cluster(store):
    game_id, _ = played(store, 1)
    game = play.load_game(store, game_id)
    turn, _ = play.submit_turn(store, lambda *_: None, game_id, game.snapshot.to_act[0],
                               game.snapshot.version, [{"action": "pass"}])
    stale = Snapshot(**{**game.snapshot.__dict__, "version": game.snapshot.version - 1})
    with pytest.raises(VersionMoved):
        store.commit(game_id, turn["id"], stale, game.snapshot, [], {"status": "applied"})
    assert store.snapshot(game_id).version == game.snapshot.version


def test_issue18_the_shared_keys_spread_over_the_three_masters(store):
    masters = set()
    for name in (LEGACY_PENDING, LEGACY_INDEX):
        for number in range(SHARDS):
            node = store.state.get_node_from_key(f"{name}:{{shard-{number}}}")
            masters.add(node.name)
    assert len(masters) == 3
    ids = [played(store, 0)[0] for _ in range(10)]
    assert sorted(store.game_ids()) == sorted(ids)


def test_issue18_a_waiter_hears_the_commit_on_the_sharded_channel(store):
    """wait_resolved wakes at the commit's SPUBLISH, long before its timeout."""
    game_id, _ = played(store, 0)
    game = play.load_game(store, game_id)
    turn, _ = play.submit_turn(store, lambda *_: None, game_id, game.snapshot.to_act[0], 0,
                               [{"action": "pass"}])
    heard = []
    waiter = threading.Thread(target=lambda: heard.append(
        (store.wait_resolved(game_id, turn["id"], 20)["status"], time.monotonic())))
    waiter.start()
    time.sleep(0.3)                                   # subscribed and waiting
    resolved_at = time.monotonic()
    play.resolve_turn(store, game_id, turn["id"])
    waiter.join(25)
    assert heard and heard[0][0] == "applied" and heard[0][1] - resolved_at < 5


def gets_on_masters(store: Store) -> int:
    """GETs the cluster's masters have served (INFO commandstats)."""
    return sum(node.redis_connection.info("commandstats").get("cmdstat_get", {}).get("calls", 0)
               for node in store.state.get_primaries())


def test_issue32_a_waiting_submission_reads_its_turn_from_the_commits_message(store):
    """On the cluster too the commit's script announces the turn as stored (SPUBLISH in
    the game's slot) and the submission that waits takes it from that message: it is
    answered applied without reading the turn back (no GET on any master)."""
    game_id, _ = played(store, 0)
    game = play.load_game(store, game_id)
    queued = []

    def submit() -> dict:
        queued.append(play.submit_turn(store, lambda *_: None, game_id, game.snapshot.to_act[0],
                                       0, [{"action": "pass"}], game=game)[0])
        return queued[0]

    def resolve_once_queued() -> None:
        deadline = time.monotonic() + 20
        while not queued and time.monotonic() < deadline:
            time.sleep(0.01)
        if queued:                        # else the submission times out and the test fails
            play.resolve_turn(store, game_id, queued[0]["id"])
    resolver = threading.Thread(target=resolve_once_queued, daemon=True)
    resolver.start()
    before = gets_on_masters(store)
    answered = store.submit_and_wait(game_id, submit, 20)
    resolver.join(25)
    assert answered["status"] == "applied" and answered["id"] == queued[0]["id"]
    assert gets_on_masters(store) == before
