"""Handing a message over (issue 4, "Out"): by SMTP to SMTP_URL, or, with no SMTP_URL
(`pbem dev`), to a local sink that prints each message and keeps it as a file.

SMTP_URL forms: `smtp://user:pass@host:587` (STARTTLS when the server offers it, and
required before AUTH unless the host is loopback), `smtps://user:pass@host:465`
(TLS from the start). `?timeout=SECONDS` and `?cafile=PATH` (a private CA) are accepted."""
from __future__ import annotations

import ipaddress
import os
import smtplib
import ssl
import sys
import time
import uuid
from functools import cache
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit


class TransportError(RuntimeError):
    """The message could not be handed over; the job is retried with backoff."""


class Bounced(TransportError):
    """The server refused the message for good (5xx for its sender, recipient or
    content): sending it again would not help."""


def send(message: EmailMessage, smtp_url: str | None, sink_dir: str, to: str) -> str:
    """Send to the one recipient `to` (not to whatever the headers name) and return
    where it went (for logs)."""
    if not smtp_url:
        return to_sink(message, sink_dir)
    return by_smtp(message, smtp_url, to)


def by_smtp(message: EmailMessage, smtp_url: str, to: str) -> str:
    url = urlsplit(smtp_url)
    if url.scheme not in ("smtp", "smtps"):
        raise TransportError(f"SMTP_URL must start with smtp:// or smtps://, not {url.scheme}://")
    query = parse_qs(url.query)
    timeout = float(query.get("timeout", ["30"])[0])
    host = url.hostname or "localhost"
    context = tls_context(query.get("cafile", [None])[0])
    try:
        if url.scheme == "smtps":
            client = smtplib.SMTP_SSL(host, url.port or 465, timeout=timeout, context=context)
        else:
            client = smtplib.SMTP(host, url.port or 587, timeout=timeout)
        with client:
            client.ehlo()
            if url.scheme == "smtp" and client.has_extn("starttls"):
                client.starttls(context=context)
                client.ehlo()
            if url.username:
                if not (isinstance(client.sock, ssl.SSLSocket) or is_loopback(host)):
                    raise TransportError(f"{host} offers no STARTTLS; refusing to send the password in clear")
                client.login(unquote(url.username), unquote(url.password or ""))
            refused = client.send_message(message, to_addrs=[to])
    except smtplib.SMTPRecipientsRefused as error:
        codes = [code for code, _ in error.recipients.values()]
        kind = Bounced if all(code >= 500 for code in codes) else TransportError
        raise kind(f"SMTP to {host} refused {error.recipients}") from error
    except (smtplib.SMTPSenderRefused, smtplib.SMTPDataError) as error:
        kind = Bounced if error.smtp_code >= 500 else TransportError
        raise kind(f"SMTP to {host}: {error.smtp_code} {error.smtp_error!r}") from error
    except (smtplib.SMTPException, OSError) as error:
        raise TransportError(f"SMTP to {host}: {error}") from error
    if refused:
        raise TransportError(f"SMTP to {host} refused {sorted(refused)}")
    return f"smtp://{host}"


@cache
def tls_context(cafile: str | None) -> ssl.SSLContext:
    """Built once per CA file: loading the system's CA store is slow."""
    return ssl.create_default_context(cafile=cafile)


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def to_sink(message: EmailMessage, sink_dir: str) -> str:
    """Maildir-style: written to tmp/ then renamed into new/, so readers never see a
    half-written file; a summary is printed."""
    for sub in ("tmp", "new", "cur"):
        os.makedirs(os.path.join(sink_dir, sub), exist_ok=True)
    name = f"{time.time():.6f}.{uuid.uuid4().hex}.eml"
    staging = os.path.join(sink_dir, "tmp", name)
    with open(staging, "wb") as out:
        out.write(bytes(message))
    final = os.path.join(sink_dir, "new", name)
    os.replace(staging, final)
    print(f"[mail sink] To: {message['To']} | {message['Subject']} -> {final}", file=sys.stderr)
    return final
