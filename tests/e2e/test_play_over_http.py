"""End to end: create a game and play it to the end over HTTP against a real
gunicorn server, real rq worker processes and a real Redis; versions rise by one
per applied move. Runs on the platform test game and on every registered game."""
from __future__ import annotations

import pytest

from service.games.registry import game_types
from service.play import matches_stored, rebuild
from service.store import Store
from tests.e2e.client import Table
from tests.e2e.conftest import STORES

MAX_TURNS = 4000


# each game at its fewest players; Ultimate Railroads also at 2 (1 is its solo game, issue 17)
TABLES = [(g, t.min_seats) for g, t in sorted(game_types().items())] + [("ultimate-railroads", 2)]
# on the Redis Cluster too (issue 18): each of the four games once, at its fewest players
ON_CLUSTER = [(game, seats) for game, seats in TABLES[:-1] if game != "pile"]


def played_to_its_end(service, conn, game_id: str, seats: int) -> None:
    table = Table(service.base, game_id, seats, seed=2026)
    state = table.play_to_end(MAX_TURNS)
    assert state["result"]["ranking"] and state["to_act"] == []
    store = Store(conn)
    assert matches_stored(rebuild(store, table.id), store.snapshot(table.id))
    assert len(table.http.get(f"{table.url}/log").json()["entries"]) == state["version"]


# Two tests, not one parametrized with (game, seats, store): pytest starts a module's
# server again for every parameter set that names it, so it would start one per game.
@pytest.mark.parametrize("game_id,seats", TABLES)
def test_a_game_is_played_to_its_end_over_http(service, redis_conn_e2e, game_id, seats):
    played_to_its_end(service, redis_conn_e2e, game_id, seats)


@pytest.mark.parametrize("service", STORES[1:], indirect=True)
@pytest.mark.parametrize("game_id,seats", ON_CLUSTER)
def test_a_game_is_played_to_its_end_over_http_with_its_state_on_a_cluster(
        service, redis_conn_e2e, game_id, seats):
    played_to_its_end(service, redis_conn_e2e, game_id, seats)
