"""Take-back by consent (issue 30), through the app on the test Redis with rq's own
worker: at once when nothing was revealed and no one else acted, else by every other
seat's consent; a refusal or another seat's move ends a request; the draws after a
take-back are the same cards (the generator is the state's, set up by the committed
seed). The platform game "Pile" draws a card after each card played (seen by its
player only), a pass draws nothing. Against real processes: tests/e2e/test_takeback.py."""
from __future__ import annotations

import re
import threading

import pytest

from service import fairness, play, problems, seat_links, takeback
from service.app import create_app
from service.bench import floor
from service.mail.config import page_key
from service.store import LOG_TAIL, Store
from tests.api.helpers import a_game, submit
from tests.conftest import TEST_REDIS_URL

PASS = [{"action": "pass"}]


def applied(client, work, game, seat: int, moves, version: int) -> None:
    assert submit(client, game, seat, moves, version).status_code == 202
    work()
    assert client.get(f"/v1/games/{game.id}").json["version"] == version + 1


def hand(client, game, seat: int) -> list[int]:
    return client.get(f"/v1/games/{game.id}", headers=game.auth(seat)).json["view"]["private"]["hand"]


def test_a_pass_is_taken_back_at_once_and_the_log_keeps_it(client, redis_conn, work):
    game = a_game(client, players=3)
    applied(client, work, game, 0, PASS, 0)
    answer = client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0))
    assert answer.status_code == 200, answer.json
    assert answer.json["status"] == "applied" and answer.json["needs_consent"] == []
    shown = client.get(f"/v1/games/{game.id}").json
    assert shown["version"] == 2 and shown["to_act"] == [0]      # a new version, seat 0 again
    entries = client.get(f"/v1/games/{game.id}/log").json["entries"]
    assert [e["version"] for e in entries] == [1]
    assert entries[0]["taken_back"] == {"version": 2, "requested_by": 0, "agreed": [],
                                        "text": "taken back at the request of p0"}
    store = Store(redis_conn)
    assert play.matches_stored(play.rebuild(store, game.id), store.snapshot(game.id))


def test_a_card_drawn_needs_every_other_seats_consent_and_the_same_card_comes_again(
        client, redis_conn, work):
    game = a_game(client, players=3)
    before = hand(client, game, 0)
    applied(client, work, game, 0, [{"action": "play", "card": before[0]}], 0)
    drawn = hand(client, game, 0)
    asked = client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0))
    assert asked.status_code == 202 and asked.json["status"] == "pending"
    assert asked.json["needs_consent"] == ["it revealed what was hidden"]
    assert asked.json["waiting_for"] == [1, 2]
    assert client.post(f"/v1/games/{game.id}/takeback/accept", headers=game.auth(0)).status_code == 409
    first = client.post(f"/v1/games/{game.id}/takeback/accept", headers=game.auth(1))
    assert first.status_code == 202 and first.json["agreed"] == [1] and first.json["waiting_for"] == [2]
    assert client.get(f"/v1/games/{game.id}").json["version"] == 1      # nothing yet
    last = client.post(f"/v1/games/{game.id}/takeback/accept", headers=game.auth(2))
    assert last.status_code == 200 and last.json["status"] == "applied" and last.json["agreed"] == [1, 2]
    assert sorted(hand(client, game, 0)) == sorted(before)
    applied(client, work, game, 0, [{"action": "play", "card": before[0]}], 2)
    assert sorted(hand(client, game, 0)) == sorted(drawn)       # the same card drawn again
    store = Store(redis_conn)
    assert play.matches_stored(play.rebuild(store, game.id), store.snapshot(game.id))


def test_a_refusal_ends_the_request_and_another_seats_move_lets_it_lapse(client, work):
    game = a_game(client, players=2)
    card = hand(client, game, 0)[0]
    applied(client, work, game, 0, [{"action": "play", "card": card}], 0)
    assert client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0)).status_code == 202
    refused = client.post(f"/v1/games/{game.id}/takeback/refuse", headers=game.auth(1))
    assert refused.status_code == 200 and refused.json["status"] == "refused"
    assert client.get(f"/v1/games/{game.id}/takeback").json == {"pending": None}
    assert client.post(f"/v1/games/{game.id}/takeback/accept", headers=game.auth(1)).status_code == 404
    again = client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0))   # once a version
    assert again.status_code == 409 and "once the game moved on" in again.json["detail"]
    applied(client, work, game, 1, PASS, 1)
    applied(client, work, game, 0, [{"action": "play", "card": hand(client, game, 0)[0]}], 2)
    assert client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0)).status_code == 202
    applied(client, work, game, 1, PASS, 3)                      # seat 1 moves on instead
    assert client.get(f"/v1/games/{game.id}/takeback").json == {"pending": None}
    late = client.post(f"/v1/games/{game.id}/takeback/accept", headers=game.auth(1))
    assert late.status_code == 404 and client.get(f"/v1/games/{game.id}").json["version"] == 4


def test_a_seat_with_no_move_has_nothing_to_take_back(client):
    game = a_game(client, players=2)
    answer = client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0))
    assert answer.status_code == 409 and "no move to take back" in answer.json["detail"]
    assert client.post(f"/v1/games/{game.id}/takeback").status_code == 401


