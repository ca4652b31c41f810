"""Issue 11, finding 1, shown over HTTP: a random Ultimate Railroads game is played
through the API (Flask's test client, turns resolved by rq workers, mail to a real
SMTP server) until a seat takes an end-game card face down ("legst sie verdeckt vor
dir ab"). Neither the other seat nor a spectator finds the card in the log, its
notation, the game's view or a mail; the seat that took it sees it."""
from __future__ import annotations

import json
import random
import re

from service.app import create_app
from service.mail import consent
from tests.conftest import TEST_REDIS_URL
from tests.games.harness import revealed, strings
from tests.workers.conftest import PLAYERS

MAX_TURNS = 200


def mail_text(message) -> str:
    return message.get_body(("plain",)).get_content() + message.get_body(("html",)).get_content()


def by_page(game_id: str, mails: list) -> tuple:
    """A browser of the seat's player, signed in by the page link its mails carry (a seat
    held by its address has no token: issue 25), and the CSRF header its API posts carry."""
    link = re.search(r"https?://[^/\s]+(/games/\S+/enter/[^\s\"<]+)",
                     "\n".join(map(mail_text, mails))).group(1)
    browser = create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True}).test_client()
    assert browser.get(link).status_code == 303
    page = browser.get(f"/games/{game_id}").text         # its forms carry the session's CSRF
    return browser, {"X-CSRF-Token": re.search(r'name="csrf" value="([^"]+)"', page).group(1)}


def test_no_other_seat_nor_spectator_learns_the_end_game_card(conn, inbox, run_jobs, api_key):
    client = create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True}).test_client()
    conn.sadd(consent.CONFIRMED, *(consent.normal(p["email"]) for p in PLAYERS))  # mail flows at once
    created = client.post("/v1/games", json={"game": "ultimate-railroads", "players": PLAYERS,
                                             "seed": 15}, headers=api_key())
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    assert not [s for s in created.json["seats"] if "token" in s]   # the addresses hold them
    run_jobs()
    seats = [by_page(game_id, inbox.to(p["email"])) for p in PLAYERS]
    chooser = random.Random(15)
    for _ in range(MAX_TURNS):
        game = client.get(f"/v1/games/{game_id}").json
        assert game["status"] == "active", "the game ended before an end-game card was taken"
        seat = game["to_act"][0]
        browser, csrf = seats[seat]
        moves = browser.get(f"/v1/games/{game_id}/legal-moves").json["moves"]
        move = chooser.choice(moves)
        turn = browser.post(f"/v1/games/{game_id}/turns", headers=csrf, json={
            "expected_version": game["version"], "moves": [move]})
        assert turn.status_code == 202, turn.json
        run_jobs()
        if move["action"] == "end_card" and move["card"] != "none":
            break
    else:
        raise AssertionError(f"no end-game card taken in {MAX_TURNS} turns")
    card, other, version = move["card"], 1 - seat, game["version"] + 1

    spectator_view = client.get(f"/v1/games/{game_id}").json
    assert card not in strings(spectator_view["view"]["public"], keys=True), \
        "the card's name must not be public otherwise, or this test would show nothing"
    for reader in (client, seats[other][0]):
        log = reader.get(f"/v1/games/{game_id}/log").json["entries"]
        entry = next(e for e in log if e["version"] == version)
        assert entry["move"] == {**move, "card": "hidden"}
        assert entry["notation"] == f"end_card #{move['item']} hidden"
        assert not revealed({card}, log)
        view = reader.get(f"/v1/games/{game_id}").json
        assert not revealed({card}, view)
        assert view["view"]["public"]["players"][seat]["end_cards"] >= 1
    mover_log = seats[seat][0].get(f"/v1/games/{game_id}/log").json["entries"]
    assert next(e for e in mover_log if e["version"] == version)["notation"] == \
        f"end_card #{move['item']} {card}"
    mover_view = seats[seat][0].get(f"/v1/games/{game_id}").json["view"]
    assert card in mover_view["private"]["end_cards"]

    mails = inbox.to(PLAYERS[other]["email"])
    told = [m for m in mails if "takes an end-game card face down" in mail_text(m)]  # its event
    assert told, "the other seat's mail reports the move, without the card"
    assert not any(revealed({card}, mail_text(m)) for m in mails), json.dumps(
        [mail_text(m) for m in told])
