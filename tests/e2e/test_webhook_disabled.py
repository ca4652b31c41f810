"""A webhook whose every attempt failed for a day is disabled, its owner mailed, and
enabled again by the API gets what it missed, in the order of the game's version
(issue 29), on real processes: gunicorn (`pbem serve`) and `pbem worker` (webhooks and
mail workers, rq's scheduler) on the test Redis, mail through the worker's sink, the
receiver a real HTTP server. The retry schedule runs 18,000 times faster
(PBEM_WEBHOOK_TIME_SCALE): a day takes 4.8 s."""
from __future__ import annotations

import redis
import requests

from service.mail import consent
from tests.conftest import TEST_REDIS_URL
from tests.e2e.test_seat_handover import mails_to, wait_for
from tests.e2e.webhook_game import SeatedPlayer, key
from tests.webhook_receiver import Receiver

SERVER_ENV = {"PBEM_WEBHOOK_TIME_SCALE": "18000", "MAIL_DOMAIN": "pbem.localhost",
              "INBOUND_MAIL_SECRET": "e2e-reply-secret"}


def test_a_day_of_failures_disables_mails_the_owner_and_enabling_redelivers_in_order(service):
    receiver = Receiver()
    receiver.down()
    try:
        dora = SeatedPlayer(service.base, "dora", receiver.url, seed=7)
        redis.Redis.from_url(TEST_REDIS_URL).sadd(consent.CONFIRMED, consent.normal(dora.email))
        dora.play_turn()
        dora.play_turn()
        disabled = wait_for(lambda: not (w := dora.webhook())["webhook"]["enabled"] and w)
        assert "every attempt failed for" in disabled["webhook"]["disabled_reason"]
        attempts = [d["at"] for d in disabled["deliveries"]]
        assert max(attempts) - min(attempts) >= 24 * 3600 / 18000    # a day of schedule
        mail, = wait_for(lambda: [m for m in mails_to(dora.email)      # her game's mail too
                                  if m["Subject"] == "Your webhook is disabled"])
        assert f"/v1/players/me/webhooks/{dora.hook['id']}" in mail.get_body(("plain",)).get_content()
        dora.play_to_end()                                   # told while disabled: kept
        stream = wait_for(lambda: (kept := dora.stream())[-1]["type"] == "game-over" and kept)
        wait_for(lambda: dora.webhook()["missed"] == len(stream))
        assert receiver.got == []
        receiver.up()
        enabled = requests.patch(f"{service.base}/v1/players/me/webhooks/{dora.hook['id']}",
                                 headers=dora.auth, json={"enabled": True}, timeout=10)
        assert enabled.status_code == 200 and enabled.json()["enabled"] is True, enabled.text
        wait_for(lambda: len(receiver.got) >= len(stream))
        told = receiver.verified(dora.hook["secret"])
        assert [key(m["data"]) for m in told] == [key(e) for e in stream]   # the game's order
        assert dora.webhook()["missed"] == 0
    finally:
        receiver.close()
