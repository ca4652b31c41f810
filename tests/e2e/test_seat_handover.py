"""A seat is held by its player alone (issue 25, point 1), on real processes: gunicorn
(`pbem serve`) and `pbem worker` on the test Redis, mail through the worker's sink and
the inbound hook. The creator's copy of a handed-over seat (its token, a page session
signed in with it, a signed link, a reply address) is refused at every door once the
seat is taken; an invitation is taken once; a game of invitations is dealt, and its
seed committed, when the last is taken."""
from __future__ import annotations

import email
import mailbox
import re
import time
from email import policy
from email.message import EmailMessage
from pathlib import Path

import redis
import requests

from service import seat_links
from service.mail import consent
from service.mail.config import page_key
from service.store import Store
from tests.conftest import TEST_REDIS_URL
from tests.e2e.conftest import RUN_DIR
from workers.mail import reply_address

SECRET, HOOK, DOMAIN = "e2e-reply-secret", "e2e-hook-token", "pbem.localhost"
SERVER_ENV = {"INBOUND_MAIL_SECRET": SECRET, "INBOUND_HOOK_TOKEN": HOOK, "MAIL_DOMAIN": DOMAIN}
PASS = {"expected_version": 0, "moves": [{"action": "pass"}]}


def sign_up(base: str, name: str) -> tuple[dict, dict]:
    answer = requests.post(f"{base}/v1/players", json={"name": name, "email": f"{name}@player.test"})
    assert answer.status_code == 201, answer.text
    return answer.json(), {"Authorization": f"Bearer {answer.json()['token']['token']}"}


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def play(base: str, game_id: str, auth: dict, version: int) -> dict:
    """The seat's first listed move (a card, while it holds one: the game runs on)."""
    legal = requests.get(f"{base}/v1/games/{game_id}/legal-moves", headers=auth).json()
    answer = requests.post(f"{base}/v1/games/{game_id}/turns?wait=20", headers=auth,
                           json={"expected_version": version, "moves": legal["moves"][:1]})
    assert answer.status_code == 200 and answer.json()["status"] == "applied", answer.text
    return answer.json()


def mails_to(address: str) -> list[EmailMessage]:
    """What the worker's mail sink (MAIL_SINK_DIR) holds for the address, oldest first."""
    box = Path(RUN_DIR) / "mail"
    if not (box / "new").is_dir():
        return []
    found = [email.message_from_bytes(m.as_bytes(), policy=policy.default)
             for m in mailbox.Maildir(box, factory=None, create=False)]
    return sorted((m for m in found if address in str(m["To"])), key=lambda m: m["Date"].datetime)


def wait_for(condition, seconds: float = 30.0):
    deadline = time.monotonic() + seconds
    while not (found := condition()):
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.2)
    return found


def reply(base: str, sender: str, to: str, body: str) -> None:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "Re: your turn"
    message["Message-ID"] = f"<{time.time_ns()}@player.test>"
    message.set_content(body)
    answer = requests.post(f"{base}/v1/inbound-mail", data=bytes(message), headers={
        "Authorization": f"Bearer {HOOK}", "Content-Type": "message/rfc822"})
    assert answer.status_code == 202, answer.text


