"""Webhooks (issue 13): a player's (every game it is seated in) or a game's (every
seat), told "game started", "your turn" and "game over" (service/feed.py), signed per
Standard Webhooks with the `standardwebhooks` package and delivered by rq on the
`webhooks` queue (workers/webhooks.py) with retries and exponential backoff. Each
attempt is logged for the owner; a webhook that failed DISABLE_AFTER attempts in a
row is disabled.

No server-side request forgery: a URL whose host is or resolves to a loopback,
private, link-local, shared, reserved or multicast address (or an IPv6 form of one:
NAT64, 6to4, Teredo, IPv4-mapped, -translated and -compatible) is refused, at creation
and again at each delivery (the name may resolve elsewhere later), unless the server
runs for development or tests (PBEM_DEVELOPMENT=1). A delivery resolves the name once
(`address`) and connects to the address it checked, not to a second lookup's answer
(DNS rebinding: workers/webhooks.py pins it, the name kept as Host header, TLS server
name and the name the certificate must carry); no proxy is used, redirects are not
followed.

Settings (environment, read where a delivery is queued):
  PBEM_WEBHOOK_ATTEMPTS      attempts per message, 1..20 (default 8)
  PBEM_WEBHOOK_BACKOFF       seconds before the first retry, doubled for each next one,
                             1..3600 (default 30: 30 s, 1 min, 2 min ... 32 min)
  PBEM_WEBHOOK_DISABLE_AFTER failed attempts in a row that disable a webhook, 1..1000
                             (default 20)

Keys: `webhook:<id>` (JSON: owner, url, secret, events, enabled, failures),
`webhooks:<owner>` (a set of ids; owner "player:<id>" or "game:<id>"),
`webhook:<id>:deliveries` (a list, newest first, the last MAX_DELIVERIES attempts)."""
from __future__ import annotations

import base64
import ipaddress
import json
import os
import secrets
import socket
import time
import uuid
from datetime import datetime, timezone
from urllib.parse import urlsplit

from rq import Queue, Retry

from service import fairness, problems
from service.feed_events import OVER, STARTED, YOUR_TURN
from service.queues import WEBHOOKS, queue
from service.store import GameRecord

EVENTS = (STARTED, YOUR_TURN, OVER)
MAX_PER_OWNER = 5
MAX_DELIVERIES = 100
SETTINGS = {"PBEM_WEBHOOK_ATTEMPTS": (8, 1, 20), "PBEM_WEBHOOK_BACKOFF": (30, 1, 3600),
            "PBEM_WEBHOOK_DISABLE_AFTER": (20, 1, 1000)}

DEFAULT_PORTS = {"http": 80, "https": 443}
UnsafeUrl = problems.problem(422, "unsafe-webhook-url", "The webhook URL is not allowed")
TooManyWebhooks = problems.problem(409, "too-many-webhooks", "As many webhooks as allowed")


def setting(name: str) -> int:
    default, low, high = SETTINGS[name]
    raw = os.environ.get(name, str(default))
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise ValueError(f"{name}={raw!r}: give a whole number {low}..{high}")
    return int(raw)


def retry() -> Retry | None:
    """rq's retries: PBEM_WEBHOOK_ATTEMPTS - 1 of them, the backoff doubling each time."""
    retries, base = setting("PBEM_WEBHOOK_ATTEMPTS") - 1, setting("PBEM_WEBHOOK_BACKOFF")
    return Retry(max=retries, interval=[base * 2 ** i for i in range(retries)]) if retries else None


def hook_key(webhook_id: str, *parts: str) -> str:
    return ":".join(("webhook", webhook_id) + parts)


def owner_key(owner: str) -> str:
    return f"webhooks:{owner}"


