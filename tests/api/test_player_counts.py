"""Issue 17: the platform takes 1-seat games where an option allows them, and the game
type says which player counts each option's choices allow (Ultimate Railroads' solo
game against Emil, SOLOVARIANTE)."""
from __future__ import annotations

import pytest

from tests.api.helpers import a_game

UR = "ultimate-railroads"


def test_game_type_lists_the_player_counts_of_each_choice(client):
    types = {t["id"]: t for t in client.get("/v1/game-types").json["game_types"]}
    ur = types[UR]
    assert (ur["min_players"], ur["max_players"]) == (1, 4)
    emil = {o["name"]: o for o in ur["options"]}["emil"]
    assert emil["players"] == [{"value": False, "players": [2, 3, 4]},
                               {"value": True, "players": [1]}]


def test_one_player_game_is_the_solo_game_against_emil(client):
    game = a_game(client, players=1, game=UR)
    public = client.get(f"/v1/games/{game.id}", headers=game.auth(0)).json["view"]["public"]
    assert public["options"]["emil"] is True and public["seats"] == 1
    assert public["emil"]["workers"] == 6 and isinstance(public["emil"]["deck"], int)


@pytest.mark.parametrize("players,options", [(1, {"emil": False}), (2, {"emil": True}),
                                             (4, {"emil": True})])
def test_option_not_played_with_that_many_players_is_422_naming_it(client, redis_conn,
                                                                   players, options):
    def stored():
        return sorted(k for k in redis_conn.keys("*") if not k.startswith(b"LIMITS:"))
    before = stored()
    answer = client.post("/v1/games", json={"game": UR, "options": options, "players": [
        {"name": f"p{i}"} for i in range(players)]})
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    error = answer.json["errors"][0]
    assert error["field"] == "options.emil" and f"with {players} player" in error["message"]
    assert stored() == before
