"""Webhooks (issue 13, issue 29): a player's (every game it is seated in) or a game's
(every seat), told what the player's stream is told (service/feed.py's one seam,
`tell_players`), signed per Standard Webhooks with the `standardwebhooks` package and
delivered by rq on the `webhooks` queue (workers/webhooks.py). A failed attempt is
tried again on SCHEDULE (Svix's: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 27 h 35 min
in all); a message whose every attempt failed is kept (the newest MAX_MISSED). A
webhook is disabled only when every attempt failed for FAILING_FOR (a day: no message
went through since its first failure), and its owner is mailed; re-enabled (PATCH
`enabled: true`), it redelivers what it missed meanwhile, each game's messages in the
order of the game's version. Each attempt is logged for the owner.

No server-side request forgery: a URL whose host is or resolves to a loopback,
private, link-local, shared, reserved or multicast address (or an IPv6 form of one:
NAT64, 6to4, Teredo, IPv4-mapped, -translated and -compatible) is refused, at creation
and again at each delivery (the name may resolve elsewhere later), unless the server
runs for development or tests (PBEM_DEVELOPMENT=1). A delivery resolves the name once
(`address`) and connects to the address it checked, not to a second lookup's answer
(DNS rebinding: workers/webhooks.py pins it, the name kept as Host header, TLS server
name and the name the certificate must carry); no proxy is used, redirects are not
followed.

Settings (environment, read where a delivery is queued and where one is counted):
  PBEM_WEBHOOK_TIME_SCALE    seconds of the schedule (SCHEDULE, FAILING_FOR) that pass in
                             one second, 1..100000 (default 1; the tests shorten a day)

Keys: `webhook:<id>` (JSON: owner, url, secret, events, enabled, failures,
failing_since, disabled_reason; disabled_message: the reason as a message, said in its
owner's language in the mail that tells it, issue 31), `webhooks:<owner>` (a set of ids; owner "player:<id>"
or "game:<id>"), `webhook:<id>:deliveries` (a list, newest first, the last
MAX_DELIVERIES attempts), `webhook:<id>:missed` (a list, oldest first: [message id,
payload] of each message not delivered, redelivered when the webhook is enabled)."""
from __future__ import annotations

import base64
import ipaddress
import json
import os
import secrets
import socket
import time
import uuid
from datetime import datetime, timedelta, timezone
from urllib.parse import urlsplit

from rq import Queue
from rq.job import Job
from rq.registry import ScheduledJobRegistry

from service import fairness, problems
from service.feed_events import (CHALLENGE, DECLINED, END_AGREED, END_PROPOSED, END_REFUSED,
                                 MESSAGE, OVER, REMATCH, STARTED, TAKE_BACK, TAKEN_OVER, YOUR_TURN)
from service.games.speech import N_, Nn_, Said
from service.queues import WEBHOOKS, queue

EVENTS = (STARTED, YOUR_TURN, OVER, MESSAGE, REMATCH, CHALLENGE, DECLINED, END_PROPOSED,
          END_AGREED, END_REFUSED, TAKEN_OVER, TAKE_BACK)   # what a player's stream carries
MAX_PER_OWNER = 5
MAX_DELIVERIES = 100
MAX_MISSED = 1000               # messages kept for a webhook that did not take them
# seconds from a failed attempt to the next (Svix's schedule; Stripe's spans 3 days)
SCHEDULE = (5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600)
FAILING_FOR = 24 * 3600         # every attempt failed this long: the webhook is disabled
SETTINGS = {"PBEM_WEBHOOK_TIME_SCALE": (1, 1, 100_000)}

DEFAULT_PORTS = {"http": 80, "https": 443}
UnsafeUrl = problems.problem(422, "unsafe-webhook-url", "The webhook URL is not allowed")
TooManyWebhooks = problems.problem(409, "too-many-webhooks", "As many webhooks as allowed")


def setting(name: str) -> int:
    default, low, high = SETTINGS[name]
    raw = os.environ.get(name, str(default))
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise ValueError(f"{name}={raw!r}: give a whole number {low}..{high}")
    return int(raw)


