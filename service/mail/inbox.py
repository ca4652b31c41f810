"""Taking a message in: the SMTP listener (workers/mail/listener.py) and the HTTP hook
(service/api/mail.py) keep it under its digest and owe its handling, the rq job
`workers.mail.intake.handle`; a message delivered twice is handled once."""
from __future__ import annotations

import hashlib

from service.mail.runtime import BACKOFF, queue

RAW_TTL = 7 * 24 * 3600
MAX_RAW = 1024 * 1024


def raw_key(digest: str) -> str:
    return f"mail:in:{digest}"


def accept(conn, raw: bytes, envelope_to: list[str] = (), envelope_from: str | None = None) -> str:
    """Keep the message and owe its handling; returns its digest."""
    digest = hashlib.sha256(raw).hexdigest()[:32]
    if conn.set(raw_key(digest), raw, nx=True, ex=RAW_TTL):
        queue(conn).enqueue("workers.mail.intake.handle", digest, list(envelope_to),
                            envelope_from, job_id=f"pbem-mail-in-{digest}",
                            retry=BACKOFF)
    return digest
