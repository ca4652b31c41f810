"""Every problem+json error the contract documents, for every operation, is sent here once
and answers a problem+json body of that status (a documented case without a request
here fails, so the contract and the tests cannot drift apart); every answer on the way,
headers included, is one openapi.yaml documents (issue 29: tests/api/contract_answers.py)."""
from __future__ import annotations

import dataclasses

import pytest

from service.bench.running import free_port
from service.contract import spec
from tests.api import (leaving_error_cases, lobby_error_cases, message_error_cases,
                       player_error_cases, takeback_error_cases)
from tests.api.contract_answers import ContractClient
from tests.api.helpers import a_game, preview, submit
from tests.api.test_errors import assert_problem

NO_GAME = "0123456789abcdef"
NO_TOKEN = {"Authorization": "Bearer not-a-token"}
BIG = "[" + "0," * 40000 + "0]"
ZEROS = "0" * 32                  # a confirmation code of the right form, not the address's


@pytest.fixture
def client(app):
    """Each answer checked against the contract as it comes (issue 29)."""
    app.test_client_class = ContractClient
    return app.test_client()


def pause(client, game):
    client.post(f"/v1/games/{game.id}/status", json={"status": "paused"},
                headers={"Authorization": f"Bearer {game.admin}"})


CASES = {
    ("createGame", 400): lambda c, g: c.post("/v1/games", json={"game": "pile"}),
    ("createGame", 401): lambda c, g: c.post("/v1/games", json={
        "game": "pile", "players": [{"name": "a", "email": "a@p.test"}, {"name": "b"}]}),
    ("createGame", 403): lambda c, g: inviting_a_stopped_address(c),
    ("createGame", 413): lambda c, g: c.post("/v1/games", data=BIG,
                                             content_type="application/json"),
    ("createGame", 415): lambda c, g: c.post("/v1/games", data="pile", content_type="text/plain"),
    ("createGame", 422): lambda c, g: c.post("/v1/games", json={
        "game": "pile", "players": [{"name": "a"}, {"name": "b"}], "options": {"hand": 0}}),
    ("getGame", 400): lambda c, g: c.get(f"/v1/games/{g.id}?after_version=0&wait=31"),
    ("getGame", 401): lambda c, g: c.get(f"/v1/games/{g.id}", headers=NO_TOKEN),
    ("getGame", 404): lambda c, g: c.get(f"/v1/games/{NO_GAME}"),
    ("setGameStatus", 400): lambda c, g: c.post(f"/v1/games/{g.id}/status", json={
        "status": "over"}, headers={"Authorization": f"Bearer {g.admin}"}),
    ("setGameStatus", 401): lambda c, g: c.post(f"/v1/games/{g.id}/status", json={
        "status": "paused"}),
    ("setGameStatus", 403): lambda c, g: c.post(f"/v1/games/{g.id}/status", json={
        "status": "paused"}, headers=g.auth(1)),
    ("setGameStatus", 404): lambda c, g: c.post(f"/v1/games/{NO_GAME}/status", json={
        "status": "paused"}, headers={"Authorization": f"Bearer {g.admin}"}),
    ("setGameStatus", 409): lambda c, g: finished_then_resumed(c, g),
    ("getLegalMoves", 401): lambda c, g: c.get(f"/v1/games/{g.id}/legal-moves"),
    ("getLegalMoves", 404): lambda c, g: c.get(f"/v1/games/{NO_GAME}/legal-moves",
                                               headers=g.auth(0)),
    ("getLog", 400): lambda c, g: c.get(f"/v1/games/{g.id}/log?since=-1"),
    ("getLegalMoves", 400): lambda c, g: c.get(f"/v1/games/{g.id}/legal-moves?format=list",
                                                headers=g.auth(0)),
    ("getTurn", 400): lambda c, g: c.get(f"/v1/games/{g.id}/turns/not-a-turn", headers=g.auth(0)),
    ("getLog", 401): lambda c, g: c.get(f"/v1/games/{g.id}/log", headers=NO_TOKEN),
    ("getLog", 404): lambda c, g: c.get(f"/v1/games/{NO_GAME}/log"),
    ("streamGameEvents", 400): lambda c, g: c.get(f"/v1/games/{g.id}/events",
                                                  headers={"Last-Event-ID": "-1"}),
    ("streamGameEvents", 401): lambda c, g: c.get(f"/v1/games/{g.id}/events", headers=NO_TOKEN),
    ("streamGameEvents", 404): lambda c, g: c.get(f"/v1/games/{NO_GAME}/events"),
    ("streamGameEvents", 409): lambda c, g: pinned_to_another_engine(c, g).get(
        f"/v1/games/{g.id}/events"),
    ("submitTurn", 400): lambda c, g: submit(c, g, 0, [], 0),
    ("submitTurn", 401): lambda c, g: c.post(f"/v1/games/{g.id}/turns", headers=NO_TOKEN,
                                             json={"expected_version": 0, "moves": [
                                                 {"action": "pass"}]}),
    ("submitTurn", 403): lambda c, g: submit(c, g, 1, [{"action": "pass"}], 0),
    ("submitTurn", 404): lambda c, g: c.post(f"/v1/games/{NO_GAME}/turns", headers=g.auth(0),
                                             json={"expected_version": 0, "moves": [
                                                 {"action": "pass"}]}),
    ("submitTurn", 409): lambda c, g: submit(c, g, 0, [{"action": "pass"}], 9),
    ("submitTurn", 413): lambda c, g: c.post(f"/v1/games/{g.id}/turns", headers=g.auth(0),
                                             data=BIG, content_type="application/json"),
    ("submitTurn", 415): lambda c, g: c.post(f"/v1/games/{g.id}/turns", headers=g.auth(0),
                                             data="pass", content_type="text/plain"),
    ("submitTurn", 422): lambda c, g: reused_key(c, g),
    ("previewTurn", 400): lambda c, g: preview(c, g, 0, [], 0),
    ("previewTurn", 401): lambda c, g: c.post(f"/v1/games/{g.id}/preview", headers=NO_TOKEN,
                                              json={"expected_version": 0, "moves": [
                                                  {"action": "pass"}]}),
    ("previewTurn", 403): lambda c, g: preview(c, g, 1, [{"action": "pass"}], 0),
    ("previewTurn", 404): lambda c, g: c.post(f"/v1/games/{NO_GAME}/preview",
                                              headers=g.auth(0), json={
                                                  "expected_version": 0, "moves": [
                                                      {"action": "pass"}]}),
    ("previewTurn", 409): lambda c, g: preview(c, g, 0, [{"action": "pass"}], 9),
    ("previewTurn", 413): lambda c, g: c.post(f"/v1/games/{g.id}/preview", headers=g.auth(0),
                                              data=BIG, content_type="application/json"),
    ("previewTurn", 415): lambda c, g: c.post(f"/v1/games/{g.id}/preview", headers=g.auth(0),
                                              data="pass", content_type="text/plain"),
    ("getMailSettings", 400): lambda c, g: c.get(f"/v1/games/{g.id}/seats/9/mail",
                                                 headers=g.auth(0)),
    ("getMailSettings", 401): lambda c, g: c.get(f"/v1/games/{g.id}/seats/0/mail"),
    ("getMailSettings", 403): lambda c, g: c.get(f"/v1/games/{g.id}/seats/0/mail",
                                                 headers=g.auth(1)),
    ("getMailSettings", 404): lambda c, g: c.get(f"/v1/games/{NO_GAME}/seats/0/mail",
                                                 headers=g.auth(0)),
    ("changeMailSettings", 400): lambda c, g: c.put(f"/v1/games/{g.id}/seats/0/mail",
                                                    json={"digest_hours": 999}, headers=g.auth(0)),
    ("changeMailSettings", 401): lambda c, g: c.put(f"/v1/games/{g.id}/seats/0/mail",
                                                    json={"muted": True}),
    ("changeMailSettings", 403): lambda c, g: c.put(f"/v1/games/{g.id}/seats/0/mail",
                                                    json={"muted": True}, headers=g.auth(1)),
    ("changeMailSettings", 404): lambda c, g: c.put(f"/v1/games/{NO_GAME}/seats/0/mail",
                                                    json={"muted": True}, headers=g.auth(0)),
    ("changeMailSettings", 415): lambda c, g: c.put(f"/v1/games/{g.id}/seats/0/mail",
                                                    data="muted", headers=g.auth(0)),
    ("inboundMail", 400): lambda c, g: c.post("/v1/inbound-mail", data=" ",
                                              content_type="message/rfc822", headers=hook(c)),
    ("inboundMail", 401): lambda c, g: c.post("/v1/inbound-mail", data="Subject: x\n\nhi",
                                              content_type="message/rfc822"),
    ("inboundMail", 413): lambda c, g: c.post("/v1/inbound-mail", data="x" * 1048577,
                                              content_type="message/rfc822", headers=hook(c)),
    ("inboundMail", 415): lambda c, g: c.post("/v1/inbound-mail", json={"raw": "x"},
                                              headers=hook(c)),
    ("showConfirmation", 400): lambda c, g: c.get("/v1/mail/confirmations?address=a@p.test"),
    ("showConfirmation", 403): lambda c, g: c.get(f"/v1/mail/confirmations?address=a@p.test&code={ZEROS}"),
    ("confirmAddress", 400): lambda c, g: c.post("/v1/mail/confirmations?code=x"),
    ("confirmAddress", 403): lambda c, g: c.post(f"/v1/mail/confirmations?address=a@p.test&code={ZEROS}"),
    ("getTurn", 401): lambda c, g: c.get(f"/v1/games/{g.id}/turns/{NO_GAME}"),
    ("getTurn", 404): lambda c, g: c.get(f"/v1/games/{g.id}/turns/{NO_GAME}", headers=g.auth(0)),
    ("getTurn", 403): lambda c, g: c.get(f"/v1/games/{g.id}/turns/{NO_GAME}",
                                         headers=player_error_cases.sign_up(c)),
    ("getLegalMoves", 403): lambda c, g: c.get(f"/v1/games/{g.id}/legal-moves",
                                               headers=player_error_cases.sign_up(c)),
    # a game started under an engine version this server lacks (load_game)
    ("getGame", 409): lambda c, g: pinned_to_another_engine(c, g).get(f"/v1/games/{g.id}"),
    ("getLegalMoves", 409): lambda c, g: pinned_to_another_engine(c, g).get(
        f"/v1/games/{g.id}/legal-moves", headers=g.auth(0)),
    ("getLog", 409): lambda c, g: pinned_to_another_engine(c, g).get(f"/v1/games/{g.id}/log"),
    ("getTurn", 409): lambda c, g: pinned_to_another_engine(c, g).get(
        f"/v1/games/{g.id}/turns/{NO_GAME}", headers=g.auth(0)),
}
# Every operation that reads the store answers 429 to a client locked out by failed
# authentications (sent without a valid credential: one is never locked out, issue 25),
# and 503 while Redis does not answer: the same request for both.
REQUESTS = {
    "createGame": lambda c, g: c.post("/v1/games", json={"game": "pile", "players": [
        {"name": "a"}, {"name": "b"}]}),
    "getGame": lambda c, g: c.get(f"/v1/games/{g.id}", headers=g.auth(0)),
    "setGameStatus": lambda c, g: c.post(f"/v1/games/{g.id}/status", json={
        "status": "paused"}, headers={"Authorization": f"Bearer {g.admin}"}),
    "getLegalMoves": lambda c, g: c.get(f"/v1/games/{g.id}/legal-moves", headers=g.auth(0)),
    "getLog": lambda c, g: c.get(f"/v1/games/{g.id}/log"),
    "streamGameEvents": lambda c, g: c.get(f"/v1/games/{g.id}/events"),
    "submitTurn": lambda c, g: submit(c, g, 0, [{"action": "pass"}], 0),
    "previewTurn": lambda c, g: preview(c, g, 0, [{"action": "pass"}], 0),
    "getMailSettings": lambda c, g: c.get(f"/v1/games/{g.id}/seats/0/mail", headers=g.auth(0)),
    "changeMailSettings": lambda c, g: c.put(f"/v1/games/{g.id}/seats/0/mail",
                                             json={"muted": True}, headers=g.auth(0)),
    "inboundMail": lambda c, g: c.post("/v1/inbound-mail", data="Subject: x\n\nhi",
                                       content_type="message/rfc822", headers=g.hook),
    "getTurn": lambda c, g: c.get(f"/v1/games/{g.id}/turns/{NO_GAME}", headers=g.auth(0)),
}


