"""A seat that changes hands takes nothing of its old holder's with it (issue 30,
"Leaving", review findings of session 8), through the app on the test Redis, turns
resolved by rq's burst worker: a seat joined from the lobby is named apart from a seat
of the same name, so a whisper by mail (`tell NAME`) never reaches an impostor, and a
name two seats share is refused, never guessed; a resigned seat, or one the admin gave
the bot, is not taken back with a replacement code made before; the old holder's
consent (its agreement to end the game, to a take-back) and its missed deadlines stay
behind. None of the four rulebooks speaks of replacing a player or ending early
(searched for Ersatz, ersetzen, abbrechen, vorzeitig): this is the platform's."""
from __future__ import annotations

import json
import time

import pytest

from service import feed, handed_on, handover, messages, problems, replacement, talk_keys
from service.mail import settings
from service.store import Store
from workers import clock


def account(client, name: str, email: str) -> dict:
    made = client.post("/v1/players", json={"name": name, "email": email})
    assert made.status_code == 201, made.json
    token = made.json["token"]["token"]
    return {"id": made.json["id"], "auth": {"Authorization": f"Bearer {token}"}}


def quick_game(client, names: list[str]) -> tuple[str, list[dict], dict]:
    """A pile game of seat tokens: (id, each seat's auth, the admin's auth)."""
    made = client.post("/v1/games", json={"game": "pile", "seed": 3,
                                          "players": [{"name": name} for name in names]})
    assert made.status_code == 201, made.json
    bearer = lambda token: {"Authorization": f"Bearer {token}"}     # noqa: E731
    return (made.json["id"], [bearer(s["token"]) for s in made.json["seats"]],
            bearer(made.json["admin_token"]))


def play_card(client, work, game_id: str, auth: dict) -> None:
    """The seat plays its first listed card (two passes in a row would end the game)."""
    legal = client.get(f"/v1/games/{game_id}/legal-moves", headers=auth).json
    move = next(m for m in legal["moves"] if m["action"] != "pass")
    sent = client.post(f"/v1/games/{game_id}/turns", headers=auth,
                       json={"expected_version": legal["version"], "moves": [move]})
    assert sent.status_code in (200, 202), sent.json
    work()


def replaced(client, game_id: str, seat: int, auth: dict, taker: str) -> dict:
    """The seat's holder makes a replacement code and `taker` takes it without an
    account: the seat's new auth."""
    code = client.post(f"/v1/games/{game_id}/seats/{seat}/replacement", headers=auth)
    assert code.status_code == 201, code.json
    taken = client.post(f"/v1/games/{game_id}/invitations/accept",
                        json={"code": code.json["invitation"]["code"], "name": taker})
    assert taken.status_code == 200 and taken.json["taken_over"], taken.json
    return {"Authorization": f"Bearer {taken.json['token']}"}


def test_a_player_joining_under_a_seats_name_is_named_apart_and_no_whisper_reaches_it(
        client, redis_conn):
    """Seat 0 is Bert; Mallory's account, named "bert" too, joins the open seat 1: the
    seat is "bert (2)", and `tell Bert ...` still reaches the real Bert."""
    bert, mallory = account(client, "Bert", "bert@p.test"), account(client, "bert", "mal@p.test")
    made = client.post("/v1/games", headers=bert["auth"], json={
        "game": "pile", "players": [{"name": "Bert", "player": bert["id"]}, {"open": True}]})
    assert made.status_code == 201, made.json
    game_id = made.json["id"]
    joined = client.post(f"/v1/games/{game_id}/seats/1/join", headers=mallory["auth"])
    assert joined.status_code == 200, joined.json
    record = Store(redis_conn).game(game_id)
    assert [s.name for s in record.seats] == ["Bert", "bert (2)"]
    assert messages.seat_named(record, "Bert meet me at Wigan") == (0, " meet me at Wigan")
    assert messages.seat_named(record, "bert (2) hello") == (1, " hello")