# the URL ---------------------------------------------------------------------------
# IPv6 forms that stand for an IPv4 address (issue 25): a connection to one reaches that
# IPv4 address through a translator or a tunnel, so the IPv4 address is what is judged.
# Besides ipaddress's own (IPv4-mapped ::ffff:0:0/96, 6to4 2002::/16, Teredo 2001::/32
# with its server and its client, the inverted last 32 bits):
NAT64 = ipaddress.ip_network("64:ff9b::/96")           # RFC 6052's well-known prefix
TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")   # RFC 2765's IPv4-translated
COMPATIBLE = ipaddress.ip_network("::/96")             # RFC 4291's IPv4-compatible (deprecated)
# RFC 8215's local-use NAT64 prefix: a network's own translator, its IPv4 address at a
# place within the address that only the network knows (RFC 6052: /48 to /96), and not
# globally reachable (IANA): refused whole
LOCAL_NAT64 = ipaddress.ip_network("64:ff9b:1::/48")


def carried(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address] | None:
    """The IPv4 addresses an IPv6 address stands for; None when it is not such a form."""
    if ip.ipv4_mapped is not None:
        return [ip.ipv4_mapped]
    if ip.sixtofour is not None:
        return [ip.sixtofour]
    if ip.teredo is not None:
        return list(ip.teredo)
    if any(ip in form for form in (NAT64, TRANSLATED, COMPATIBLE)):
        return [ipaddress.IPv4Address(int(ip) & 0xFFFF_FFFF)]
    return None


def unsafe_address(address: str) -> bool:
    """Loopback, private, link-local, shared, reserved or multicast, also when written
    as an IPv6 form of such an IPv4 address."""
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in LOCAL_NAT64:
            return True
        if (inside := carried(ip)) is not None:
            return any(unsafe_address(str(v4)) for v4 in inside)
    return not ip.is_global or ip.is_multicast


