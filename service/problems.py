"""Errors as application/problem+json (RFC 9457). A `detail` a player may read (a
refused move by mail, on a seat page) is a Said (service/games/speech.py): said in the
reader's language, English unless the reader reads German (issue 31)."""
from __future__ import annotations

from flask import Response, json
from werkzeug.exceptions import HTTPException, MethodNotAllowed as HTTPMethodNotAllowed

from service.games.speech import say

BASE = "https://pbem.example/problems/"


class Problem(Exception):
    status = 400
    slug = "bad-request"
    title = "Bad request"

    def __init__(self, detail: str, headers: dict | None = None, **extra):
        super().__init__(detail)
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra

    def as_dict(self) -> dict:
        return {"type": BASE + self.slug, "title": self.title, "status": self.status,
                "detail": say(self.detail), **self.extra}


def problem(status: int, slug: str, title: str):
    return type(slug.title().replace("-", ""), (Problem,),
                {"status": status, "slug": slug, "title": title})


ValidationFailed = problem(400, "validation", "The request does not match the API contract")
Unauthorized = problem(401, "unauthorized", "Missing or unknown token")
Forbidden = problem(403, "forbidden", "This token may not do that")
NotYourMove = problem(403, "not-your-move", "It is not this seat's move")
NotFound = problem(404, "not-found", "No such resource")
MethodNotAllowed = problem(405, "method-not-allowed", "This resource does not take that method")
Conflict = problem(409, "conflict", "This conflicts with what is stored")
StaleVersion = problem(409, "stale-version", "The game has moved on")
GameNotActive = problem(409, "game-not-active", "The game does not accept turns now")
EnginePinned = problem(409, "engine-version", "The game was started under another engine version")
TooLarge = problem(413, "too-large", "Request body too large")
IdempotencyConflict = problem(422, "idempotency-key-reused",
                              "This Idempotency-Key was used with another body")
BadOptions = problem(422, "bad-options", "The game options are not allowed")
TooManyRequests = problem(429, "too-many-requests", "Too many requests from this client")
Unavailable = problem(503, "unavailable", "The game store is unavailable for a moment")
TurnMayBeStored = problem(503, "turn-may-be-stored",
                          "The game store failed while storing the turn: it may be stored")


def render(err: Problem) -> Response:
    return Response(json.dumps(err.as_dict()), status=err.status, headers=err.headers,
                    mimetype="application/problem+json")


def of_http(err: HTTPException) -> Problem:
    """A werkzeug error (Flask's 404, 405, an `abort`) as a problem, with Allow on a 405
    (issue 29)."""
    allow = {"Allow": ", ".join(err.valid_methods)} \
        if isinstance(err, HTTPMethodNotAllowed) and err.valid_methods else {}
    return problem(err.code, err.name.lower().replace(" ", "-"), err.name)(err.description, headers=allow)
