"""Issue 27: `pbem bench choices` prices levels of big decisions and prints its figure
against the 100 ms ceiling; here on a small scale (decisions of 150 moves, three levels
of one), on the test Redis."""
from __future__ import annotations

import re

from service.bench import choices as bench_choices
from tests.conftest import TEST_REDIS_URL


def test_bench_choices_prints_the_figure_and_its_ceiling(monkeypatch, capsys, redis_conn):
    monkeypatch.setenv("REDIS_URL", TEST_REDIS_URL)
    games = redis_conn.scard("games")
    monkeypatch.setattr(bench_choices, "BIG", 150)
    monkeypatch.setattr(bench_choices, "DECISIONS", 1)
    within = bench_choices.choices(rounds=3)
    out = capsys.readouterr().out
    assert "ceiling p99 100 ms" in out
    found = re.search(r"all 3 levels: CPU p50 +([\d.]+) ms p99 +([\d.]+) ms", out)
    assert found, out
    assert within == (float(found.group(2)) <= 100)
    assert re.search(r"decision of +\d+ moves \(\d+ levels\).*widest level priced [1-9]", out)
    assert redis_conn.scard("games") == games                 # its games deleted