def check_url(url: str) -> str:
    """The URL, or UnsafeUrl naming why: http(s) only, no credentials, and (outside
    development) every address its host resolves to public."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        refuse("give an http or https URL with a host")
    if parts.username or parts.password:
        refuse("a URL with credentials in it is not taken")
    if not fairness.development():
        address(url)
    return url


def address(url: str) -> str:
    """The address a delivery to the URL connects to: its host resolved once, the first
    answer; UnsafeUrl when it does not resolve or (outside development) when any answer
    is internal."""
    parts = urlsplit(url)
    try:
        found = [info[4][0] for info in socket.getaddrinfo(
            parts.hostname, parts.port or DEFAULT_PORTS[parts.scheme], type=socket.SOCK_STREAM)]
    except (socket.gaierror, UnicodeError):
        refuse(f"the host {parts.hostname!r} does not resolve")
    if not found:
        refuse(f"the host {parts.hostname!r} does not resolve")
    if not fairness.development() and any(unsafe_address(a) for a in found):
        refuse(f"the host {parts.hostname!r} is or resolves to a loopback, private or "
               f"otherwise internal address")
    return found[0]


def refuse(message: str):
    raise UnsafeUrl(f"url: {message}", errors=[{"field": "url", "message": message}])


# webhooks --------------------------------------------------------------------------
def create(conn, owner: str, url: str, events: list[str] | None) -> dict:
    """A new webhook of the owner, with its signing secret (Standard Webhooks' form:
    `whsec_` and 32 random bytes in base64), which only the answer to its creation shows."""
    check_url(url)
    hook = {"id": uuid.uuid4().hex[:16], "owner": owner, "url": url,
            "events": sorted(set(events or EVENTS)), "enabled": True, "failures": 0,
            "disabled_reason": None, "created_at": time.time(),
            "secret": "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()}
    held = owner_key(owner)

    def add(pipe):
        if pipe.scard(held) >= MAX_PER_OWNER:
            raise TooManyWebhooks(f"at most {MAX_PER_OWNER} webhooks each; delete one first")
        pipe.multi()
        pipe.set(hook_key(hook["id"]), json.dumps(hook))
        pipe.sadd(held, hook["id"])
    conn.transaction(add, held)
    return hook


def public(hook: dict) -> dict:
    return {k: v for k, v in hook.items() if k not in ("secret", "owner")}


def load(conn, webhook_id: str) -> dict | None:
    raw = conn.get(hook_key(webhook_id))
    return json.loads(raw) if raw else None


def owned(conn, owner: str) -> list[dict]:
    ids = sorted(i.decode() for i in conn.smembers(owner_key(owner)))
    hooks = [load(conn, i) for i in ids]
    return sorted((h for h in hooks if h), key=lambda h: h["created_at"])


def of_game(conn, game_id: str) -> int:
    """How many webhooks the game has (not its players')."""
    return conn.scard(owner_key(f"game:{game_id}"))


def delete(conn, owner: str, webhook_id: str) -> bool:
    if not conn.srem(owner_key(owner), webhook_id):
        return False
    conn.delete(hook_key(webhook_id), hook_key(webhook_id, "deliveries"))
    return True


def deliveries(conn, webhook_id: str) -> list[dict]:
    return [json.loads(raw) for raw in conn.lrange(hook_key(webhook_id, "deliveries"), 0, -1)]


# what is owed ----------------------------------------------------------------------
def messages(conn, record: GameRecord, events: list[dict]) -> list[tuple[str, str, str]]:
    """(webhook id, message id, payload) of each event for each enabled webhook it
    concerns: the game's, and those of the players whose seat it is about (with that
    player's seat). The payload is Standard Webhooks' {type, timestamp, data}."""
    out = []
    for event in events:
        owners = [f"game:{record.id}"] + [
            f"player:{entry.player}" for seat, entry in enumerate(record.seats)
            if entry.player and event.get("seat", seat) == seat]
        for owner in owners:
            data = dict(event)
            if owner.startswith("player:"):
                data["seat"] = next(s for s, e in enumerate(record.seats)
                                    if f"player:{e.player}" == owner)
            message = json.dumps({"type": event["type"], "data": data, "timestamp": datetime
                                  .fromtimestamp(event["at"], timezone.utc).isoformat()
                                  .replace("+00:00", "Z")})
            out += [(hook["id"], f"msg_{uuid.uuid4().hex}", message) for hook in owned(conn, owner)
                    if hook["enabled"] and event["type"] in hook["events"]]
    return out


def owe(conn, pipe, owed: list[tuple[str, str, str]]) -> None:
    """Queue each message's delivery job (rq, the webhooks queue) in `pipe`, the
    transaction that marks its events announced (service/feed.py): both or neither."""
    if not owed:
        return
    retries = retry()
    queue(conn, WEBHOOKS).enqueue_many([
        Queue.prepare_data("workers.webhooks.deliver", (hook_id, message_id, message),
                           job_id=f"webhook-{message_id}", result_ttl=60,
                           failure_ttl=24 * 3600, retry=retries)
        for hook_id, message_id, message in owed], pipeline=pipe)


def attempted(conn, webhook_id: str, entry: dict, ok: bool) -> dict | None:
    """Log one attempt and count it: a success clears the failures, a failure adds one
    and DISABLE_AFTER in a row disable the webhook. The webhook as it is now."""
    key = hook_key(webhook_id)

    def count(pipe):
        raw = pipe.get(key)
        if raw is None:
            return None
        hook = json.loads(raw)
        hook["failures"] = 0 if ok else hook["failures"] + 1
        if hook["failures"] >= setting("PBEM_WEBHOOK_DISABLE_AFTER") and hook["enabled"]:
            hook["enabled"] = False
            hook["disabled_reason"] = f"{hook['failures']} failed attempts in a row"
        pipe.multi()
        pipe.set(key, json.dumps(hook))
        pipe.lpush(hook_key(webhook_id, "deliveries"), json.dumps(entry))
        pipe.ltrim(hook_key(webhook_id, "deliveries"), 0, MAX_DELIVERIES - 1)
        return hook
    return conn.transaction(count, key, value_from_callable=True)