def schedule_seconds(seconds: float) -> float:
    """Real seconds that `seconds` of the schedule take (PBEM_WEBHOOK_TIME_SCALE)."""
    return seconds / setting("PBEM_WEBHOOK_TIME_SCALE")


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
            "failing_since": None, "disabled_reason": None, "created_at": time.time(),
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
    return {k: v for k, v in hook.items() if k not in ("secret", "owner", "disabled_message")}


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
    conn.delete(hook_key(webhook_id), hook_key(webhook_id, "deliveries"),
                hook_key(webhook_id, "missed"))
    return True


def deliveries(conn, webhook_id: str) -> list[dict]:
    return [json.loads(raw) for raw in conn.lrange(hook_key(webhook_id, "deliveries"), 0, -1)]


def missed(conn, webhook_id: str) -> int:
    """How many messages the webhook did not take are kept for its re-enabling."""
    return conn.llen(hook_key(webhook_id, "missed"))


# what is owed ----------------------------------------------------------------------
def owe(conn, pipe, told: list[tuple[str, dict]]) -> None:
    """For each (owner, event) told (service/feed.py's tell_players), a message to each
    webhook of the owner taking the event's type: its delivery job queued (rq, the
    webhooks queue) in `pipe`, the transaction that writes the players' streams (both or
    neither), or, for a disabled webhook, the message kept for its re-enabling. The
    payload is Standard Webhooks' {type, timestamp, data}, data the event as the
    owner's stream has it. `conn` reads the owners' webhooks."""
    hooks, jobs = {}, []
    for owner, event in told:
        if owner not in hooks:
            hooks[owner] = owned(conn, owner)
        takers = [hook for hook in hooks[owner] if event["type"] in hook["events"]]
        if not takers:
            continue
        payload = json.dumps({"type": event["type"], "data": event, "timestamp": datetime
                              .fromtimestamp(event["at"], timezone.utc).isoformat()
                              .replace("+00:00", "Z")})
        for hook in takers:
            message_id = f"msg_{uuid.uuid4().hex}"
            if hook["enabled"]:
                jobs.append(delivery(hook["id"], message_id, payload))
            else:
                keep_missed(pipe, hook["id"], message_id, payload)
    if jobs:
        queue(conn, WEBHOOKS).enqueue_many(jobs, pipeline=pipe)


def job_id(webhook_id: str, message_id: str, attempt: int) -> str:
    return f"webhook-{webhook_id}-{message_id}-{attempt}"


def delivery(webhook_id: str, message_id: str, payload: str, attempt: int = 1):
    """rq's data of the job making the message's `attempt`th attempt."""
    return Queue.prepare_data("workers.webhooks.deliver", (webhook_id, message_id, payload, attempt),
                              job_id=job_id(webhook_id, message_id, attempt), result_ttl=60,
                              failure_ttl=24 * 3600)


def take_retries(conn, webhook_id: str) -> list[list[str]]:
    """The webhook's next attempts waiting in rq's scheduled registry, taken off it
    (those rq's scheduler moved to the queue meanwhile run as they are): [message id,
    payload] of each."""
    registry, taken = ScheduledJobRegistry(WEBHOOKS, connection=conn), []
    for raw in conn.zrange(registry.key, 0, -1):
        ident = raw.decode()
        if ident.startswith(f"webhook-{webhook_id}-") and conn.zrem(registry.key, ident):
            job = Job.fetch(ident, connection=conn)
            taken.append(list(job.args[1:3]))
            job.delete()
    return taken


def try_again(conn, webhook_id: str, message_id: str, payload: str, attempt: int) -> bool:
    """Queue the attempt after a failed `attempt` when the schedule has one (rq's
    scheduler enqueues it when due); False when the schedule is spent."""
    if attempt > len(SCHEDULE):
        return False
    queue(conn, WEBHOOKS).enqueue_in(
        timedelta(seconds=schedule_seconds(SCHEDULE[attempt - 1])), "workers.webhooks.deliver",
        webhook_id, message_id, payload, attempt + 1, job_id=job_id(webhook_id, message_id, attempt + 1),
        result_ttl=60, failure_ttl=24 * 3600)
    return True


def keep_missed(pipe, webhook_id: str, message_id: str, payload: str) -> None:
    """Keep a message the webhook did not take (the newest MAX_MISSED)."""
    kept = hook_key(webhook_id, "missed")
    pipe.rpush(kept, json.dumps([message_id, payload]))
    pipe.ltrim(kept, -MAX_MISSED, -1)


