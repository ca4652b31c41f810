"""The vote to end a game on the seat's page (issue 30, "Leaving"; service/end_votes.py):
proposed by one seat's form, agreed by the other's, the game over and its page saying
it was abandoned. No rulebook says how a game ends early: this is the platform's."""
from __future__ import annotations

import re

from service import seat_links
from service.mail.config import page_key
from service.store import Store
from tests.api.helpers import a_game


def signed_in(client, redis_conn, game, seat: int):
    """A browser on the seat's page, and its CSRF token."""
    browser = client.application.test_client()
    browser.get(seat_links.seat_link_path(page_key(redis_conn), Store(redis_conn).game(game.id), seat))
    page = browser.get(f"/games/{game.id}/seat").get_data(as_text=True)
    return browser, re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def test_the_seat_pages_propose_and_agree_and_the_game_is_abandoned(client, redis_conn):
    game = a_game(client)
    bea, bea_csrf = signed_in(client, redis_conn, game, 1)
    ada, ada_csrf = signed_in(client, redis_conn, game, 0)
    proposed = bea.post(f"/games/{game.id}/seat/end-vote", data={"csrf": bea_csrf, "vote": "end"},
                        follow_redirects=True).get_data(as_text=True)
    assert "You proposed to end the game" in proposed and "Withdraw" in proposed
    asked = ada.get(f"/games/{game.id}/seat").get_data(as_text=True)
    assert "p1 proposes to end the game unfinished; waiting for: p0." in asked
    assert "Agree to end it" in asked and "Refuse" in asked
    forged = ada.post(f"/games/{game.id}/seat/end-vote", data={"csrf": "x", "vote": "end"})
    assert forged.status_code == 403 and client.get(f"/v1/games/{game.id}").json["status"] == "active"
    over = ada.post(f"/games/{game.id}/seat/end-vote", data={"csrf": ada_csrf, "vote": "end"},
                    follow_redirects=True).get_data(as_text=True)
    assert "recorded as abandoned" in over
    assert "Abandoned: the players ended the game unfinished after 0 moves (p0, p1 agreed)" in over
    assert 'id="end"' not in over
    shown = client.get(f"/v1/games/{game.id}").json
    assert (shown["status"], shown["result"]) == ("finished", {"abandoned": True, "version": 0,
                                                               "agreed": [0, 1]})
    assert "Abandoned" in client.get(f"/games/{game.id}").get_data(as_text=True)