def test_a_whisper_to_a_name_two_seats_share_is_refused_naming_both(client, redis_conn):
    game_id, _auths, _admin = quick_game(client, ["Bert", "Ada", "BERT"])
    record = Store(redis_conn).game(game_id)
    with pytest.raises(problems.Problem) as refused:
        messages.seat_named(record, "bert the plan")
    assert "Bert (seat 0), BERT (seat 2)" in refused.value.detail
    assert messages.seat_named(record, "ada hi") == (1, " hi")


def test_a_resigned_seat_is_not_taken_back_with_a_code_made_before(client):
    """Ada makes a replacement code for her own seat, resigns, then offers the code: it
    died with the resignation, and the bot plays on."""
    game_id, (ada, _bea), _admin = quick_game(client, ["Ada", "Bea"])
    url = f"/v1/games/{game_id}"
    code = client.post(f"{url}/seats/0/replacement", headers=ada).json["invitation"]["code"]
    assert client.post(f"{url}/resign", headers=ada).status_code == 200
    taken = client.post(f"{url}/invitations/accept", json={"code": code, "name": "Ada again"})
    assert taken.status_code == 403 and taken.json["errors"][0]["field"] == "token", taken.json
    assert client.get(url).json["resigned"] == [0]
    again = client.post(f"{url}/seats/0/replacement", headers=ada)     # hers no more: a spectator's
    assert again.status_code == 403 and "holder" in again.json["detail"], again.json


def test_a_seat_the_admin_gave_the_bot_is_not_taken_back_by_its_absent_holder(
        client, redis_conn):
    """Ada missed three deadlines (the clock's count) after making a replacement code:
    the admin gives her seat to the bot. Her code, her seat token and her page link die
    (the seat's epoch grew), so she does not take the seat back."""
    game_id, (ada, _bea), admin = quick_game(client, ["Ada", "Bea"])
    url = f"/v1/games/{game_id}"
    code = client.post(f"{url}/seats/0/replacement", headers=ada).json["invitation"]["code"]
    epoch = Store(redis_conn).game(game_id).seats[0].epoch
    for _ in range(replacement.DEFAULT_LIMIT):
        replacement.count_missed(redis_conn, game_id, 0)
    assert client.post(f"{url}/seats/0/bot", headers=admin).status_code == 200
    assert client.post(f"{url}/invitations/accept",
                       json={"code": code, "name": "Ada again"}).status_code == 403
    assert client.get(url, headers=ada).status_code == 401
    assert client.post(f"{url}/seats/0/replacement", headers=ada).status_code == 401
    seat = Store(redis_conn).game(game_id).seats[0]
    assert (seat.bot, seat.epoch, seat.invitation) == (True, epoch + 1, None)


def test_a_seats_consent_and_missed_deadlines_stay_with_its_old_holder(client, redis_conn, work):
    """Bea agreed to end the game and to Ada's take-back and missed two deadlines; Dan
    takes her seat over: neither agreement counts for him, and he has missed none."""
    game_id, (ada, bea, cy), _admin = quick_game(client, ["Ada", "Bea", "Cy"])
    url = f"/v1/games/{game_id}"
    play_card(client, work, game_id, ada)
    play_card(client, work, game_id, bea)
    asked = client.post(f"{url}/takeback", headers=ada)
    assert asked.status_code == 202 and asked.json["waiting_for"] == [1, 2], asked.json
    assert client.post(f"{url}/takeback/accept", headers=bea).json["agreed"] == [1]
    assert client.post(f"{url}/end-votes", headers=ada, json={"vote": "end"}).status_code == 200
    assert client.post(f"{url}/end-votes", headers=bea,
                       json={"vote": "end"}).json["end_vote"]["agreed"] == [0, 1]
    for _ in range(2):
        replacement.count_missed(redis_conn, game_id, 1)

    dan = replaced(client, game_id, 1, bea, "Dan")
    assert client.get(f"{url}/takeback").json["pending"]["waiting_for"] == [1, 2]
    proposal = client.get(f"{url}/end-votes").json["end_vote"]
    assert (proposal["agreed"], proposal["waiting_for"]) == ([0], [1, 2])
    assert client.get(f"{url}/missed-deadlines").json["missed"] == [0, 0, 0]
    assert client.post(f"{url}/end-votes", headers=dan,
                       json={"vote": "end"}).json["end_vote"]["agreed"] == [0, 1]   # his own
    assert client.post(f"{url}/end-votes", headers=cy,
                       json={"vote": "end"}).json["status"] == "finished"