def locked_out(request):
    """The request, its game's tokens all wrong, from a client whose failed
    authentications are spent (a service with the limit at 1 an hour, on the same Redis)."""
    def case(client, game):
        limited = service_like(client, PBEM_LIMIT_AUTH_FAILURES="1 per hour").test_client()
        assert limited.get(f"/v1/games/{game.id}", headers=NO_TOKEN).status_code == 401
        wrong = dataclasses.replace(game, tokens=["not-a-token"] * len(game.tokens),
                                    admin="not-a-token")
        wrong.hook = hook(client)
        return request(limited, wrong)
    return case


def redis_down(request):
    """The request to a service whose Redis does not answer (nothing listens on its port)."""
    def case(client, game):
        game.hook = hook(client)
        down = service_like(client, REDIS_URL=f"redis://127.0.0.1:{free_port()}/0")
        return request(down.test_client(), game)
    return case


def service_like(client, **settings):
    from service.app import create_app
    return create_app({"REDIS_URL": client.application.config["REDIS_URL"], "TESTING": True,
                       **settings})


CASES.update(player_error_cases.CASES)
REQUESTS.update(player_error_cases.REQUESTS)
CASES.update(message_error_cases.CASES)
REQUESTS.update(message_error_cases.REQUESTS)
CASES.update(lobby_error_cases.CASES)
REQUESTS.update(lobby_error_cases.REQUESTS)
CASES.update(leaving_error_cases.CASES)
REQUESTS.update(leaving_error_cases.REQUESTS)
CASES.update(takeback_error_cases.CASES)
REQUESTS.update(takeback_error_cases.REQUESTS)
CASES.update({(op, 503): redis_down(request) for op, request in message_error_cases.SAY.items()})
CASES.update({(op, 429): locked_out(request) for op, request in REQUESTS.items()})
CASES.update({(op, 503): redis_down(request) for op, request in REQUESTS.items()})