def seat_browser(client, redis_conn, game, seat: int):
    """A browser signed in to the seat's page by its link: (browser, its CSRF token)."""
    browser = client.application.test_client()
    browser.get(seat_links.seat_link_path(page_key(redis_conn), Store(redis_conn).game(game.id), seat))
    page = browser.get(f"/games/{game.id}/seat").get_data(as_text=True)
    return browser, re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def test_the_seat_pages_ask_and_agree_with_buttons(client, redis_conn, work):
    game = a_game(client, players=2)
    applied(client, work, game, 0, [{"action": "play", "card": hand(client, game, 0)[0]}], 0)
    ada, ada_csrf = seat_browser(client, redis_conn, game, 0)
    asked = ada.post(f"/games/{game.id}/seat/takeback", data={"csrf": ada_csrf, "do": "request"},
                     follow_redirects=True).get_data(as_text=True)
    assert "it waits for 1 more to agree" in asked and "waits for p1 to agree" in asked
    bert, bert_csrf = seat_browser(client, redis_conn, game, 1)
    page = bert.get(f"/games/{game.id}/seat").get_data(as_text=True)
    assert "p0 asks to take back their last turn" in page and 'value="accept"' in page
    done = bert.post(f"/games/{game.id}/seat/takeback", data={"csrf": bert_csrf, "do": "accept"},
                     follow_redirects=True).get_data(as_text=True)
    assert "Taken back: the last turn of p0 stands no longer" in done
    assert client.get(f"/v1/games/{game.id}").json["version"] == 2
    odd = bert.post(f"/games/{game.id}/seat/takeback", data={"csrf": bert_csrf, "do": "undo"},
                    follow_redirects=True).get_data(as_text=True)
    assert "do must be one of" in odd


def test_the_pages_log_says_a_move_was_taken_back(client, redis_conn, work):
    game = a_game(client, players=2)
    applied(client, work, game, 0, PASS, 0)
    assert client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0)).status_code == 200
    browser, _csrf = seat_browser(client, redis_conn, game, 1)
    page = browser.get(f"/games/{game.id}/seat").get_data(as_text=True)
    assert "(taken back at the request of p0)" in page


def test_events_past_the_logs_tail_replay_across_take_backs(client, redis_conn, work):
    """The log keeps the events of its last LOG_TAIL entries only; older ones are replayed
    from setup over the moves that stand, a take-back's entry resetting the replay."""
    game = a_game(client, players=2)
    version = 0
    for _ in range(LOG_TAIL):               # a pass and its take-back, again and again
        applied(client, work, game, 0, PASS, version)
        assert client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0)).status_code == 200
        version += 2
    for seat in (0, 1):
        card = hand(client, game, seat)[0]
        applied(client, work, game, seat, [{"action": "play", "card": card}], version)
        version += 1
    store = Store(redis_conn)
    assert store.log(game.id)[0]["events"] is None          # not kept: replayed
    play.REPLAYS.clear()
    entries = client.get(f"/v1/games/{game.id}/log", headers=game.auth(0)).json["entries"]
    assert [e["version"] for e in entries] == [*range(1, 2 * LOG_TAIL, 2), version - 1, version]
    assert all(e["events"] == [] and e["taken_back"]["version"] == e["version"] + 1
               for e in entries[:-2])
    assert [e["type"] for e in entries[-2]["events"]] == ["played", "drew"]
    assert play.matches_stored(play.rebuild(store, game.id), store.snapshot(game.id))


def test_a_brass_turn_that_draws_up_to_eight_cards_needs_consent_and_draws_the_same_again(
        client, redis_conn, work):
    """Brass: Lancashire, SPIELZUG: "Nachdem du beide Aktionen ausgeführt hast, ziehst du
    vom Zugstapel auf 8 Handkarten nach" (one action in the first round of the canal
    era): the turn drew, so its take-back needs the other seat's consent; after it, the
    same move draws the same cards, and the game rebuilds from its committed seed."""
    game = a_game(client, players=2, game="brass-lancashire")
    seat = client.get(f"/v1/games/{game.id}").json["to_act"][0]
    move = client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(seat)).json["moves"][0]
    applied(client, work, game, seat, [move], 0)
    drawn = hand(client, game, seat)
    asked = client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(seat))
    assert asked.status_code == 202 and asked.json["needs_consent"] == ["it revealed what was hidden"]
    assert client.post(f"/v1/games/{game.id}/takeback/accept",
                       headers=game.auth(1 - seat)).json["status"] == "applied"
    applied(client, work, game, seat, [move], 2)
    assert hand(client, game, seat) == drawn
    store = Store(redis_conn)
    assert play.matches_stored(play.rebuild(store, game.id), store.snapshot(game.id))
    record = store.game(game.id)
    assert fairness.keeps_commitment(record.seed, record.fairness)


def both_drew(client, work, players: int = 3):
    """A game at version 2 where seats 0 and 1 each played a card and drew one: the
    take-back of either needs the others' consent."""
    game = a_game(client, players=players)
    for seat in (0, 1):
        applied(client, work, game, seat, [{"action": "play", "card": hand(client, game, seat)[0]}],
                seat)
    return game