def test_a_seat_taken_over_reads_none_of_its_old_holders_whispers_nor_keeps_her_mutes(
        client, redis_conn):
    """Bea whispers to Ada and Ada to Bea, Ada muted Cy and everyone reads a table
    message; Dan takes Ada's seat: he reads the table's message, not the whispers (they
    were Ada's), and hears Cy. Messages are the platform's, outside the rules."""
    game_id, (ada, bea, cy), _admin = quick_game(client, ["Ada", "Bea", "Cy"])
    url = f"/v1/games/{game_id}"
    for auth, body in ((bea, {"text": "psst Ada, Wigan is mine", "to": 0}),
                       (ada, {"text": "fine, Bea", "to": 1}),
                       (bea, {"text": "good luck all"})):
        assert client.post(f"{url}/messages", headers=auth, json=body).status_code == 201
    assert client.put(f"{url}/mutes", headers=ada, json={"seats": [2]}).status_code == 200
    dan = replaced(client, game_id, 0, ada, "Dan")
    assert client.post(f"{url}/messages", headers=cy, json={"text": "hi Dan"}).status_code == 201
    read = client.get(f"{url}/messages", headers=dan).json["messages"]
    assert [m["text"] for m in read] == ["good luck all", "hi Dan"]
    assert [m["text"] for m in messages.unmailed(redis_conn, game_id, 0)] == ["good luck all", "hi Dan"]
    assert [m["text"] for m in client.get(f"{url}/messages", headers=bea).json["messages"]] == [
        "psst Ada, Wigan is mine", "fine, Bea", "good luck all", "hi Dan"]


def test_a_take_back_asked_by_a_seat_taken_over_is_withdrawn(client, redis_conn, work):
    """Ada asks to take her card back, then hands her seat to Dan: her request goes with
    her (Dan did not ask), so Bea's consent finds none waiting and nothing is taken back."""
    game_id, (ada, bea), _admin = quick_game(client, ["Ada", "Bea"])
    url = f"/v1/games/{game_id}"
    play_card(client, work, game_id, ada)
    assert client.post(f"{url}/takeback", headers=ada).status_code == 202
    dan = replaced(client, game_id, 0, ada, "Dan")
    assert client.get(f"{url}/takeback").json == {"pending": None}
    assert client.post(f"{url}/takeback/accept", headers=bea).status_code == 404
    assert client.get(url).json["version"] == 1
    assert client.post(f"{url}/takeback", headers=dan).status_code == 202     # his own, anew


def test_a_consent_to_the_old_holders_take_back_does_not_count_for_the_new_holders(
        client, redis_conn, work):
    """Ada asks to take her card back and Bea agrees; Dan takes Ada's seat over and asks
    anew at the same version: Bea's consent was given to Ada's request, not his, so it
    waits for Bea and Cid both, and Cid's consent alone takes nothing back."""
    game_id, (ada, bea, cid), _admin = quick_game(client, ["Ada", "Bea", "Cid"])
    url = f"/v1/games/{game_id}"
    play_card(client, work, game_id, ada)
    assert client.post(f"{url}/takeback", headers=ada).json["waiting_for"] == [1, 2]
    assert client.post(f"{url}/takeback/accept", headers=bea).json["agreed"] == [1]
    dan = replaced(client, game_id, 0, ada, "Dan")
    asked = client.post(f"{url}/takeback", headers=dan)
    assert asked.status_code == 202 and asked.json["agreed"] == [], asked.json
    assert client.get(f"{url}/takeback").json["pending"]["agreed"] == []
    consent = client.post(f"{url}/takeback/accept", headers=cid)
    assert consent.status_code == 202 and consent.json["waiting_for"] == [1], consent.json
    assert client.get(url).json["version"] == 1


