"""Mail configuration from the environment (issue 4, "Out"): SMTP_URL, MAIL_FROM,
MAIL_DOMAIN, INBOUND_MAIL_SECRET, PUBLIC_URL and MAIL_SINK_DIR."""
from __future__ import annotations

import os
from dataclasses import dataclass

DEV_SECRET = "dev-only-inbound-secret"


@dataclass(frozen=True)
class MailConfig:
    smtp_url: str | None
    mail_from: str
    domain: str
    secret: str
    public_url: str
    sink_dir: str

    @classmethod
    def from_env(cls) -> "MailConfig":
        domain = os.environ.get("MAIL_DOMAIN", "pbem.localhost")
        return cls(
            smtp_url=os.environ.get("SMTP_URL") or None,
            mail_from=os.environ.get("MAIL_FROM", f"The turn service <turns@{domain}>"),
            domain=domain,
            secret=os.environ.get("INBOUND_MAIL_SECRET", DEV_SECRET),
            public_url=os.environ.get("PUBLIC_URL", "http://localhost:8000").rstrip("/"),
            sink_dir=os.environ.get("MAIL_SINK_DIR", os.path.join("var", "mail")),
        )
