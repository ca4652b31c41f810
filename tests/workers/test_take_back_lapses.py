"""A take-back request that lapses tells its seat (issue 30, trust review 3): when the
game moves on past the request's version before every other seat agreed, or its 14
days run out unanswered, the requester's player stream (and the game's webhooks: the
same seam, service/feed.py) gets a `take-back` event with status `lapsed` and why, as
the contract's PlayerEvent has it, and the requester a mail saying so; the others are
not mailed again, and it is told once. Through the real SMTP listener, a real SMTP
server, rq's worker and scheduler (time moved by time-machine) on the test Redis.
No rulebook knows take-backs (searched Zurücknehmen, zurücknehmen): the platform's."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import time_machine

from service import feed, takeback
from service.mail import consent
from service.play import create_game
from service.queues import MAIL, queue
from service.store import Store
from tests.api.contract_answers import validator
from tests.workers.conftest import PLAYERS, kind
from tests.workers.test_commands_by_mail import ask, text
from tests.workers.test_seat_changed_hands_by_mail import play_on

ADA, BERT = PLAYERS[0]["email"], PLAYERS[1]["email"]
START = datetime(2030, 5, 6, 9, 0, tzinfo=timezone.utc)


def asked_game(conn, client, inbox, mail_in, run_jobs) -> tuple[str, str]:
    """Ada (an account's seat, by mail) plays a card, drawing one, and asks to take her
    turn back: it waits for Bert's consent. (game id, Ada's player id)"""
    ada = client.post("/v1/players", json={"name": "Ada", "email": ADA})
    assert ada.status_code == 201, ada.json
    for address in (ADA, BERT):
        conn.sadd(consent.CONFIRMED, consent.normal(address))
    record, _shown, _admin = create_game(Store(conn), "pile", [
        {**PLAYERS[0], "player": ada.json["id"]}, PLAYERS[1]], None, 7)
    queue(conn, MAIL).enqueue("workers.notify.on_game_created", record.id)
    run_jobs()
    play_on(mail_in, run_jobs, inbox, ADA)
    assert "waits for 1 player" in ask(mail_in, run_jobs, inbox, ADA, "take back")
    assert client.get(f"/v1/games/{record.id}/takeback").json["pending"]["requested_by"] == 0
    return record.id, ada.json["id"]


def lapses_told(conn, player: str) -> list[dict]:
    """The take-back events of the player's stream that say a request lapsed, each
    checked against the contract's PlayerEvent."""
    events = [json.loads(fields[b"event"]) for _id, fields in conn.xrange(feed.player_stream(player))]
    told = [e for e in events if e["type"] == "take-back" and e["take_back"]["status"] == "lapsed"]
    for event in told:
        assert not list(validator({"$ref": "#/components/schemas/PlayerEvent"}).iter_errors(event))
    return told


def test_a_request_the_game_moved_past_tells_its_seat(conn, inbox, mail_in, run_jobs, client):
    game_id, ada = asked_game(conn, client, inbox, mail_in, run_jobs)
    bert_mailed, ada_mailed = len(inbox.to(BERT)), len(inbox.to(ADA))
    play_on(mail_in, run_jobs, inbox, BERT)              # Bert plays instead of answering
    told = lapses_told(conn, ada)
    assert [(e["take_back"]["lapsed"], e["take_back"]["requested_by"], e["version"])
            for e in told] == [("moved-on", 0, 2)]
    lapsed = [text(m) for m in inbox.to(ADA)[ada_mailed:] if kind(m) == "Take-back"]
    assert len(lapsed) == 1 and "lapsed: the game moved on" in " ".join(lapsed[0].split())
    assert not [m for m in inbox.to(BERT)[bert_mailed:] if kind(m) == "Take-back"]
    assert client.get(f"/v1/games/{game_id}/takeback").json == {"pending": None}
    assert takeback.lapse(conn, game_id) is None                # told once
    run_jobs()
    assert len(lapses_told(conn, ada)) == 1


def test_a_request_unanswered_for_fourteen_days_tells_its_seat(conn, inbox, mail_in, run_jobs,
                                                               client):
    with time_machine.travel(START, tick=True) as travel:
        game_id, ada = asked_game(conn, client, inbox, mail_in, run_jobs)
        ada_mailed = len(inbox.to(ADA))
        travel.move_to(START + timedelta(days=13))
        run_jobs()
        assert lapses_told(conn, ada) == []
        assert client.get(f"/v1/games/{game_id}/takeback").json["pending"] is not None
        travel.move_to(START + timedelta(days=14, minutes=5))
        run_jobs()
    told = lapses_told(conn, ada)
    assert [(e["take_back"]["lapsed"], e["version"]) for e in told] == [("expired", 1)]
    lapsed = [text(m) for m in inbox.to(ADA)[ada_mailed:] if kind(m) == "Take-back"]
    assert len(lapsed) == 1 and "lapsed: its time ran out" in " ".join(lapsed[0].split())
    assert Store(conn).snapshot(game_id).version == 1        # nothing was taken back