def test_a_take_back_asked_by_a_seat_the_admin_gave_the_bot_is_withdrawn(client, redis_conn, work):
    """Ada asks to take her card back and Bea agrees, then Ada misses her deadlines and
    the admin gives her seat to the bot: her request goes with her (a bot's seat's turn
    is never taken back for a holder who is gone), Bea is told it was withdrawn (refused
    by Ada's own seat), and Cid's consent takes nothing back."""
    bea_account = account(client, "Bea", "bea@p.test")
    made = client.post("/v1/games", headers=bea_account["auth"], json={
        "game": "pile", "seed": 3, "players": [
            {"name": "Ada"}, {"name": "Bea", "player": bea_account["id"]}, {"name": "Cid"}]})
    assert made.status_code == 201, made.json
    game_id, url = made.json["id"], f"/v1/games/{made.json['id']}"
    ada, cid = ({"Authorization": "Bearer " + client.post(f"{url}/invitations/accept", json={
        "code": made.json["seats"][seat]["invitation"]["code"]}).json["token"]} for seat in (0, 2))
    admin, bea = {"Authorization": f"Bearer {made.json['admin_token']}"}, bea_account["auth"]
    play_card(client, work, game_id, ada)
    assert client.post(f"{url}/takeback", headers=ada).status_code == 202
    assert client.post(f"{url}/takeback/accept", headers=bea).status_code == 202
    for _ in range(replacement.DEFAULT_LIMIT):
        replacement.count_missed(redis_conn, game_id, 0)
    assert client.post(f"{url}/seats/0/bot", headers=admin).status_code == 200
    assert client.get(f"{url}/takeback").json == {"pending": None}
    assert client.post(f"{url}/takeback/accept", headers=cid).status_code == 404
    assert client.post(f"{url}/takeback/accept", headers=bea).status_code == 404
    assert client.get(url).json["version"] == 1
    told = [json.loads(fields[b"event"]) for _, fields in
            redis_conn.xrange(feed.player_stream(bea_account["id"]))]
    last = [event["take_back"] for event in told if event["type"] == "take-back"][-1]
    assert (last["status"], last["requested_by"], last["refused_by"]) == ("refused", 0, 0), last


def test_a_take_back_asked_by_a_seat_that_resigns_is_withdrawn(client, redis_conn, work):
    """Ada asks to take her card back and Bea agrees, then Ada resigns: her request goes
    with her (the bot plays her seat now, and a turn is never taken back for a holder
    who left), and Cid's consent takes nothing back."""
    game_id, (ada, bea, cid), _admin = quick_game(client, ["Ada", "Bea", "Cid"])
    url = f"/v1/games/{game_id}"
    play_card(client, work, game_id, ada)
    assert client.post(f"{url}/takeback", headers=ada).status_code == 202
    assert client.post(f"{url}/takeback/accept", headers=bea).status_code == 202
    assert client.post(f"{url}/resign", headers=ada).status_code == 200
    assert client.get(f"{url}/takeback").json == {"pending": None}
    assert client.post(f"{url}/takeback/accept", headers=cid).status_code == 404
    assert client.get(url).json["version"] == 1


