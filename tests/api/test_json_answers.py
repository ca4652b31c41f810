"""The API's JSON answers (service/app.py, OrjsonProvider): Flask's compact form, keys
sorted, encoded by orjson; what orjson refuses encoded by the stdlib as before."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone

from tests.api.helpers import a_game


def compact(data) -> bytes:
    return (json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            + "\n").encode()


def test_an_answer_is_compact_sorted_utf8_json(client):
    answer = client.post("/v1/games", json={
        "game": "pile", "players": [{"name": "Zoë"}, {"name": "Åsa"}], "seed": 3})
    assert answer.status_code == 201 and answer.mimetype == "application/json"
    assert answer.get_data() == compact(answer.json)
    game = a_game(client)
    shown = client.get(f"/v1/games/{game.id}", headers=game.auth(0))
    assert shown.get_data() == compact(shown.json)


@dataclass
class Seat:
    name: str


def test_what_orjson_refuses_or_leaves_to_flask_is_encoded_as_flask_does(app):
    when = datetime(2026, 11, 28, 1, 2, 3, tzinfo=timezone.utc)
    with app.app_context():
        large = app.json.response({"seed": 2**70, "b": [1.5, None]})
        other = app.json.response(at=when, seat=Seat("Ada"))
    assert large.get_data() == b'{"b":[1.5,null],"seed":1180591620717411303424}\n'
    assert json.loads(other.get_data()) == {"at": "Sat, 28 Nov 2026 01:02:03 GMT",
                                            "seat": {"name": "Ada"}}