def hook(client) -> dict:
    """The inbound hook's shared secret, as the mail provider sends it."""
    from service.api.mail import hook_secret
    return {"Authorization": f"Bearer {hook_secret(client.application.extensions['redis'])}"}


def inviting_a_stopped_address(client):
    """An address that said stop, invited with a valid API key (issue 11, finding 4)."""
    from service import api_keys
    from service.mail import consent
    conn = client.application.extensions["redis"]
    consent.suppress(conn, "a@p.test")
    return client.post("/v1/games", json={"game": "pile", "players": [
        {"name": "a", "email": "a@p.test"}, {"name": "b"}]},
        headers={"Authorization": f"Bearer {api_keys.issue(conn, 'coverage')}"})


def finished_then_resumed(client, game):
    """Resuming a finished game: the game is played out first (both seats pass)."""
    from service.api import store
    from service.queues import TURNS
    from tests.conftest import BurstWorker
    for seat, version in ((0, 0), (1, 1)):
        submit(client, game, seat, [{"action": "pass"}], version)
        conn = client.application.extensions["redis"]
        BurstWorker([TURNS], connection=conn).work(burst=True)
    with client.application.app_context():
        assert store().snapshot(game.id).status == "finished"
    return client.post(f"/v1/games/{game.id}/status", json={"status": "active"},
                       headers={"Authorization": f"Bearer {game.admin}"})


