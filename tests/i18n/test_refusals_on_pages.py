"""Issue 31: refusals on the pages and in the API in the reader's language. A German
seat's page says a refused move (Brass, AKTION: KREDIT AUFNEHMEN) and a stale form
(the game has moved on) in German; the API's problem+json says its `detail` in German
when the request's Accept-Language asks for it (type, title and fields stay English),
in English otherwise, and a rejected turn keeps its reason's message
(`reason_message`) beside the English reason."""
from __future__ import annotations

import json
import re

from service import play
from service.mail import settings
from service.store import Store
from tests.api.helpers import a_game as created
from tests.i18n.catalogue import english_in
from tests.web.test_page_vocabulary import visible_text
from tests.web.test_pages import csrf, enter

NAMES = [{"name": "Ada", "email": "ada@p.test"}, {"name": "Bert", "email": "bert@p.test"}]


def a_game(app, store):
    with app.app_context():
        record, tokens, _admin = play.create_game(store, "brass-lancashire", NAMES,
                                                  {"length": "introductory"}, 31)
    return record, tokens


def flashed(page: str) -> str:
    return " ".join(re.findall(r'class="flash rejected"[^>]*>([^<]*)<', page))


def test_a_german_seat_page_says_a_refused_move_and_a_stale_form_in_german(app, redis_conn, work):
    store = Store(redis_conn)
    record, _tokens = a_game(app, store)
    seat = store.snapshot(record.id).to_act[0]
    settings.change(redis_conn, record.id, seat, language="de")
    client = app.test_client()
    enter(client, redis_conn, record.id, seat)
    page = client.get(f"/games/{record.id}/seat").text
    card = play.load_game(store, record.id).state.hands[seat][0]
    loan = {"action": "loan", "amount": 40, "card": card}
    form = {"csrf": csrf(page), "expected_version": "0", "move": json.dumps(loan)}
    answer = client.post(f"/games/{record.id}/seat/turns", data=form)
    work()
    page = client.get(answer.headers["Location"]).text
    refused = visible_text(page)
    assert store.snapshot(record.id).version == 0
    assert "Abgelehnt: ein Kredit beträgt £10, £20 oder £30" in refused, refused[:2000]
    assert english_in(refused) == []

    stale = client.post(f"/games/{record.id}/seat/turns", data={**form, "expected_version": "5"})
    page = client.get(stale.headers["Location"]).text
    assert "Abgelehnt: expected_version 5, aber die Partie steht bei 0" in flashed(page), flashed(page)
    settings.change(redis_conn, record.id, seat, language="en")          # the same, in English
    client.post(f"/games/{record.id}/seat/turns", data={**form, "expected_version": "5"})
    page = client.get(f"/games/{record.id}/seat").text
    assert "Refused: expected_version 5 but the game is at 0" in flashed(page)


def test_the_api_says_a_problems_detail_in_german_when_asked(app, redis_conn, work):
    store, client = Store(redis_conn), app.test_client()
    game = created(client, game="brass-lancashire", options={"length": "introductory"})
    seat = store.snapshot(game.id).to_act[0]
    auth = game.auth(seat)
    body = {"expected_version": 3, "moves": [{"action": "pass", "card": "bolton"}]}
    answers = {language: client.post(f"/v1/games/{game.id}/turns", json=body,
                                     headers={**auth, **({"Accept-Language": language} if language else {})})
               for language in ("de-DE,de;q=0.9", "en", None)}
    german, english, unasked = (answers[k].json for k in ("de-DE,de;q=0.9", "en", None))
    assert {a.status_code for a in answers.values()} == {409}
    assert german["detail"] == "expected_version 3, aber die Partie steht bei 0"
    assert english["detail"] == unasked["detail"] == "expected_version 3 but the game is at 0"
    assert {**german, "detail": ""} == {**english, "detail": ""}
    assert german["type"].endswith("/stale-version") and german["field"] == "expected_version"

    card = play.load_game(store, game.id).state.hands[seat][0]
    turn = client.post(f"/v1/games/{game.id}/turns", headers=auth, json={
        "expected_version": 0, "moves": [{"action": "loan", "amount": 40, "card": card}]})
    work()
    turn = client.get(f"/v1/games/{game.id}/turns/{turn.json['id']}", headers=auth).json
    assert turn["status"] == "rejected" and turn["reason"] == "a loan is £10, £20 or £30 (amount=10|20|30)"
    assert turn["reason_message"] == {"msgid": "a loan is £10, £20 or £30 (amount=10|20|30)", "values": {}}


def test_without_accept_language_a_problems_detail_is_in_the_language_its_sender_chose(app, redis_conn):
    """Issue 31: an API client that sends no Accept-Language reads a problem's `detail` in
    the language its credential's holder chose: a player's token its account's (German
    here), a seat's token the seat's setting; Accept-Language, when sent, still wins; an
    account that chose English, or no credential, reads English."""
    store, client = Store(redis_conn), app.test_client()
    accounts = {language: client.post("/v1/players", json={"name": "Ada", "email": f"ada-{language}@p.test",
                                                           "language": language}).json
                for language in ("de", "en")}
    nowhere = "/v1/players/me/challenges/0123456789abcdef/decline"

    def detail(token: str, **headers) -> str:
        answer = client.post(nowhere, headers={"Authorization": f"Bearer {token}", **headers})
        assert answer.status_code == 404
        return answer.json["detail"]
    german, english = (accounts[k]["token"]["token"] for k in ("de", "en"))
    assert detail(german) == "keine laufende Partie 0123456789abcdef"
    assert detail(german, **{"Accept-Language": "en"}) == "no game 0123456789abcdef in progress"
    assert detail(english) == "no game 0123456789abcdef in progress"
    assert detail(english, **{"Accept-Language": "de"}) == "keine laufende Partie 0123456789abcdef"
    assert client.post(nowhere).status_code == 401

    record, tokens = a_game(app, store)                  # a seat's token: the seat's setting
    settings.change(redis_conn, record.id, 1, language="de")
    body = {"expected_version": 3, "moves": [{"action": "pass", "card": "bolton"}]}
    said = {seat: client.post(f"/v1/games/{record.id}/turns", json=body,
                              headers={"Authorization": f"Bearer {tokens[seat]['token']}"}).json["detail"]
            for seat in (0, 1)}
    assert said == {0: "expected_version 3 but the game is at 0", 1: "expected_version 3, aber die Partie steht bei 0"}
