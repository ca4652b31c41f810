"""One seat's bad name or address spoils nothing for the others (issue 4, "Out"): its
mail is not sent, the other seats' are, the turn clock starts, and no mail goes to a
second recipient smuggled into a seat's address."""
from __future__ import annotations

from tests.workers.conftest import PLAYERS
from workers import clock

VICTIM = "victim@x.test"
BERT = PLAYERS[1]["email"]


def test_a_bad_seat_address_neither_stops_the_others_mail_nor_the_clock(conn, inbox, run_jobs, new_game):
    players = [{"name": "Ada", "email": f"ada@player.test, {VICTIM}"},
               {"name": "Bert\r\nBcc: " + VICTIM, "email": BERT},
               {"name": "Cleo", "email": "cl\u00e9o@player.test"}]
    game_id = new_game("pile", players=players, clock={"turn_hours": 48})
    run_jobs()
    assert inbox.last(BERT)["Subject"].endswith("You are invited to a game")
    assert all(rcpts == [BERT] for rcpts in inbox.recipients), inbox.recipients
    assert conn.sismember(clock.CLOCKED, game_id)
