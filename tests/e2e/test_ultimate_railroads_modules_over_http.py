"""Issue 17 end to end: an Ultimate Railroads game on the German board with every module
on, a solo game against Emil on the Asian board with the industry board, coal and the
Werklok, and a game on the American board (stock board, payouts, steelworks) with coal, each
played to its end over
HTTP against a real gunicorn server, rq workers and Redis (the Russian base game:
test_play_over_http.py)."""
from __future__ import annotations

import pytest

from service.play import matches_stored, rebuild
from service.store import Store
from tests.e2e.client import Table

MAX_TURNS = 4000
ALL_MODULES = {"coal": True, "werklok": True, "special_ideas": True, "extra_engineers": True}


@pytest.mark.parametrize("players,options", [(2, {"board": "germany", **ALL_MODULES}),
                                             (1, {"board": "asia", "industry_board": True, "emil": True,
                                                  "coal": True, "werklok": True}),
                                             (2, {"board": "america", "coal": True})])
def test_ultimate_railroads_with_modules_played_to_its_end_over_http(service, redis_conn_e2e, players, options):
    table = Table(service.base, "ultimate-railroads", players, seed=17, options=options)
    state = table.play_to_end(MAX_TURNS)
    assert state["result"]["ranking"] and state["to_act"] == []
    store = Store(redis_conn_e2e)
    assert matches_stored(rebuild(store, table.id), store.snapshot(table.id))
