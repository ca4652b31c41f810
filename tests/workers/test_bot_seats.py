"""Issue 15, bots "usable to fill a seat at creation ({"bot": true}) ... and for
practice. Bots play through the same turn queue as everyone": a game of one human and
bots plays to its end through real rq workers, every bot move a queued turn whose log
entry says the bot played it; a bot's job owed twice plays once."""
from __future__ import annotations

from service import bot_seats
from service.play import load_game
from service.store import Store
from tests.api.helpers import Created, submit
from workers import bots


def create(client, game: str, players: list[dict], **body) -> Created:
    answer = client.post("/v1/games", json={"game": game, "players": players, "seed": 3, **body})
    assert answer.status_code == 201, answer.json
    data = answer.json
    return Created(data["id"], [s.get("token") for s in data["seats"]], data["admin_token"]), data


def test_a_practice_game_with_bots_plays_to_its_end_through_the_workers(client, work, redis_conn):
    game, created = create(client, "brass-lancashire", [{"name": "Ada"}, {"bot": True}],
                           options={"length": "introductory"})
    assert [s.get("bot", False) for s in created["seats"]] == [False, True]
    assert created["seats"][1]["name"] == "Bot 2"
    human_moves = 0
    for _ in range(200):
        work()
        shown = client.get(f"/v1/games/{game.id}").json
        if shown["status"] == "finished":
            break
        assert shown["to_act"] == [0], "the bot's seat waits for nobody but the worker"
        legal = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(0)).json
        assert submit(client, game, 0, [legal["moves"][0]], legal["version"]).status_code == 202
        human_moves += 1
    assert shown["status"] == "finished" and human_moves > 5
    log = client.get(f"/v1/games/{game.id}/log").json["entries"]
    by_bot = [e for e in log if any(ev.get("event") == "played_by_bot" for ev in e["events"])]
    assert by_bot and {e["seat"] for e in by_bot} == {1}
    assert all(e["seat"] == 0 for e in log if e not in by_bot)


def test_a_bots_job_owed_twice_plays_once(client, work, redis_conn):
    game, _ = create(client, "pile", [{"bot": True}, {"name": "Ada"}])
    store = Store(redis_conn)
    assert bot_seats.owe(redis_conn, load_game(store, game.id))       # owed again: one job
    assert bots.play_bot(game.id, 0).startswith("queued")
    assert bots.play_bot(game.id, 0).startswith("queued")        # the same turn, by its key
    work()
    shown = load_game(store, game.id).snapshot
    assert shown.version == 1 and shown.to_act == [1]
    assert bots.play_bot(game.id, 0) == "nothing to play"          # the game has moved on
    assert not bot_seats.owe(redis_conn, load_game(store, game.id))     # a human is to act


def test_a_bot_seat_takes_no_address(client, redis_conn):
    answer = client.post("/v1/games", json={"game": "pile", "players": [
        {"name": "Ada"}, {"bot": True, "email": "bot@example.org"}]})
    assert answer.status_code in (400, 401), answer.json      # the key is asked for first
    answer = client.post("/v1/games", json={"game": "pile", "players": [
        {"name": "Ada"}, {"bot": False}]})
    assert answer.status_code == 400 and "players" in str(answer.json)


def test_a_bots_job_lost_with_its_worker_is_owed_again_by_the_sweep(client, work, redis_conn):
    from service.queues import TURNS, queue
    from workers.resolve import sweep
    game, _ = create(client, "pile", [{"bot": True}, {"name": "Ada"}])
    queue(redis_conn, TURNS).empty()                    # the job is gone, as with a killed worker
    work()
    assert Store(redis_conn).snapshot(game.id).version == 0
    sweep(redis_conn)
    work()
    assert Store(redis_conn).snapshot(game.id).version == 1
    sweep(redis_conn)                                    # a human is to act: the game leaves the set
    assert not redis_conn.sismember(bot_seats.BOT_GAMES, game.id)