def pinned_to_another_engine(client, game):
    """The game's record says it started under an engine version this server lacks."""
    import json

    from service.store import key, unpacked
    conn = client.application.extensions["redis"]
    meta = unpacked(conn.get(key(game.id, "meta")))
    conn.set(key(game.id, "meta"), json.dumps({**meta, "engine_version": "0-older"}))
    return client


def reused_key(client, game):
    submit(client, game, 0, [{"action": "pass"}], 0, **{"Idempotency-Key": "same"})
    return submit(client, game, 0, [{"action": "play", "card": 1}], 0, **{"Idempotency-Key": "same"})


def documented_errors():
    """(path, method, operation, status) of each shared problem+json response referenced."""
    shared = spec()["components"]["responses"]
    for path, item in spec()["paths"].items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            for status, response in operation["responses"].items():
                name = response.get("$ref", "").removeprefix("#/components/responses/")
                if "application/problem+json" in shared.get(name, {}).get("content", {}):
                    yield path, method, operation["operationId"], int(status)


@pytest.mark.parametrize("path, method, operation, status", list(documented_errors()),
                         ids=lambda v: str(v))
def test_documented_error_is_sent_and_answers_problem_json(client, path, method, operation,
                                                           status):
    case = CASES.get((operation, status))
    assert case, f"no request in CASES for the documented {status} of {operation}"
    game = a_game(client)
    answer = case(client, game)
    assert_problem(answer, status, (path, method))
    ref = spec()["paths"][path][method]["responses"][str(status)]["$ref"]
    for header in spec()["components"]["responses"][ref.split("/")[-1]].get("headers", {}):
        assert int(answer.headers[header]) >= 1, f"{header} missing or not a count of seconds"
