"""HTTP rate limits (issues 11 and 25): game creation, turn submission and failed
authentication, counted in fixed windows (the `limits` package's items and keys) in the
service's own Redis (one count for every gunicorn worker and host).

Who is counted (issue 25, point 2: no client's behaviour locks out another):
- A request that carries a valid credential is counted per credential holder
  (service/credentials.py: a seat, a game's admin, a player, an API key), checked before
  it is counted; the key is a SHA-256 of the holder's name, never a token. Players behind
  one address (a NAT, an office) have a turn and creation budget each.
- Any other request is counted per source address: the client's address as the nearest
  trusted proxy saw it (PBEM_TRUSTED_PROXIES; nginx in front: 1). Creating a player, and
  creating a game on the web page, are counted per address even with a credential: a new
  player's token would otherwise bring a new budget with it.
- Failed authentications (answers 401) are counted per source address, and only for a
  request without a valid credential (a player's valid token refused where an API key is
  needed guesses nothing). A source over the limit is refused (429) every request but the
  meta ones that carries no valid credential, until the window ends; a valid credential
  is never refused for the failures of its address, so a player behind the same address
  as a client that keeps sending wrong tokens plays on. This does not make guessing any
  easier than it is: seat and admin tokens are 192 random bits, players' tokens and API
  keys 256, out of reach at any rate. The lockout is a brake on the noise: a locked-out
  request without a credential is refused without a lookup, one with a credential costs
  the one read of its check.

Settings, from the app's config or else the environment, each a rate such as
"20 per minute; 200 per day" whose amounts lie in 1..1,000,000:

  PBEM_LIMIT_CREATE         POST /v1/games (and webhooks) per holder, else per address
                                                          (default 20/minute, 200/day)
  PBEM_LIMIT_TURNS          POST /v1/games/{id}/turns, and each take-back operation
                            (POST /v1/games/{id}/takeback[/accept|/refuse], the seat
                            page's buttons: a request replays the game), per holder,
                            else per address
                                                          (default 120/minute, 3000/hour)
  PBEM_LIMIT_AUTH_FAILURES  answers 401 (a missing or wrong token) per address, counted in
                            Redis for all processes; once spent, a process that counted the
                            address over it answers 429 to every operation but the meta
                            ones that carries no valid credential, until the window ends;
                            another process refuses the address's next wrong token, and
                            only then the rest (AuthFailures)
                                                          (default 10/minute, 100/hour)
  PBEM_LIMIT_PLAYERS        POST /v1/players per address (each mails its address once)
                                                          (default 5/hour, 20/day)
  PBEM_TRUSTED_PROXIES      how many reverse proxies in front append to X-Forwarded-For
                            (nginx: 1, as deploy/ sets); 0, the default, trusts the header
                            from nobody. 0..5.

A limit spent answers 429 problem+json with Retry-After (seconds until it frees). While
Redis is down the limits are not counted (the request then answers 503 anyway)."""
from __future__ import annotations

import functools
import hashlib
import math
import os
import time

import redis
from flask import Flask, Response, request
from limits import RateLimitItem, parse_many
from limits.storage import RedisStorage, storage_from_string
from limits.strategies import FixedWindowRateLimiter
from werkzeug.middleware.proxy_fix import ProxyFix

from service import credentials, problems

DEFAULTS = {
    "PBEM_LIMIT_CREATE": "20 per minute; 200 per day",
    "PBEM_LIMIT_TURNS": "120 per minute; 3000 per hour",
    "PBEM_LIMIT_AUTH_FAILURES": "10 per minute; 100 per hour",
    "PBEM_LIMIT_PLAYERS": "5 per hour; 20 per day",
    "PBEM_LIMIT_REPLAY_CPU": "2000 per minute; 20000 per hour",   # ms: service/replay_budget.py
    "PBEM_TRUSTED_PROXIES": "0",
}
MAX_AMOUNT = 1_000_000
MAX_PROXIES = 5


def source() -> str:
    """The client's address as the nearest trusted proxy saw it."""
    return request.remote_addr or "unknown"


