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
PAGE_SECRET = "web:secret-key"      # signs the web pages' cookies and seat links (service/web)


@dataclass(frozen=True)
class MailConfig:
    smtp_url: str | None
    mail_from: str
    domain: str
    secret: str
    public_url: str
    sink_dir: str
    page_key: str = ""              # page_key(): signs the seat's link in a mail

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
            page_key=page_key(conn),
        )


def stored_secret(conn, name: str = STORED_SECRET) -> str:
    conn.set(name, secrets.token_hex(32), nx=True)
    return conn.get(name).decode()


def page_key(conn) -> str:
    """The web pages' signing key: PBEM_SECRET_KEY, else one made once and kept in Redis,
    shared by every gunicorn worker and the mail workers that put seat links in mails."""
    return os.environ.get("PBEM_SECRET_KEY") or stored_secret(conn, PAGE_SECRET)
