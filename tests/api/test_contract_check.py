"""The service's compiled contract check agrees with openapi-core, the reference
OpenAPI 3.1 validator, on which requests are valid, across every operation."""
from __future__ import annotations

import pytest
from openapi_core import OpenAPI
from openapi_core.contrib.flask import FlaskOpenAPIRequest

from service import contract, problems

GAME = "/v1/games/0123456789abcdef"
TOKEN = {"Authorization": "Bearer t"}
REQUESTS = [
    ("GET", "/v1/health", None, {}),
    ("GET", "/v1/game-types", None, {}),
    ("POST", "/v1/games", {"game": "pile", "players": [{"name": "a"}]}, {}),
    ("POST", "/v1/games", {"game": "pile", "players": [{"name": "a", "email": "a@b.c"}]}, {}),
    ("POST", "/v1/games", {"game": "pile", "players": [{"name": "a", "email": "nope"}]}, {}),
    ("POST", "/v1/games", {"game": "pile", "players": []}, {}),
    ("POST", "/v1/games", {"game": "pile", "players": [{"name": ""}]}, {}),
    ("POST", "/v1/games", {"game": "pile", "players": [{"name": "a"}], "seed": -1}, {}),
    ("POST", "/v1/games", {"players": [{"name": "a"}]}, {}),
    ("GET", GAME, None, {}),
    ("GET", GAME, None, TOKEN),
    ("GET", "/v1/games/not-an-id", None, {}),
    ("GET", GAME + "/legal-moves", None, TOKEN),
    ("GET", GAME + "/log?since=3", None, {}),
    ("GET", GAME + "/log?since=-3", None, {}),
    ("GET", GAME + "/log?since=x", None, {}),
    ("POST", GAME + "/turns", {"expected_version": 0, "moves": [{"action": "pass"}]}, TOKEN),
    ("POST", GAME + "/turns?wait=5", {"expected_version": 0, "moves": [{"action": "p"}]}, TOKEN),
    ("POST", GAME + "/turns?wait=31", {"expected_version": 0, "moves": [{"action": "p"}]}, TOKEN),
    ("POST", GAME + "/turns", {"expected_version": -1, "moves": [{"action": "p"}]}, TOKEN),
    ("POST", GAME + "/turns", {"expected_version": 0, "moves": [{}]}, TOKEN),
    ("POST", GAME + "/turns", {"expected_version": 0, "moves": []}, TOKEN),
    ("POST", GAME + "/turns", {"expected_version": 0}, TOKEN),
    ("POST", GAME + "/turns", {"expected_version": 0, "moves": [{"action": "p"}], "x": 1}, TOKEN),
    ("POST", GAME + "/turns", {"expected_version": 0, "moves": [{"action": "p"}]},
     {**TOKEN, "Idempotency-Key": "k"}),
    ("POST", GAME + "/status", {"status": "paused"}, TOKEN),
    ("POST", GAME + "/status", {"status": "finished"}, TOKEN),
    ("GET", GAME + "/turns/0123456789abcdef", None, {}),
    ("GET", GAME + "/turns/zz", None, {}),
]


@pytest.fixture(scope="module")
def reference():
    """openapi-core's validator, made once: it checks the whole contract as it is made
    (about 3 s of CPU for its 4,000 lines)."""
    return OpenAPI.from_dict(contract.spec())


@pytest.mark.parametrize("method, path, body, headers", REQUESTS,
                         ids=[f"{m} {p} {b}" for m, p, b, _ in REQUESTS])
def test_compiled_check_agrees_with_openapi_core(app, reference, method, path, body, headers):
    with app.test_request_context(path, method=method, json=body, headers=headers):
        from flask import request
        expected_valid = not list(reference.iter_request_errors(FlaskOpenAPIRequest(request)))
        try:
            contract.validate(request)
            valid = True
        except problems.Problem:
            valid = False
    assert valid == expected_valid