def client() -> str:
    """Whom a request is counted against: its credential's holder, hashed, else its source."""
    holder = credentials.holder()
    return "holder-" + hashlib.sha256(holder.encode()).hexdigest()[:32] if holder else source()


# each limited view: its rate's setting and whom it counts
LIMITED_VIEWS = {"games.create_game": ("PBEM_LIMIT_CREATE", client),
                 "turns.submit_turn": ("PBEM_LIMIT_TURNS", client),
                 "pages.create_game": ("PBEM_LIMIT_CREATE", source),
                 "pages.submit_move": ("PBEM_LIMIT_TURNS", client),
                 "accounts.create_player": ("PBEM_LIMIT_PLAYERS", source),
                 "webhooks.create_webhook": ("PBEM_LIMIT_CREATE", client),
                 "takeback.request_take_back": ("PBEM_LIMIT_TURNS", client),
                 "takeback.accept_take_back": ("PBEM_LIMIT_TURNS", client),
                 "takeback.refuse_take_back": ("PBEM_LIMIT_TURNS", client),
                 "pages.take_back": ("PBEM_LIMIT_TURNS", client)}


def setting(app: Flask, name: str) -> str:
    return str(app.config.get(name) or os.environ.get(name) or DEFAULTS[name])


def rate(app: Flask, name: str) -> str:
    """The named rate, checked: it must parse and every amount lie in 1..MAX_AMOUNT."""
    value = setting(app, name)
    try:
        items = parse_many(value)
    except ValueError:
        items = []
    if not items or not all(1 <= item.amount <= MAX_AMOUNT for item in items):
        raise ValueError(f"{name}={value!r}: give rates such as '20 per minute; 200 per day' "
                         f"with amounts 1..{MAX_AMOUNT}")
    return value


def trusted_proxies(app: Flask) -> int:
    value = setting(app, "PBEM_TRUSTED_PROXIES")
    if not value.isdigit() or int(value) > MAX_PROXIES:
        raise ValueError(f"PBEM_TRUSTED_PROXIES={value!r}: give a count 0..{MAX_PROXIES}")
    return int(value)


def install(app: Flask) -> None:
    """Count the app's requests per client in its Redis and refuse those over a limit.
    Call after the blueprints are registered. Issue 32, measured: a turn's limit (two
    windows, a script each) cost about 2.5 ms of the API's 15 ms of CPU per turn and 5
    Redis commands (in-process, A/B twice: 13.2 and 12.7 ms without it, 15.0 and 15.9 ms
    with); kept, a client's budget of turns is a security control, but counted by
    `Windows` (one script for all of a rate's windows, one round trip) where Flask-Limiter
    4.1 took a script and a round trip per window, and ran its own hooks on every
    request, limited or not (about 0.1 ms of CPU each, a bare /v1/health 0.40 against
    0.30 ms in-process; see `Windows`)."""
    if proxies := trusted_proxies(app):
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)
    conn = redis.Redis(connection_pool=app.extensions["redis"].connection_pool)
    for endpoint, (name, counted) in LIMITED_VIEWS.items():
        app.view_functions[endpoint] = Windows(conn, endpoint, parse_many(rate(app, name)),
                                               counted).guard(app.view_functions[endpoint])
    storage = storage_from_string("redis://", connection_pool=conn.connection_pool)
    failures = AuthFailures(FixedWindowRateLimiter(storage),
                            parse_many(rate(app, "PBEM_LIMIT_AUTH_FAILURES")))
    app.before_request(failures.refuse_locked_out)
    app.after_request(failures.count)


# KEYS: a client's count in each window of a rate, the shortest window first; ARGV: each
# window's seconds, then each one's amount. The counts go up by one, window by window (a
# new window's key expires with it, as the `limits` package's fixed window does), until
# one is over its amount: it answers its place and the milliseconds left of it (PTTL, at
# least 1: a window spent is spent to its end), and the longer windows after it are not
# counted (Flask-Limiter's fail on first breach). Answers nothing when none is spent.
HIT_WINDOWS = """
for i, name in ipairs(KEYS) do
  local count = redis.call('INCR', name)
  if count == 1 then redis.call('EXPIRE', name, ARGV[i]) end
  if count > tonumber(ARGV[#KEYS + i]) then
    return {i, math.max(redis.call('PTTL', name), 1)}
  end
end
return {}
"""


