"""No open mail relay, at the HTTP door (issue 11, finding 4): a game without e-mail
addresses stays anonymous and open; one that mails anyone needs an API key issued by
`pbem admin issue-key` (revocable), mails no address that said stop, and counts its
invitations per key and per address and day (429 with Retry-After), all or nothing.
Each refusal is problem+json naming the field and leaves nothing behind."""
from __future__ import annotations

import os
import subprocess
import sys

from service.mail import consent, limits
from service.queues import MAIL, queue
from tests.conftest import TEST_REDIS_URL

VICTIM = "victim@x.test"


def new_game(client, *emails, headers=None, game="pile"):
    players = [{"name": f"p{i}", **({"email": e} if e else {})} for i, e in enumerate(emails)]
    return client.post("/v1/games", json={"game": game, "players": players}, headers=headers or {})


def fields(answer) -> list[str]:
    assert answer.mimetype == "application/problem+json"
    return [error["field"] for error in answer.json["errors"]]


def pbem(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "service.cli", *args], capture_output=True,
                          text=True, timeout=60, env={**os.environ, "REDIS_URL": TEST_REDIS_URL})


def test_a_game_without_addresses_needs_no_identity(client):
    assert new_game(client, None, None).status_code == 201


def test_a_game_that_mails_needs_an_api_key_and_stores_nothing_without(client, redis_conn):
    answer = new_game(client, None, VICTIM)
    assert answer.status_code == 401 and fields(answer) == ["players[1].email"]
    assert redis_conn.keys("game:*") == [] and queue(redis_conn, MAIL).count == 0


def test_a_key_from_the_admin_command_works_until_revoked(client, redis_conn):
    issued = pbem("admin", "issue-key", "club")
    assert issued.returncode == 0, issued.stderr
    key = issued.stdout.strip()
    assert key.encode() not in b"".join(redis_conn.dump(k) or b"" for k in redis_conn.keys("*"))
    headers = {"Authorization": f"Bearer {key}"}
    assert new_game(client, VICTIM, None, headers=headers).status_code == 201
    assert pbem("admin", "issue-key", "club").returncode != 0       # one key per name
    assert pbem("admin", "revoke-key", "club").returncode == 0
    answer = new_game(client, VICTIM, None, headers=headers)
    assert answer.status_code == 401 and fields(answer) == ["Authorization"]


def test_an_address_that_said_stop_is_refused(client, redis_conn, api_key):
    consent.suppress(redis_conn, "Victim@X.test")
    answer = new_game(client, "ada@p.test", VICTIM, headers=api_key())
    assert answer.status_code == 403 and fields(answer) == ["players[1].email"]
    assert redis_conn.keys("game:*") == []


def test_invitations_to_one_address_are_limited_a_day(client, api_key):
    headers, allowed = api_key(), limits.INVITATIONS_PER_DAY["recipient"]
    assert [new_game(client, VICTIM, None, headers=headers).status_code
            for _ in range(allowed)] == [201] * allowed
    answer = new_game(client, None, VICTIM.upper(), headers=headers)
    assert answer.status_code == 429 and fields(answer) == ["players[1].email"]
    assert 0 < int(answer.headers["Retry-After"]) <= 24 * 3600
    assert new_game(client, "other@x.test", None, headers=headers).status_code == 201


def test_invitations_of_one_key_are_limited_a_day_all_or_nothing(client, api_key, monkeypatch):
    monkeypatch.setitem(limits.INVITATIONS_PER_DAY, "creator", 3)
    headers = api_key()
    assert new_game(client, "a@x.test", "b@x.test", headers=headers).status_code == 201
    refused = new_game(client, "c@x.test", "d@x.test", headers=headers)      # 4 > 3
    assert refused.status_code == 429 and fields(refused) == ["Authorization"]
    assert new_game(client, "c@x.test", None, headers=headers).status_code == 201   # 3: nothing counted
    assert new_game(client, "e@x.test", None, headers=api_key("another")).status_code == 201


def test_a_refused_creation_counts_no_invitation(client, api_key, monkeypatch):
    monkeypatch.setitem(limits.INVITATIONS_PER_DAY, "recipient", 1)
    headers = api_key()
    assert new_game(client, VICTIM, None, headers=headers, game="no-such-game").status_code == 400
    assert new_game(client, VICTIM, None, headers=headers).status_code == 201
