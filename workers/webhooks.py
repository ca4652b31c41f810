"""rq job delivering one webhook message (issue 13; service/webhooks.py): signed with
the `standardwebhooks` package (headers webhook-id, webhook-timestamp,
webhook-signature), POSTed with requests, no redirect followed. A 2xx answer is a
delivery; anything else raises, so rq retries it with the backoff it was queued with,
unless the webhook is gone or disabled meanwhile. Every attempt is logged for the
owner."""
from __future__ import annotations

import json
import time
from datetime import datetime, timezone

import requests
from rq import get_current_job
from standardwebhooks import Webhook

from service import problems, webhooks
from workers.queues import job_connection

TIMEOUT = (3.05, 10)            # seconds to connect, to read the answer
USER_AGENT = "pbem-webhooks/1"


class DeliveryFailed(Exception):
    """The receiver did not take the message (rq retries the job)."""


def deliver(webhook_id: str, message_id: str, payload: str) -> str:
    conn = job_connection()
    hook = webhooks.load(conn, webhook_id)
    if hook is None or not hook["enabled"]:
        return "dropped: the webhook is deleted or disabled"
    job = get_current_job()             # its retries left say which attempt this is
    attempt = 1 + len(job.retry_intervals or []) - (job.retries_left or 0) if job else 1
    sent_at = datetime.now(timezone.utc)
    headers = {"webhook-id": message_id,
               "webhook-timestamp": str(int(sent_at.timestamp())),
               "webhook-signature": Webhook(hook["secret"]).sign(message_id, sent_at, payload),
               "content-type": "application/json", "user-agent": USER_AGENT}
    started, status, error = time.monotonic(), None, None
    try:
        webhooks.check_url(hook["url"])               # again: a name may resolve elsewhere now
        answer = requests.post(hook["url"], data=payload.encode(), headers=headers,
                               timeout=TIMEOUT, allow_redirects=False)
        status = answer.status_code
        if not 200 <= status < 300:
            error = f"answered {status}"
    except problems.Problem as unsafe:
        error = unsafe.detail
    except requests.RequestException as failed:
        error = f"{type(failed).__name__}: {failed}"[:300]
    entry = {"message_id": message_id, "type": json.loads(payload)["type"], "attempt": attempt, "at": time.time(),
             "status_code": status, "ok": error is None, "error": error,
             "duration_ms": round((time.monotonic() - started) * 1000, 1)}
    now = webhooks.attempted(conn, webhook_id, entry, error is None)
    if error is None:
        return f"delivered: {status}"
    if now is None or not now["enabled"]:
        return f"dropped after: {error}"
    raise DeliveryFailed(error)