class Windows:
    """One limited view's rate, each of its fixed windows counted per client in one
    script and one round trip (HIT_WINDOWS: a turn's two windows take 3 Redis commands;
    Flask-Limiter's fixed window took a script, an INCRBY and a round trip each, 4 and
    2). As Flask-Limiter counted: the windows shortest first, and a request over one is
    refused (429), counted in it and in the shorter ones, not in the longer ones (a
    client refused by the minute does not use up its day); with Redis down it is not
    counted and goes on to its own 503."""

    def __init__(self, conn: redis.Redis, endpoint: str, items: list[RateLimitItem],
                 counted):
        self.endpoint, self.counted = endpoint, counted
        self.items = sorted(items, key=lambda item: item.get_expiry())
        self.script = conn.register_script(HIT_WINDOWS)

    def guard(self, view):
        @functools.wraps(view)
        def limited(*args, **kwargs):
            refused = self.refusal()
            return refused if refused is not None else view(*args, **kwargs)
        return limited

    def refusal(self) -> Response | None:
        who = self.counted()
        try:
            spent = self.script(keys=[RedisStorage.PREFIX + ":" + item.key_for(who, self.endpoint)
                                      for item in self.items],
                                args=[item.get_expiry() for item in self.items] +
                                     [item.amount for item in self.items])
        except redis.RedisError:             # Redis down: the request goes on to its 503
            return None
        if not spent:
            return None
        place, milliseconds = spent
        item = self.items[place - 1]
        return too_many_answer(str(item), time.time() + milliseconds / 1000, item)


def too_many_answer(description: str, reset_at: float, item: RateLimitItem) -> Response:
    wait = max(1, min(math.ceil(reset_at - time.time()), item.get_expiry()))
    return problems.render(problems.TooManyRequests(
        f"this client may send {description}; try again in {wait} s",
        headers={"Retry-After": str(wait)}))


class AuthFailures:
    """The failed-authentication limit, counted in Redis only when an answer is 401
    (issue 10): Flask-Limiter's application limit read Redis on every request, ~17 % of
    the API's CPU per turn. A source address found over the limit is remembered here, in
    the process, until its window ends, and its requests without a valid credential are
    refused everywhere but the meta operations; in other worker processes its wrong
    tokens are refused on their first count."""

    def __init__(self, counter: FixedWindowRateLimiter, items: list[RateLimitItem]):
        self.counter, self.items = counter, items
        self.locked: dict[str, tuple[float, RateLimitItem]] = {}   # source: (until, item)

    def refuse_locked_out(self) -> Response | None:
        if request.blueprint == "meta" or (entry := self.locked.get(source())) is None:
            return None
        if entry[0] <= time.time():
            self.locked.pop(source(), None)     # another thread may have dropped it
            return None
        if credentials.holder() is not None:     # a valid credential is never locked out
            return None
        return too_many_answer(str(entry[1]), *entry)

    def count(self, response: Response) -> Response:
        if response.status_code != 401:
            return response
        address, strategy = source(), self.counter
        try:
            if credentials.holder() is not None:     # refused what it may do, guessed nothing
                return response
            over = [item for item in self.items if not strategy.hit(item, "auth", address)]
            stats = {item: strategy.get_window_stats(item, "auth", address) for item in self.items}
        except redis.RedisError:             # Redis down: not counted, as the 401 stands
            return response
        spent = [item for item in self.items if stats[item].remaining == 0]
        if not spent:
            return response
        now, until = time.time(), max(stats[item].reset_time for item in spent)
        self.locked = {a: e for a, e in self.locked.items() if e[0] > now}
        self.locked[address] = (until, spent[0])     # refused from its next request on
        return too_many_answer(str(over[0]), until, over[0]) if over else response