def test_the_creators_copy_of_a_handed_over_seat_is_refused_at_every_door(service):
    base, conn = service.base, redis.Redis.from_url(TEST_REDIS_URL)
    bert, bert_auth = sign_up(base, "bert")
    conn.sadd(consent.CONFIRMED, consent.normal(bert["email"]))   # he confirmed it before
    created = requests.post(f"{base}/v1/games", json={"game": "pile", "seed": 5, "players": [
        {"name": "Ann"}, {"name": "Bert"}, {"name": "Cy"}]})
    assert created.status_code == 201, created.text
    game_id, tokens = created.json()["id"], [s["token"] for s in created.json()["seats"]]
    url, old = f"{base}/v1/games/{game_id}", bearer(tokens[1])
    play(base, game_id, bearer(tokens[0]), 0)
    turn = play(base, game_id, old, 1)["id"]          # the creator plays Bert's seat
    creator = requests.Session()                           # and opens its page with the token
    csrf = re.search(r'name="csrf" value="([^"]+)"', creator.get(f"{base}/games/{game_id}").text)
    signed_in = creator.post(f"{base}/games/{game_id}/sign-in", allow_redirects=False,
                             data={"token": tokens[1], "csrf": csrf.group(1)})
    assert signed_in.status_code == 303 and creator.get(f"{base}/games/{game_id}/seat").ok
    record = Store(conn).game(game_id)
    link = base + seat_links.seat_link_path(page_key(conn), record, 1)
    old_address = reply_address.make(SECRET, DOMAIN, game_id, 1, 4, 0)   # where Bert acts next

    taken = requests.post(f"{base}/v1/players/me/seats", headers=bert_auth,
                          json={"game": game_id, "token": tokens[1]})
    assert taken.status_code == 200 and taken.json()["seat"] == 1, taken.text

    later = {"expected_version": 2, "moves": [{"action": "pass"}]}
    doors = [("get", url, {}), ("get", f"{url}?after_version=9&wait=2", {}),
             ("get", f"{url}/legal-moves", {}), ("get", f"{url}/legal-moves?format=tree", {}),
             ("get", f"{url}/log", {}), ("get", f"{url}/events", {}),
             ("get", f"{url}/turns/{turn}", {}), ("get", f"{url}/seats/1/mail", {}),
             ("put", f"{url}/seats/1/mail", {"json": {"muted": True}}),
             ("post", f"{url}/turns?wait=2", {"json": later}), ("post", f"{url}/preview", {"json": later}),
             ("post", f"{url}/status", {"json": {"status": "paused"}})]
    for method, path, extra in doors:
        answer = requests.request(method, path, headers=old, timeout=10, **extra)
        assert answer.status_code == 401, (method, path, answer.status_code, answer.text)
        assert answer.headers["Content-Type"] == "application/problem+json"
    assert creator.get(url).status_code == 401                      # its page session, on the API
    assert creator.get(f"{base}/games/{game_id}/seat").status_code == 401   # and on the page
    assert requests.get(link, allow_redirects=False).status_code == 401     # the link signed before
    again = creator.post(f"{base}/games/{game_id}/sign-in", allow_redirects=False,
                         data={"token": tokens[1], "csrf": csrf.group(1)})
    assert again.status_code == 401
    assert requests.get(url, headers=bert_auth).json()["seat"] == 1

    # Bert is to act at version 4: his "your turn" mail carries his own reply address
    play(base, game_id, bearer(tokens[2]), 2)
    play(base, game_id, bearer(tokens[0]), 3)
    your_turn = wait_for(lambda: [m for m in mails_to(bert["email"])
                                  if f"v{4}." in str(m["Reply-To"])])[-1]
    new_address = reply_address.find(str(your_turn["Reply-To"]))
    assert f"{new_address.game_id}.{new_address.seat}.v{new_address.version}" == f"{game_id}.1.v4"
    assert str(your_turn["Reply-To"]) != old_address
    seen = {m["Message-ID"] for m in mails_to(bert["email"])}
    reply(base, bert["email"], old_address, "pass")                 # the address of before
    refused = wait_for(lambda: [m for m in mails_to(bert["email"]) if m["Message-ID"] not in seen])
    assert str(refused[0]["Subject"]).endswith("Invalid reply address")
    assert "Nothing was played" in refused[0].get_body(("plain",)).get_content()
    assert requests.get(url).json()["version"] == 4                 # nothing played
    reply(base, bert["email"], str(your_turn["Reply-To"]), "pass")  # his own: played
    wait_for(lambda: requests.get(url).json()["version"] == 5)


def test_invitations_are_taken_once_and_the_last_deals_the_game(service):
    base = service.base
    ada, ada_auth = sign_up(base, "ada")
    _bea, bea_auth = sign_up(base, "bea")
    created = requests.post(f"{base}/v1/games", headers=ada_auth, json={"game": "pile", "players": [
        {"name": "Ada", "player": ada["id"]}, {"name": "Bea"}, {"name": "Cy"}]})
    assert created.status_code == 201, created.text
    game = created.json()
    assert game["status"] == "waiting-for-players"
    assert not [s for s in game["seats"] if "token" in s]          # nobody's seat for the creator
    url, codes = f"{base}/v1/games/{game['id']}", [s.get("invitation", {}).get("code")
                                                   for s in game["seats"]]
    shown = requests.get(url, headers=ada_auth).json()
    assert (shown["status"], shown["view"], shown["fairness"]) == \
        ("waiting-for-players", {"public": {}, "private": {}}, None)
    refused = requests.post(f"{url}/turns", headers=ada_auth, json=PASS)
    assert refused.status_code == 409 and refused.json()["status_now"] == "waiting-for-players"

    bea = requests.post(f"{base}/v1/players/me/seats", headers=bea_auth,
                        json={"game": game["id"], "token": codes[1]})
    assert bea.status_code == 200 and bea.json()["status"] == "waiting-for-players"
    assert requests.get(url).json()["fairness"] is None
    twice = requests.post(f"{url}/invitations/accept", json={"code": codes[1]})
    assert twice.status_code == 403 and twice.json()["errors"][0]["field"] == "token"

    cy = requests.post(f"{url}/invitations/accept", json={"code": codes[2]})
    assert cy.status_code == 200 and cy.json()["status"] == "active", cy.text
    dealt = requests.get(url, headers=bearer(cy.json()["token"])).json()
    assert dealt["seat"] == 2 and re.fullmatch(r"[0-9a-f]{64}", dealt["fairness"]["commitment"])
    assert dealt["view"]["private"]["hand"]
    assert requests.post(f"{url}/invitations/accept", json={"code": codes[2]}).status_code == 403
    play(base, game["id"], ada_auth, 0)