def in_game_order(missed: list[list[str]]) -> list[list[str]]:
    """The missed messages, each game's in the order of its version (a game before
    another when its first missed message is older; a version's messages as they were
    told)."""
    first: dict[str | None, int] = {}
    last: dict[str | None, int] = {}    # an event without a version: the one kept before it
    keys = []
    for at, (_, payload) in enumerate(missed):
        data = json.loads(payload)["data"]
        game = data.get("game")
        first.setdefault(game, at)
        last[game] = data.get("version", last.get(game, 0))
        keys.append((first[game], last[game], at))
    return [missed[at] for *_, at in sorted(keys)]


def disabled_reason(hours: float, attempts: int, last: dict) -> Said:
    """Why its failures disabled a webhook, a message its owner reads in the owner's
    language (issue 31): the last attempt's answer said as a message, an error of the
    connection (a Python exception's text) as it is."""
    error = Said(N_("answered {status}"), status=last["status_code"]) \
        if last.get("status_code") else last["error"]
    return Said(Nn_("every attempt failed for {hours} h ({number} attempt), the last: {error}",
                    "every attempt failed for {hours} h ({number} attempts), the last: {error}"),
                hours=round(hours), number=attempts, error=error)


def set_enabled(conn, webhook_id: str, enabled: bool) -> dict:
    """Enable the webhook (its failures forgotten, what it missed and the attempts still
    waiting queued again, each game's in the order of its version) or disable it (what it
    is told meanwhile kept for its re-enabling). The webhook as it is now."""
    key, kept = hook_key(webhook_id), hook_key(webhook_id, "missed")
    waiting = take_retries(conn, webhook_id) if enabled else []

    def change(pipe):
        hook = json.loads(pipe.get(key))
        if enabled:
            hook.update(enabled=True, failures=0, failing_since=None, disabled_reason=None,
                        disabled_message=None)
            owed = in_game_order([json.loads(raw) for raw in pipe.lrange(kept, 0, -1)] + waiting)
        else:
            hook.update(enabled=False, disabled_reason="disabled by its owner", disabled_message=None)
            owed = []
        pipe.multi()
        pipe.set(key, json.dumps(hook))
        if owed:
            pipe.delete(kept)
            queue(conn, WEBHOOKS).enqueue_many([delivery(webhook_id, *m) for m in owed],
                                               pipeline=pipe)
        return hook
    return conn.transaction(change, key, kept, value_from_callable=True)


def attempted(conn, webhook_id: str, entry: dict, payload: str,
              last: bool) -> tuple[dict | None, bool]:
    """Log one attempt and count it: a success clears the failures; a failure adds one
    and, when every attempt failed for FAILING_FOR (schedule time), disables the webhook;
    the message is kept as missed when it failed its `last` attempt or the webhook is
    disabled now. (The webhook as it is now, whether this attempt disabled it.)"""
    key, now = hook_key(webhook_id), entry["at"]

    def count(pipe):
        raw = pipe.get(key)
        if raw is None:
            return None, False
        hook = json.loads(raw)
        disables = False
        if entry["ok"]:
            hook.update(failures=0, failing_since=None)
        else:
            hook["failures"] += 1
            hook["failing_since"] = hook.get("failing_since") or now
            failing = now - hook["failing_since"]
            disables = hook["enabled"] and failing >= schedule_seconds(FAILING_FOR)
            if disables:
                hours = failing * setting('PBEM_WEBHOOK_TIME_SCALE') / 3600
                reason = disabled_reason(hours, hook["failures"], entry)
                # the API's field keeps its English format ("24.0 h"); the message says whole hours
                hook.update(enabled=False, disabled_message=reason.as_dict(), disabled_reason=(
                    f"every attempt failed for {hours:.1f} h ({hook['failures']} attempts), "
                    f"the last: {entry['error']}"))
        pipe.multi()
        pipe.set(key, json.dumps(hook))
        pipe.lpush(hook_key(webhook_id, "deliveries"), json.dumps(entry))
        pipe.ltrim(hook_key(webhook_id, "deliveries"), 0, MAX_DELIVERIES - 1)
        if not entry["ok"] and (last or not hook["enabled"]):
            keep_missed(pipe, webhook_id, entry["message_id"], payload)
        return hook, disables
    return conn.transaction(count, key, value_from_callable=True)
