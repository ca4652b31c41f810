"""Issue 16: the home page creates a game with its options (Age of Industry's map,
Brass's length, ...), checked as POST /v1/games checks them."""
from __future__ import annotations

import re

from service import play
from service.store import Store


def test_the_home_form_takes_a_games_options_and_names_a_bad_one(app, redis_conn):
    client = app.test_client()
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/").text).group(1)
    form = {"csrf": token, "game": "age-of-industry", "player": ["Ann", "Bob", "Cy"]}
    bad = client.post("/games", data={**form, "option-age-of-industry-map": "mars"})
    assert bad.status_code == 422 and bad.json["errors"][0]["field"] == "options.map"
    assert not Store(redis_conn).redis.scard("games")
    made = client.post("/games", data={**form, "option-age-of-industry-map": "new_england",
                                       "option-brass-lancashire-length": "introductory"})
    assert made.status_code == 201
    game_id = re.search(r"/games/([0-9a-f]+)\"", made.text).group(1)
    game = play.load_game(Store(redis_conn), game_id)
    assert game.record.options == {"map": "new_england"}            # only the chosen game's
