"""rq job delivering one webhook message (issue 13; service/webhooks.py): signed with
the `standardwebhooks` package (headers webhook-id, webhook-timestamp,
webhook-signature), POSTed with urllib3 to the address the URL's host was resolved to
and checked at (`webhooks.address`: no second lookup for a rebound name to answer),
the host kept as the Host header, the TLS server name (SNI) and the name the
certificate must carry (CA bundle: certifi's, or SSL_CERT_FILE); no proxy, no redirect
followed, the answer's body not read. A 2xx answer is a delivery; anything else is a
failed attempt, logged once at WARNING with its reason (no traceback: the job does not
raise) and tried again on the webhook's schedule (service/webhooks.py), unless the
webhook is gone or disabled meanwhile (then the message is kept for its re-enabling).
Every attempt is logged for the owner; the owner of a webhook the attempt disabled is
mailed (workers/players.py, on the mail queue).

urllib3's connection pool takes the address to connect to apart from the name to send
and verify (`server_hostname`, `assert_hostname`) as public arguments; `requests.post`
resolves the name again as it connects, and pinning it there takes an adapter that
rewrites requests' pool keys (requests-toolbelt's HostHeaderSSLAdapter sets the
certificate's name but not SNI)."""
from __future__ import annotations

import json
import logging
import os
import time
from datetime import datetime, timezone
from urllib.parse import urlsplit

import certifi
import urllib3
from standardwebhooks import Webhook

from service import problems, webhooks
from service.queues import MAIL, job_connection, queue

log = logging.getLogger(__name__)

TIMEOUT = urllib3.Timeout(connect=3.05, read=10)
USER_AGENT = "pbem-webhooks/1"


def post(url: str, address: str, body: bytes, headers: dict) -> int:
    """POST to `address` what `url` names there; the status of the answer."""
    parts = urlsplit(url)
    port = parts.port or webhooks.DEFAULT_PORTS[parts.scheme]
    if parts.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(
            address, port, timeout=TIMEOUT, retries=False, server_hostname=parts.hostname,
            assert_hostname=parts.hostname, cert_reqs="CERT_REQUIRED",
            ca_certs=os.environ.get("SSL_CERT_FILE") or certifi.where())
    else:
        pool = urllib3.HTTPConnectionPool(address, port, timeout=TIMEOUT, retries=False)
    with pool:
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        answer = pool.urlopen("POST", target, body=body, headers={**headers, "host": parts.netloc},
                              redirect=False, preload_content=False)
        answer.release_conn()
        return answer.status


def deliver(webhook_id: str, message_id: str, payload: str, attempt: int = 1) -> str:
    """The message's `attempt`th attempt (1 the first)."""
    conn = job_connection()
    hook = webhooks.load(conn, webhook_id)
    if hook is None:
        return "dropped: the webhook is deleted"
    if not hook["enabled"]:
        pipe = conn.pipeline()
        webhooks.keep_missed(pipe, webhook_id, message_id, payload)
        pipe.execute()
        return "kept for the webhook's re-enabling: it is disabled"
    sent_at = datetime.now(timezone.utc)
    headers = {"webhook-id": message_id,
               "webhook-timestamp": str(int(sent_at.timestamp())),
               "webhook-signature": Webhook(hook["secret"]).sign(message_id, sent_at, payload),
               "content-type": "application/json", "user-agent": USER_AGENT}
    started, status, error = time.monotonic(), None, None
    try:
        # checked again: the name may resolve elsewhere now
        status = post(hook["url"], webhooks.address(hook["url"]), payload.encode(), headers)
        if not 200 <= status < 300:
            error = f"answered {status}"
    except problems.Problem as unsafe:
        error = unsafe.detail
    except urllib3.exceptions.HTTPError as failed:
        error = f"{type(failed).__name__}: {failed}"[:300]
    entry = {"message_id": message_id, "type": json.loads(payload)["type"], "attempt": attempt,
             "at": time.time(), "status_code": status, "ok": error is None, "error": error,
             "duration_ms": round((time.monotonic() - started) * 1000, 1)}
    last = attempt > len(webhooks.SCHEDULE)
    now, disabled = webhooks.attempted(conn, webhook_id, entry, payload, last)
    if error is None:
        return f"delivered: {status}"
    log.warning("webhook %s: attempt %d of message %s failed: %s", webhook_id, attempt,
                message_id, error)
    if disabled:
        queue(conn, MAIL).enqueue("workers.players.webhook_disabled", webhook_id,
                                  job_id=f"webhook-disabled-{webhook_id}-{int(now['failing_since'])}")
        return f"failed, the webhook disabled: {error}"
    if now is None or not now["enabled"]:
        return f"failed, kept for the webhook's re-enabling: {error}"
    if webhooks.try_again(conn, webhook_id, message_id, payload, attempt):
        return f"failed, tried again later: {error}"
    return f"failed, its schedule spent, kept: {error}"
