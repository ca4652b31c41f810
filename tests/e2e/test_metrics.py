"""Issue 18, "metrics an operator expects": `/metrics` of a real gunicorn (two worker
processes) with a real rq worker process, in Prometheus's text format. The counts of
every process are summed (prometheus-client's multiprocess mode): turns submitted,
applied and rejected, the submit->applied latency histogram, HTTP requests by route and
status, and the queue depths and owed turns read from Redis."""
from __future__ import annotations

import requests
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.client import Table


def scrape(base: str) -> dict[tuple[str, tuple], float]:
    answer = requests.get(f"{base}/metrics", timeout=10)
    assert answer.status_code == 200 and answer.headers["Content-Type"].startswith("text/plain")
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(answer.text)
            for sample in family.samples}


def value(samples: dict, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted((k, str(v)) for k, v in labels.items()))), 0.0)


def test_issue18_metrics_of_every_gunicorn_and_worker_process_move_with_the_turns(service):
    before = scrape(service.base)
    table = Table(service.base, "pile", 2, seed=11)
    applied = 0
    for version in range(4):                     # the smallest card: the game goes on
        seat = table.state()["to_act"][0]
        turn = table.submit(seat, [table.legal(seat)["moves"][0]], version).json()
        applied += turn["status"] == "applied"
    seat = table.state()["to_act"][0]
    refused = table.submit(seat, [{"action": "play", "card": 999}], table.state()["version"])
    assert refused.json()["status"] == "rejected"
    for _ in range(6):                  # requests spread over both gunicorn processes
        requests.get(f"{service.base}/v1/health", timeout=10)
    after = scrape(service.base)

    def moved(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)
    assert moved("pbem_turns_submitted_total", game="pile") == applied + 1
    assert moved("pbem_turns_applied_total", game="pile") == applied == 4
    assert moved("pbem_turns_rejected_total", game="pile") == 1
    assert moved("pbem_turn_latency_seconds_count", game="pile") == 4
    assert 0 < moved("pbem_turn_latency_seconds_sum", game="pile") < 4 * 30
    assert moved("pbem_http_requests_total", route="/v1/health", method="GET", status=200) == 6
    assert moved("pbem_http_requests_total", route="/v1/games", method="POST", status=201) == 1
    assert moved("pbem_http_requests_total", route="/v1/games/<game_id>/turns",
                 method="POST", status=200) == 5
    assert value(after, "pbem_queue_depth", queue="turns") == 0
    assert ("pbem_turns_owed", ()) in after and ("pbem_jobs_failed", (("queue", "turns"),)) in after