def test_the_old_holders_mail_settings_and_whispers_go_in_the_hand_overs_own_transaction(
        client, redis_conn):
    """Ada muted her mail and speaks German, and Bea whispered to her; Dan takes her seat.
    A mail job run the moment the hand-over commits (before the API's follow-up,
    replacement.taken_over) builds the seat's mail with Dan's epoch and address: it must
    find none of Ada's settings and none of her whispers to carry."""
    game_id, (ada, bea, _cy), _admin = quick_game(client, ["Ada", "Bea", "Cy"])
    url = f"/v1/games/{game_id}"
    changed = client.put(f"{url}/seats/0/mail", headers=ada, json={"muted": True, "language": "de"})
    assert changed.status_code == 200, changed.json
    assert client.post(f"{url}/messages", headers=bea,
                       json={"text": "psst Ada", "to": 0}).status_code == 201
    code = client.post(f"{url}/seats/0/replacement", headers=ada).json["invitation"]["code"]
    taken = handover.take(redis_conn, game_id, code, name="Dan")
    assert taken.note is not None and taken.seat == 0
    assert settings.load(redis_conn, game_id, 0) == settings.SeatSettings()
    assert messages.unmailed(redis_conn, game_id, 0) == []


def test_on_a_cluster_a_crash_between_the_hand_over_and_its_clean_up_loses_nothing(
        client, redis_conn, state_cluster, monkeypatch):
    """The game state on the local Redis Cluster (STATE_REDIS_URL), the talk and mail
    settings on REDIS_URL's Redis: no transaction spans both. Ada muted her mail, muted
    Cy, and Bea whispered to her; Dan takes her seat and the process dies between the
    hand-over's commit and its follow-up (replacement.taken_over never runs). The
    clean-up was owed in the commit's transaction function: the mail worker's sweep
    (workers/clock.sweep) does it, and a second sweep, after Dan set his own, leaves his."""
    state_cluster.flush()
    monkeypatch.setenv("STATE_REDIS_URL", state_cluster.url)
    game_id, (ada, bea, _cy), _admin = quick_game(client, ["Ada", "Bea", "Cy"])
    url = f"/v1/games/{game_id}"
    assert client.put(f"{url}/seats/0/mail", headers=ada, json={"muted": True}).status_code == 200
    assert client.put(f"{url}/mutes", headers=ada, json={"seats": [2]}).status_code == 200
    assert client.post(f"{url}/messages", headers=bea, json={"text": "psst Ada", "to": 0}).status_code == 201
    code = client.post(f"{url}/seats/0/replacement", headers=ada).json["invitation"]["code"]
    taken = handover.take(redis_conn, game_id, code, name="Dan")        # committed; then the crash
    assert taken.note is not None and not taken.talk_left
    assert redis_conn.get(talk_keys.settings_key(game_id, 0))          # the fault is real: still Ada's
    assert clock.sweep() and redis_conn.hlen(handed_on.OWED) == 0
    assert settings.load(redis_conn, game_id, 0) == settings.SeatSettings()
    assert messages.muted(redis_conn, game_id, 0) == set()
    assert messages.unmailed(redis_conn, game_id, 0) == []
    dan = {"Authorization": f"Bearer {taken.token}"}
    assert client.put(f"{url}/seats/0/mail", headers=dan, json={"language": "de"}).status_code == 200
    assert client.post(f"{url}/messages", headers=bea, json={"text": "hi Dan", "to": 0}).status_code == 201
    clock.sweep()
    assert settings.load(redis_conn, game_id, 0).language == "de"
    assert [m["text"] for m in messages.unmailed(redis_conn, game_id, 0)] == ["hi Dan"]
    state_cluster.flush()


