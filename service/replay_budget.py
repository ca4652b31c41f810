"""Each client's allowance of replay CPU (issue 25, point 6).

A finished game keeps its moves but not their events, nor its engine state (issue 18:
they would take a finished 4-seat Brass game from 2.1 KB to 4.4 KB, past its 4 KB
ceiling); the first read of its log, its view or its pages in a process replays the game
from setup, 0.15-0.4 s of CPU for Brass. So the CPU of replays is charged to the client
whose request made them (play.replayed, through play.replay_budget): counted in Redis
by the `limits` package (fixed windows, as the other limits of service/limits.py are
counted), in milliseconds of the replaying thread's CPU. A client whose
allowance is spent gets 429 with Retry-After for a read that would replay, at a cost of
a few milliseconds; what this process has replayed already (play.REPLAYS) stays free.

  PBEM_LIMIT_REPLAY_CPU   milliseconds of replay CPU per client (the `rate` syntax of
                          service/limits.py; amounts 1..1,000,000)
                                                          (default 2000/minute, 20000/hour)
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable

from flask import Flask, g
from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from service import limits as rate_limits
from service import play, problems

SETTING = "PBEM_LIMIT_REPLAY_CPU"
NAMESPACE = "replay-cpu"


class ReplayBudget:
    """One client's replay CPU, as play.replayed() asks for it."""

    def __init__(self, counter: FixedWindowRateLimiter, items: list[RateLimitItem],
                 client: Callable[[], str]):
        # the client is asked for only when a read would replay: most requests never do,
        # and naming a credential's holder may cost a Redis read (service/credentials.py)
        self.counter, self.items, self.whose = counter, items, client

    @property
    def client(self) -> str:
        return self.whose()

    def admit(self) -> None:
        """Nothing while the client has CPU left in every window; else TooManyRequests
        with the seconds until the fullest window ends."""
        spent = [item for item in self.items
                 if not self.counter.test(item, NAMESPACE, self.client)]
        if not spent:
            return
        ends = max(self.counter.get_window_stats(item, NAMESPACE, self.client).reset_time
                   for item in spent)
        wait = max(1, math.ceil(ends - time.time()))
        raise problems.TooManyRequests(
            f"this client's replays (reads of finished games, take-back requests) have taken "
            f"their allowance of replay CPU ({spent[0].amount} ms per "
            f"{spent[0].GRANULARITY.name}); what was read lately is still served; try again in {wait} s",
            headers={"Retry-After": str(wait)})

    def spend(self, seconds: float) -> None:
        cost = max(1, math.ceil(seconds * 1000))
        for item in self.items:
            self.counter.hit(item, NAMESPACE, self.client, cost=cost)


def install(app: Flask) -> None:
    """Charge each request's replays to its client (service/limits.py: its credential's holder, else its address)."""
    items = parse_many(rate_limits.rate(app, SETTING))
    counter = FixedWindowRateLimiter(storage_from_string(
        "redis://", connection_pool=app.extensions["redis"].connection_pool))

    @app.before_request
    def charge_the_client():
        g.replay_budget = play.replay_budget.set(
            ReplayBudget(counter, items, rate_limits.client))

    @app.teardown_request
    def charged(_exc):
        if (token := g.pop("replay_budget", None)) is not None:
            play.replay_budget.reset(token)
