"""Mail configuration from the environment (issue 4, "Out"): SMTP_URL, MAIL_FROM,
MAIL_DOMAIN, INBOUND_MAIL_SECRET, PUBLIC_URL and MAIL_SINK_DIR.

With no INBOUND_MAIL_SECRET a random secret is made once and kept in Redis
(`mail:secret`), so reply addresses are never signed with a key anyone could know;
set it explicitly when several installations (or a restore) must agree."""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass

STORED_SECRET = "mail:secret"


@dataclass(frozen=True)
class MailConfig:
    smtp_url: str | None
    mail_from: str
    domain: str
    secret: str
    public_url: str
    sink_dir: str

    @classmethod
    def from_env(cls, conn) -> "MailConfig":
        domain = os.environ.get("MAIL_DOMAIN", "pbem.localhost")
        return cls(
            smtp_url=os.environ.get("SMTP_URL") or None,
            mail_from=os.environ.get("MAIL_FROM", f"The turn service <turns@{domain}>"),
            domain=domain,
            secret=os.environ.get("INBOUND_MAIL_SECRET") or stored_secret(conn),
            public_url=os.environ.get("PUBLIC_URL", "http://localhost:8000").rstrip("/"),
            sink_dir=os.environ.get("MAIL_SINK_DIR", os.path.join("var", "mail")),
        )


def stored_secret(conn) -> str:
    conn.set(STORED_SECRET, secrets.token_hex(32), nx=True)
    return conn.get(STORED_SECRET).decode()