def test_on_a_cluster_what_the_new_holder_sets_before_the_first_sweep_is_his_and_stays(
        client, redis_conn, state_cluster, monkeypatch):
    """The crash of the test above, but Dan acts before any sweep: he sets his language
    and mutes Cy, Bea whispers to him. The first of these settles the clean-up the
    hand-over owes (service/handed_on.py), so he never sees Ada's, and the sweep that
    comes later finds nothing owed and drops nothing of his."""
    state_cluster.flush()
    monkeypatch.setenv("STATE_REDIS_URL", state_cluster.url)
    game_id, (ada, bea, _cy), _admin = quick_game(client, ["Ada", "Bea", "Cy"])
    url = f"/v1/games/{game_id}"
    assert client.put(f"{url}/seats/0/mail", headers=ada, json={"language": "en"}).status_code == 200
    assert client.put(f"{url}/mutes", headers=ada, json={"seats": [1]}).status_code == 200
    assert client.post(f"{url}/messages", headers=bea, json={"text": "psst Ada", "to": 0}).status_code == 201
    code = client.post(f"{url}/seats/0/replacement", headers=ada).json["invitation"]["code"]
    taken = handover.take(redis_conn, game_id, code, name="Dan")        # committed; then the crash
    assert redis_conn.hlen(handed_on.OWED) == 1
    dan = {"Authorization": f"Bearer {taken.token}"}
    assert client.put(f"{url}/seats/0/mail", headers=dan, json={"language": "de"}).status_code == 200
    assert client.put(f"{url}/mutes", headers=dan, json={"seats": [2]}).status_code == 200
    assert client.post(f"{url}/messages", headers=bea, json={"text": "hi Dan", "to": 0}).status_code == 201
    assert clock.sweep() >= 0 and redis_conn.hlen(handed_on.OWED) == 0
    assert settings.load(redis_conn, game_id, 0).language == "de"
    assert messages.muted(redis_conn, game_id, 0) == {2}
    assert [m["text"] for m in client.get(f"{url}/messages", headers=dan).json["messages"]] == ["hi Dan"]
    state_cluster.flush()


def test_on_a_cluster_the_hand_overs_follow_up_cleans_up_at_once_and_owes_nothing(
        client, redis_conn, state_cluster, monkeypatch):
    """The same on the cluster without a fault: the API's follow-up does the clean-up
    (Dan reads none of Ada's whispers, keeps none of her mutes) and leaves nothing owed."""
    state_cluster.flush()
    monkeypatch.setenv("STATE_REDIS_URL", state_cluster.url)
    game_id, (ada, bea, _cy), _admin = quick_game(client, ["Ada", "Bea", "Cy"])
    url = f"/v1/games/{game_id}"
    assert client.put(f"{url}/mutes", headers=ada, json={"seats": [2]}).status_code == 200
    assert client.post(f"{url}/messages", headers=bea, json={"text": "psst Ada", "to": 0}).status_code == 201
    dan = replaced(client, game_id, 0, ada, "Dan")
    assert client.get(f"{url}/messages", headers=dan).json["messages"] == []
    assert messages.muted(redis_conn, game_id, 0) == set()
    assert redis_conn.hlen(handed_on.OWED) == 0
    state_cluster.flush()


def test_an_owed_clean_up_of_an_epoch_passed_or_never_reached_is_dropped_not_done(
        client, redis_conn, state_cluster, monkeypatch):
    """service/handed_on.py: a record of an epoch the seat has passed is dropped (the
    later hand-over owes its own); one of an epoch the seat never reached (a hand-over
    refused, or dead before its commit) is kept until it is GRACE old by REDIS_URL's
    Redis's clock (not the API host's), then dropped; none touches the present holder's
    settings."""
    state_cluster.flush()
    monkeypatch.setenv("STATE_REDIS_URL", state_cluster.url)
    game_id, (ada, _bea), _admin = quick_game(client, ["Ada", "Bea"])
    assert client.put(f"/v1/games/{game_id}/seats/0/mail", headers=ada, json={"muted": True}).status_code == 200
    epoch = Store(redis_conn).game(game_id).seats[0].epoch
    handed_on.owe(redis_conn, game_id, 0, epoch - 1, {"at": 1.0})
    assert handed_on.sweep(redis_conn) == 0 and redis_conn.hlen(handed_on.OWED) == 0
    handed_on.owe(redis_conn, game_id, 0, epoch + 1, {"at": 1.0})
    assert handed_on.sweep(redis_conn) == 0 and settings.load(redis_conn, game_id, 0).muted
    assert redis_conn.hkeys(handed_on.OWED) == [f"{game_id}:0".encode()]
    assert handed_on.sweep(redis_conn, grace=-1) == 0
    assert redis_conn.hlen(handed_on.OWED) == 0 and settings.load(redis_conn, game_id, 0).muted
    state_cluster.flush()


