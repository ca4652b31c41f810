"""The requests that make each documented error of the table's messages and of resigning
(issue 30), for tests/api/test_error_coverage.py: (operation, status) -> request(client, game)."""
from __future__ import annotations

import time

import time_machine

from service.mail.limits import MESSAGES_PER_MINUTE
from service.store import Store
from tests.api.player_error_cases import BIG, FAKE, NO_ID, sign_up


def said(game) -> str:
    return f"/v1/games/{game.id}/messages"


def talkative(client, game):
    """One message past the seat's limit a minute, all said within one minute's window
    (the clock held still: a loaded machine may not cross a window's end between them)."""
    with time_machine.travel(time.time() // 60 * 60 + 60, tick=False):
        for number in range(MESSAGES_PER_MINUTE["messages"] + 1):
            answer = client.post(said(game), json={"text": f"hello {number}"}, headers=game.auth(0))
    return answer


def resigned_after_the_deadline(client, game):
    """The deadline policy "bot" gave seat 1 to the bot (workers/deadline_policy.py, by
    the store's own step): the seat stays its player's, whose token is refused (409)
    to resign it then."""
    Store(client.application.extensions["redis"]).hand_to_bot(game.id, 1)
    return client.post(f"/v1/games/{game.id}/resign", headers=game.auth(1))


CASES = {
    ("rematchGame", 401): lambda c, g: c.post(f"/v1/games/{g.id}/rematch"),
    ("rematchGame", 403): lambda c, g: c.post(f"/v1/games/{g.id}/rematch", headers=sign_up(c)),
    ("rematchGame", 404): lambda c, g: c.post(f"/v1/games/{NO_ID}/rematch", headers=g.auth(0)),
    ("rematchGame", 409): lambda c, g: c.post(f"/v1/games/{g.id}/rematch", headers=g.auth(0)),
    ("listFinishedGames", 400): lambda c, g: c.get(f"/v1/players/{NO_ID}/games?status=active"),
    ("listFinishedGames", 404): lambda c, g: c.get(f"/v1/players/{NO_ID}/games?status=finished"),
    ("resignSeat", 401): lambda c, g: c.post(f"/v1/games/{g.id}/resign"),
    ("resignSeat", 403): lambda c, g: c.post(f"/v1/games/{g.id}/resign", headers=sign_up(c)),
    ("resignSeat", 404): lambda c, g: c.post(f"/v1/games/{NO_ID}/resign", headers=g.auth(0)),
    ("resignSeat", 409): resigned_after_the_deadline,
    ("sayMessage", 400): lambda c, g: c.post(said(g), json={"text": "x" * 1001},
                                             headers=g.auth(0)),
    ("sayMessage", 401): lambda c, g: c.post(said(g), json={"text": "hi"}),
    ("sayMessage", 403): lambda c, g: c.post(said(g), json={"text": "hi"}, headers=sign_up(c)),
    ("sayMessage", 404): lambda c, g: c.post(f"/v1/games/{NO_ID}/messages", json={"text": "hi"},
                                             headers=g.auth(0)),
    ("sayMessage", 413): lambda c, g: c.post(said(g), data=BIG, content_type="application/json",
                                             headers=g.auth(0)),
    ("sayMessage", 415): lambda c, g: c.post(said(g), data="hi", content_type="text/plain",
                                             headers=g.auth(0)),
    ("sayMessage", 429): talkative,
    ("readMessages", 400): lambda c, g: c.get(said(g) + "?limit=501"),
    ("readMessages", 401): lambda c, g: c.get(said(g), headers=FAKE),
    ("readMessages", 404): lambda c, g: c.get(f"/v1/games/{NO_ID}/messages"),
    ("muteSeats", 400): lambda c, g: c.put(f"/v1/games/{g.id}/mutes", json={"seats": [0]},
                                           headers=g.auth(0)),
    ("muteSeats", 401): lambda c, g: c.put(f"/v1/games/{g.id}/mutes", json={"seats": [1]}),
    ("muteSeats", 403): lambda c, g: c.put(f"/v1/games/{g.id}/mutes", json={"seats": [1]},
                                           headers=sign_up(c)),
    ("muteSeats", 404): lambda c, g: c.put(f"/v1/games/{NO_ID}/mutes", json={"seats": [1]},
                                           headers=g.auth(0)),
    ("muteSeats", 413): lambda c, g: c.put(f"/v1/games/{g.id}/mutes", data=BIG,
                                           content_type="application/json", headers=g.auth(0)),
    ("muteSeats", 415): lambda c, g: c.put(f"/v1/games/{g.id}/mutes", data="1",
                                           content_type="text/plain", headers=g.auth(0)),
}
# locked out (429) and Redis down (503): the same request for both
REQUESTS = {
    "rematchGame": lambda c, g: c.post(f"/v1/games/{g.id}/rematch", headers=g.auth(0)),
    "listFinishedGames": lambda c, g: c.get(f"/v1/players/{NO_ID}/games?status=finished"),
    "resignSeat": lambda c, g: c.post(f"/v1/games/{g.id}/resign", headers=g.auth(1)),
    "readMessages": lambda c, g: c.get(said(g), headers=g.auth(0)),
    "muteSeats": lambda c, g: c.put(f"/v1/games/{g.id}/mutes", json={"seats": [1]},
                                    headers=g.auth(0)),
}
SAY = {"sayMessage": lambda c, g: c.post(said(g), json={"text": "hi"}, headers=g.auth(0))}
