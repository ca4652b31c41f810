"""The Flask application factory."""
from __future__ import annotations

import os

import redis
from flask import Flask, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from service import contract, problems
from service.connection import redis_url
from service.games.base import IllegalMove


DEFAULT_CONNECTIONS = 1000     # each ?wait, long poll and event stream holds one while it waits


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=contract.largest_body() + 1, REDIS_URL=None)
    app.config.update(config or {})
    app.extensions["redis"] = redis.Redis.from_url(
        app.config["REDIS_URL"] or redis_url(),
        max_connections=int(os.environ.get("REDIS_MAX_CONNECTIONS", DEFAULT_CONNECTIONS)))

    from service.api import events, games, mail, meta, turns
    for blueprint in (meta.bp, games.bp, turns.bp, mail.bp, events.bp):
        app.register_blueprint(blueprint)

    @app.before_request
    def check_contract():
        if request.path.startswith("/v1/") and request.path != "/v1/openapi.yaml":
            contract.validate(request)

    app.register_error_handler(problems.Problem, problems.render)

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(_err):
        return problems.render(problems.TooLarge("the body is larger than any operation takes"))

    @app.errorhandler(IllegalMove)
    def illegal(err: IllegalMove):
        return problems.render(problems.problem(422, "illegal-move", "The rules refuse this")(
            err.reason, **{k: v for k, v in err.as_dict().items() if k != "reason"}))

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        return problems.render(problems.problem(err.code, err.name.lower().replace(" ", "-"),
                                                err.name)(err.description))
    return app