def test_a_pending_clean_up_waits_hours_by_the_talk_redis_clock_not_the_api_hosts(
        client, redis_conn, state_cluster, monkeypatch):
    """A hand-over whose transaction stalls (or whose host's clock runs behind the mail
    worker's) keeps its owed clean-up: owed and swept by REDIS_URL's Redis's TIME, given
    up after GRACE (hours), so a sweep a minute into a slow hand-over drops nothing."""
    state_cluster.flush()
    monkeypatch.setenv("STATE_REDIS_URL", state_cluster.url)
    game_id, _seats, _admin = quick_game(client, ["Ada", "Bea"])
    epoch = Store(redis_conn).game(game_id).seats[0].epoch
    with monkeypatch.context() as behind:
        behind.setattr(time, "time", lambda: 0.0)          # the API host's clock, far behind
        handed_on.owe(redis_conn, game_id, 0, epoch + 1, {"at": 1.0})
    assert handed_on.GRACE >= 3600
    assert clock.sweep() >= 0 and redis_conn.hlen(handed_on.OWED) == 1
    state_cluster.flush()


def test_a_hand_over_that_never_committed_is_not_settled_when_the_bot_takes_the_epoch(
        client, redis_conn, state_cluster, monkeypatch):
    """A replacement owes epoch e+1, but the admin hands the seat to the bot first (its
    epoch e+1 too) and the replacement is refused: the seat's newest seat_changes note is
    not the hand-over's, so Ada's settings stay; the record is dropped."""
    state_cluster.flush()
    monkeypatch.setenv("STATE_REDIS_URL", state_cluster.url)
    game_id, (ada, _bea), _admin = quick_game(client, ["Ada", "Bea"])
    assert client.put(f"/v1/games/{game_id}/seats/0/mail", headers=ada, json={"language": "de"}).status_code == 200
    epoch = Store(redis_conn).game(game_id).seats[0].epoch
    handed_on.owe(redis_conn, game_id, 0, epoch + 1, {"at": 12345.5})
    assert Store(redis_conn).hand_to_bot(game_id, 0, admin=True)
    assert Store(redis_conn).game(game_id).seats[0].epoch == epoch + 1
    assert handed_on.sweep(redis_conn) == 0 and redis_conn.hlen(handed_on.OWED) == 0
    assert settings.load(redis_conn, game_id, 0).language == "de"
    state_cluster.flush()


def test_a_malformed_owed_record_is_dropped_and_spoils_the_sweep_for_no_other(
        client, redis_conn, state_cluster, monkeypatch):
    """One bad field or value of handover:owed is logged and dropped; the good record
    beside it is still settled by the same sweep."""
    state_cluster.flush()
    monkeypatch.setenv("STATE_REDIS_URL", state_cluster.url)
    game_id, (ada, _bea, _cy), _admin = quick_game(client, ["Ada", "Bea", "Cy"])
    url = f"/v1/games/{game_id}"
    assert client.put(f"{url}/seats/0/mail", headers=ada, json={"muted": True}).status_code == 200
    code = client.post(f"{url}/seats/0/replacement", headers=ada).json["invitation"]["code"]
    handover.take(redis_conn, game_id, code, name="Dan")              # committed; then the crash
    redis_conn.hset(handed_on.OWED, mapping={"no-seat-here": "{}", f"{game_id}:1": "not json",
                                             "x:y:z": "1"})
    assert clock.sweep() and redis_conn.hlen(handed_on.OWED) == 0
    assert not redis_conn.get(talk_keys.settings_key(game_id, 0))
    state_cluster.flush()