def test_of_two_seats_asking_at_once_one_waits_and_the_other_gets_409(client, work):
    """One request waits at a time: two seats asking in the same moment (threads let
    loose together, again and again) get one 202 and one 409, and the request that
    waits is the 202's."""
    for _ in range(4):
        game = both_drew(client, work)
        start, answers = threading.Barrier(2), {}

        def asks(seat: int):
            browser = client.application.test_client()
            start.wait()
            answers[seat] = browser.post(f"/v1/games/{game.id}/takeback", headers=game.auth(seat))
        threads = [threading.Thread(target=asks, args=(seat,)) for seat in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(a.status_code for a in answers.values()) == [202, 409], \
            [a.json for a in answers.values()]
        waits = next(seat for seat, a in answers.items() if a.status_code == 202)
        lost = answers[1 - waits].json["detail"]
        assert f"seat {waits} asks for a take-back already" in lost, lost
        shown = client.get(f"/v1/games/{game.id}/takeback").json["pending"]
        assert shown["requested_by"] == waits and shown["waiting_for"] == [1 - waits, 2]


def refused_and_asked_again(client, redis_conn, work, refused_by: int):
    """Seat 0's request as it was read while it waited, after `refused_by` refused it
    and seat 1 asked at the same version: (game, store, seat 0's request)."""
    game = both_drew(client, work)
    store = Store(redis_conn)
    assert client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0)).status_code == 202
    seat_0s = takeback.pending(store, play.load_game(store, game.id))
    refused = client.post(f"/v1/games/{game.id}/takeback/refuse", headers=game.auth(refused_by))
    assert refused.status_code == 200
    assert client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(1)).status_code == 202
    return game, store, seat_0s


def test_a_consent_counts_for_the_request_it_was_given_to_only(client, redis_conn, work):
    """Seat 2's consent to seat 0's request, arriving after that request was refused
    and seat 1 asked at the same version, counts for neither: 404, and seat 1's request
    still waits for seats 0 and 2."""
    game, store, seat_0s = refused_and_asked_again(client, redis_conn, work, refused_by=1)
    with pytest.raises(problems.NotFound, match="answered meanwhile"):
        takeback.agreed_to(store, game.id, seat_0s, 2)
    shown = client.get(f"/v1/games/{game.id}/takeback").json["pending"]
    assert shown["requested_by"] == 1 and shown["agreed"] == [] and shown["waiting_for"] == [0, 2]
    agreed = client.post(f"/v1/games/{game.id}/takeback/accept", headers=game.auth(2))
    assert agreed.status_code == 202 and agreed.json["agreed"] == [2]
    assert agreed.json["waiting_for"] == [0]


def test_a_refusal_of_an_old_request_leaves_a_newer_one_waiting(client, redis_conn, work):
    """Compare-and-delete: the refusal of seat 0's request, come late (seat 2 refused it
    and seat 1 asked since), deletes nothing; seat 1's request waits on."""
    game, store, seat_0s = refused_and_asked_again(client, redis_conn, work, refused_by=2)
    assert takeback.withdrawn(store, game.id, seat_0s) is False
    shown = client.get(f"/v1/games/{game.id}/takeback").json["pending"]
    assert shown["requested_by"] == 1 and shown["waiting_for"] == [0, 2]


def test_a_request_replays_on_the_clients_replay_cpu_and_checks_before_it(redis_conn, work):
    """A take-back request replays the game from setup: charged to the client's replay
    CPU (service/replay_budget.py). Once it is spent the next request that would replay
    is refused (429); one that need not replay (its own request shown again, a second
    ask at the same version) is answered without it."""
    client = create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True,
                         "PBEM_LIMIT_REPLAY_CPU": "1 per hour"}).test_client()
    game = both_drew(client, work, players=2)
    assert client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0)).status_code == 202
    again = client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0))
    assert again.status_code == 202 and again.json["requested_by"] == 0       # no replay
    assert client.post(f"/v1/games/{game.id}/takeback/refuse", headers=game.auth(1)).status_code == 200
    asked = client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0))
    assert asked.status_code == 409 and "once the game moved on" in asked.json["detail"]
    applied(client, work, game, 0, PASS, 2)
    refused = client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0))
    assert refused.status_code == 429 and "replay CPU" in refused.json["detail"], refused.json
    theirs = client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(1))   # its own budget
    assert theirs.status_code == 202, theirs.json


def test_the_benchs_engine_floor_replays_the_moves_that_stand(client, redis_conn, work):
    """`pbem bench api`'s engine floor (service/bench/floor.py) replays a game's log:
    over the moves that stand, a take-back's entry and the move it took back skipped."""
    game = a_game(client, players=2)
    applied(client, work, game, 0, PASS, 0)
    assert client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0)).status_code == 200
    applied(client, work, game, 0, PASS, 2)
    applied(client, work, game, 1, PASS, 3)
    assert floor.engine_cpu(Store(redis_conn), [game.id])[2] == 2
