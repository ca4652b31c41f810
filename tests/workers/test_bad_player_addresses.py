"""One seat's bad name or address spoils nothing for the others (issue 4, "Out"): its
mail is not sent, the other seats' are, the turn clock starts, and no mail goes to a
second recipient smuggled into a seat's address."""
from __future__ import annotations

from service import turn_clock
from tests.workers.conftest import DOMAIN, PLAYERS, kind

VICTIM = "victim@x.test"
BERT = PLAYERS[1]["email"]


def test_a_bad_seat_address_neither_stops_the_others_mail_nor_the_clock(conn, inbox, run_jobs, new_game):
    players = [{"name": "Ada", "email": f"ada@player.test, {VICTIM}"},
               {"name": "Bert\r\nBcc: " + VICTIM, "email": BERT},
               {"name": "Cleo", "email": "cl\u00e9o@player.test"}]
    game_id = new_game("pile", players=players, clock={"turn_hours": 48})
    run_jobs()
    assert kind(inbox.last(BERT)).endswith("You are invited to a game")
    assert all(rcpts == [BERT] for rcpts in inbox.recipients), inbox.recipients
    assert conn.sismember(turn_clock.clocked_key(game_id), game_id)


def test_no_mail_goes_to_an_address_in_the_services_own_domain(conn, inbox, run_jobs, new_game):
    own = f"play+other.0.v0.{'0' * 20}@{DOMAIN}"
    new_game("pile", players=[{"name": "Ada", "email": own}, PLAYERS[1]])
    run_jobs()
    assert inbox.to(own) == [] and inbox.to(BERT)
