"""The Flask application factory."""
from __future__ import annotations

import logging
import os

import orjson
import redis
from flask import Flask, Response, request
from flask.json.provider import DefaultJSONProvider
from flask_compress import Compress
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from service import availability, contract, credentials, i18n, limits, metrics, problems, replay_budget
from service.api import (accounts, check_scope, events, games, history, invitations, leaving,
                         lobby, mail, messages, meta, resign, takeback, turns, webhooks)
from service.api.waiting import Rooms
from service.connection import redis_url
from service.games.base import IllegalMove
from service.web import account, pages, seats

logger = logging.getLogger(__name__)
RETRY_AFTER = 5          # seconds: what a Redis restart with AOF takes, give or take
DEFAULT_CONNECTIONS = 1000     # each ?wait, long poll and event stream holds one while it waits
# Issue 15, "large answers are compressed" (a Brass decision's legal moves: 304 KB of
# JSON): Flask-Compress answers in what Accept-Encoding asks (zstd, br, gzip, deflate)
# from 500 bytes on; event streams are left alone (each event must leave at once).
COMPRESSION = {"COMPRESS_MIN_SIZE": 500, "COMPRESS_STREAMS": False}


def redis_client(url: str) -> redis.Redis:
    """The API's client: a dropped connection is tried again at once (up to 3 times,
    50-500 ms apart), so a CLIENT KILL or a restart's first second costs no request,
    and an outage answers within about a second and a half instead of after redis-py's
    default backoff (1-10 s per try); a hung server within half a second per command
    (service/availability.py). At REDIS_MAX_CONNECTIONS a request waits (up to 5 s) for
    a connection to come free instead of failing: `pbem streams` keeps a few for a
    thousand streams, not one each (service/serving.py)."""
    pool = redis.BlockingConnectionPool.from_url(
        url, socket_connect_timeout=availability.CONNECT_TIMEOUT,
        socket_timeout=availability.COMMAND_TIMEOUT, timeout=5,
        max_connections=int(os.environ.get("REDIS_MAX_CONNECTIONS", DEFAULT_CONNECTIONS)),
        retry=availability.retry())
    return redis.Redis.from_pool(pool)


class OrjsonProvider(DefaultJSONProvider):
    """Answers encoded by orjson (issue 10: the stdlib encoder took 0.18 ms of a Brass
    legal-moves answer of 25 KB, orjson 0.02 ms), as Flask's compact answers are: keys
    sorted, no spaces, a newline at the end; dates, dataclasses and the rest through
    Flask's own `default`. Text outside ASCII is written as UTF-8, not \\u escapes (the
    body is UTF-8 JSON either way). What orjson refuses (an integer past 64 bits, a key
    that is not a string) and the indented answers of debug mode go through the stdlib."""

    OPTIONS = (orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE |
               orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS)

    def response(self, *args, **kwargs):
        if self.compact is False or (self.compact is None and self._app.debug):
            return super().response(*args, **kwargs)
        return self.bytes_response(self.encoded(self._prepare_response_obj(args, kwargs)))

    def encoded(self, obj) -> bytes:
        """The body of the compact answer `obj`."""
        try:
            return orjson.dumps(obj, default=self.default, option=self.OPTIONS)
        except TypeError:
            return (self.dumps(obj, separators=(",", ":")) + "\n").encode()

    def bytes_response(self, body: bytes):
        return self._app.response_class(body, mimetype=self.mimetype)


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__)
    app.json = OrjsonProvider(app)
    app.config.update(MAX_CONTENT_LENGTH=contract.largest_body() + 1, REDIS_URL=None,
                      **COMPRESSION)
    app.config.update(config or {})
    app.extensions["redis"] = redis_client(app.config["REDIS_URL"] or redis_url())
    app.extensions["rooms"] = Rooms.from_env()      # how many requests may wait (issue 25)

    for blueprint in (meta.bp, games.bp, turns.bp, mail.bp, events.bp, pages.bp, account.bp, accounts.bp,
                      invitations.bp, webhooks.bp, messages.bp, resign.bp, history.bp, lobby.bp,
                      leaving.bp, takeback.bp):
        app.register_blueprint(blueprint)
    seats.install(app)
    limits.install(app)
    replay_budget.install(app)
    Compress(app)

    @app.before_request
    def check_contract():
        if request.path.startswith("/v1/") and request.path != "/v1/openapi.yaml":
            contract.validate(request)
            check_scope()

    # Issue 32, measured per turn (a legal-moves request and a submission, in-process,
    # A/B, twice each, load average 13-36 on 2 cores): this line's log costs about 1.5 ms
    # of the API's 15 ms (LOG_LEVEL=WARNING: 13.8 and 14.1 ms against 15.0 and 15.9), the
    # metrics are within the noise (14.8 and 15.4 ms without them); both kept: the
    # operator's record of each request and its counts.
    @app.after_request
    def count(response):
        route = request.url_rule.rule if request.url_rule else "unmatched"
        metrics.HTTP_REQUESTS.labels(route, request.method, response.status_code).inc()
        logger.info("%s %s %s", request.method, route, response.status_code,     # JSON: logs.py
                    extra={"method": request.method, "route": route,
                           "status": response.status_code})
        return response

    def render(err: problems.Problem):
        """A problem's detail in the language the request asks for (Accept-Language:
        German or English, issue 31); asking for none, in the language its credential's
        holder chose (a player's account, a seat's setting), else English; its type,
        title and fields stay English."""
        with i18n.speaking(i18n.best_of(request.accept_languages)
                           if "Accept-Language" in request.headers else holders_language()):
            return problems.render(err)

    def holders_language() -> str | None:
        """The language the credential's holder chose; None (English) while the store
        does not answer (a problem of the outage itself: 503 turn-may-be-stored)."""
        try:
            return credentials.chosen_language()
        except availability.STORE_UNAVAILABLE:
            return None
    app.register_error_handler(problems.Problem, render)

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(_err):
        return problems.render(problems.TooLarge("the body is larger than any operation takes"))

    @app.errorhandler(IllegalMove)
    def illegal(err: IllegalMove):
        return render(problems.problem(422, "illegal-move", "The rules refuse this")(
            err.reason, **{k: v for k, v in err.as_dict().items() if k != "reason"}))

    def redis_unavailable(err: Exception):
        if not availability.unavailable(err):
            raise err                       # a bug (a cross-slot transaction): a 500
        logger.warning("Redis unavailable on %s %s: %s", request.method, request.path, err)
        return problems.render(problems.Unavailable(
            "the game store does not answer now (restarting, loading, hung, or a cluster "
            "down or moving a slot); try again in "
            f"{RETRY_AFTER} s (a turn repeated with its Idempotency-Key is never applied twice)",
            headers={"Retry-After": str(RETRY_AFTER)}))
    for unavailable in availability.STORE_UNAVAILABLE:
        app.register_error_handler(unavailable, redis_unavailable)

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        return problems.render(problems.of_http(err))

    def options_answer() -> Response:
        """OPTIONS: 204 with Allow and no body (Flask's own is an empty text/html 200,
        which the contract does not declare; issue 29)."""
        allowed = Flask.make_default_options_response(app).headers["Allow"].split(", ")
        answer = Response(status=204, headers={"Allow": ", ".join(sorted(allowed))})
        answer.headers.remove("Content-Type")
        return answer
    app.make_default_options_response = options_answer
    return app
