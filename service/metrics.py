"""What an operator scrapes at `/metrics` (issue 18), with prometheus-client.

Counters and the latency histogram are counted where things happen: turns submitted
(service.play.submit_turn, API and mail), applied and rejected with their submit->applied
latency (service.play.resolve_turn, in the worker that resolves them), HTTP requests by
route and status (service.app). Under gunicorn, and for workers on the same host, each
process writes its counts to PROMETHEUS_MULTIPROC_DIR, which `pbem dev`, `pbem serve` and
`pbem worker` set to `PBEM_VAR/metrics` (service.connection.metrics_folder; `pbem dev` and
`pbem serve` empty it at start), and a scrape adds
them up (prometheus-client's multiprocess mode). Queue depths, owed turns and failed jobs
are read from Redis at each scrape; with Redis unreachable they are left out and the
counters are still served.
"""
from __future__ import annotations

import os

import redis
from prometheus_client import (CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter,
                               Histogram, generate_latest, multiprocess)
from prometheus_client.core import GaugeMetricFamily
from rq.registry import FailedJobRegistry

from service.queues import MAIL, TURNS, queue
from service.store import Store

TURNS_SUBMITTED = Counter("pbem_turns_submitted_total", "Turns queued by a seat", ["game"])
TURNS_APPLIED = Counter("pbem_turns_applied_total", "Turns applied", ["game"])
TURNS_REJECTED = Counter("pbem_turns_rejected_total", "Turns rejected when resolved", ["game"])
TURN_LATENCY = Histogram("pbem_turn_latency_seconds", "From a turn's submission to its commit",
                         ["game"], buckets=(.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10,
                                            30, 60, 300))
HTTP_REQUESTS = Counter("pbem_http_requests_total", "HTTP requests answered",
                        ["route", "method", "status"])


class RedisGauges:
    """Queue depths, owed turns and failed jobs, as Redis has them at the scrape."""

    def __init__(self, conn: redis.Redis):
        self.conn = conn

    def collect(self):
        try:
            depth = GaugeMetricFamily("pbem_queue_depth", "Jobs waiting on an rq queue",
                                      labels=["queue"])
            failed = GaugeMetricFamily("pbem_jobs_failed", "Jobs failed for good, kept in "
                                       "rq's failed registry", labels=["queue"])
            for name in (TURNS, MAIL):
                jobs = queue(self.conn, name)
                depth.add_metric([name], jobs.count)
                failed.add_metric([name], FailedJobRegistry(queue=jobs).count)
            owed = GaugeMetricFamily("pbem_turns_owed", "Turns whose jobs are not yet done",
                                     value=Store(self.conn).owed())
        except redis.RedisError:
            return
        yield from (depth, failed, owed)


def exposition(conn: redis.Redis) -> tuple[bytes, str]:
    """The text format: this process's counts (or, in multiprocess mode, every
    process's), then the gauges read from Redis."""
    gauges = CollectorRegistry(auto_describe=True)
    gauges.register(RedisGauges(conn))
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        counts = CollectorRegistry()
        multiprocess.MultiProcessCollector(counts)
    else:
        counts = REGISTRY
    return generate_latest(counts) + generate_latest(gauges), CONTENT_TYPE_LATEST
