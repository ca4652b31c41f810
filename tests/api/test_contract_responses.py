"""Issue 13, "every response, field and header the server sends is declared": the
answers of a game played through the API (games, legal moves flat and as a tree,
turns applied and rejected as stale, the log, a preview, problems) hold no field the
contract's schema of that answer leaves out, and no header its response leaves out."""
from __future__ import annotations

import re

from service.contract import inline, spec
from tests.api.helpers import a_game, preview, submit

PLAIN_HEADERS = {"content-type", "content-length"}
# content negotiation on every answer (compression, Vary: Accept-Encoding), said once in
# the contract's description rather than on each of its responses
NEGOTIATION = {"vary": "accept-encoding", "content-encoding": None}


def response_of(path: str, method: str, status: int) -> dict:
    """The contract's response for an answer (its operation found by the path)."""
    for template, item in spec()["paths"].items():
        if re.fullmatch(re.sub(r"\{\w+\}", "[^/]+", template), path) and method in item:
            return inline(item[method]["responses"][str(status)], spec())
    raise AssertionError(f"no operation for {method} {path}")


def members(schema: dict) -> list[dict]:
    """The schema and those it combines, however deep (a game's own answer is an `allOf`
    inside `AnyGame`'s `anyOf`: issue 29)."""
    return [schema] + [m for key in ("anyOf", "oneOf", "allOf") for part in schema.get(key, [])
                       for m in members(part)]


def undeclared(value, schema: dict, where: str = "") -> list[str]:
    """The paths of the object fields in `value` that `schema` does not name."""
    combined = members(schema)
    if isinstance(value, dict):
        named = {k: s for m in combined for k, s in m.get("properties", {}).items()}
        if not named:                   # a free-form object (a view, an event)
            return []
        return [found for key, item in value.items()
                for found in ([f"{where}.{key}"] if key not in named
                              else undeclared(item, named[key], f"{where}.{key}"))]
    if isinstance(value, list):
        items = next((m["items"] for m in combined if "items" in m), {})
        return [found for i, item in enumerate(value) for found in undeclared(item, items, f"{where}[{i}]")]
    return []


def check(answer, path: str, method: str = "get") -> dict:
    response = response_of(path.split("?")[0], method, answer.status_code)
    body = answer.get_json(silent=True)
    media = next(iter(response.get("content", {}).values()), {})
    assert undeclared(body, media.get("schema", {})) == [], (path, answer.status_code)
    declared = {name.lower() for name in response.get("headers", {})}
    negotiated = {name for name, value in NEGOTIATION.items()
                  if value is None or answer.headers.get(name, "").lower() == value}
    assert {h.lower() for h in answer.headers.keys()} - PLAIN_HEADERS - negotiated <= declared, \
        (path, answer.headers)
    return body


def test_every_field_and_header_of_a_played_game_is_declared(client, work):
    check(client.get("/v1/game-types"), "/v1/game-types")
    game = a_game(client)
    url = f"/v1/games/{game.id}"
    check(client.get(url, headers=game.auth(0)), url)
    etag = client.get(url).headers["ETag"]
    check(client.get(url, headers={"If-None-Match": etag}), url)
    check(client.get(f"{url}/legal-moves", headers=game.auth(0)), f"{url}/legal-moves")
    check(client.get(f"{url}/legal-moves?format=tree", headers=game.auth(0)), f"{url}/legal-moves")
    check(client.get(f"{url}/legal-moves?format=tree&at=", headers=game.auth(0)), f"{url}/legal-moves")
    check(preview(client, game, 0, [{"action": "pass"}], 0), f"{url}/preview", "post")
    check(preview(client, game, 0, [{"action": "fly"}], 0), f"{url}/preview", "post")
    first = check(submit(client, game, 0, [{"action": "pass"}], 0), f"{url}/turns", "post")
    stale = check(submit(client, game, 0, [{"action": "pass"}], 0), f"{url}/turns", "post")
    work()
    check(client.get(f"{url}/turns/{first['id']}", headers=game.auth(0)), f"{url}/turns/x")
    rejected = check(client.get(f"{url}/turns/{stale['id']}", headers=game.auth(0)), f"{url}/turns/x")
    assert rejected["current_version"] == 1
    problem = check(submit(client, game, 1, [{"action": "pass"}], 0), f"{url}/turns", "post")
    assert problem["current_version"] == 1
    check(client.get(f"{url}/log"), f"{url}/log")
    check(client.get(f"{url}/turns/0123456789abcdef", headers=game.auth(0)), f"{url}/turns/x")
