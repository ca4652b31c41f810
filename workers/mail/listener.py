"""The built-in SMTP listener for self-hosting (issue 4, "Intake"): `pbem mail-in`.
An aiosmtpd server that takes mail for the genuine reply addresses of MAIL_DOMAIN only
(it relays nothing; others are refused at RCPT) and hands each message to
service/mail/inbox.accept; answers and moves follow in rq jobs."""
from __future__ import annotations

import argparse
import logging
import signal
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from service.connection import redis_from_env
from service.mail import inbox
from service.mail.config import MailConfig
from workers.mail import intake, reply_address

log = logging.getLogger(__name__)


class InboundHandler:
    def __init__(self, conn, domain: str):
        self.conn = conn
        self.domain = domain.lower()

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list) -> str:
        """Mail for anything but a genuine reply address of an existing game and seat
        is refused here, so the sending server bounces it to its real sender (no
        answer of ours goes to a forged From)."""
        if not address.lower().endswith("@" + self.domain):
            return f"550 5.7.1 not relaying: this server takes mail for {self.domain} only"
        if not self.is_reply_address(address):
            return ("550 5.1.1 no such reply address: nothing was played; reply to the "
                    "latest mail the turn service sent you, using its Reply-To address")
        envelope.rcpt_tos.append(address)
        return "250 OK"

    def is_reply_address(self, address: str) -> bool:
        found = reply_address.find(address)
        return found is not None and \
            intake.addressed_seat(self.conn, MailConfig.from_env(self.conn), found) is not None

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or envelope.content
        digest = inbox.accept(self.conn, raw, envelope.rcpt_tos, envelope.mail_from)
        log.info("mail in %s from %s to %s", digest, envelope.mail_from, envelope.rcpt_tos)
        return "250 OK queued as " + digest


def controller(conn, host: str, port: int, domain: str | None = None) -> Controller:
    handler = InboundHandler(conn, domain or MailConfig.from_env(conn).domain)
    return Controller(handler, hostname=host, port=port, data_size_limit=inbox.MAX_RAW)


def main(argv: list[str] | None = None) -> None:
    """`pbem mail-in [--host H] [--port P]`: run until SIGINT/SIGTERM."""
    parser = argparse.ArgumentParser(prog="pbem mail-in", description=main.__doc__)
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=2525)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    server = controller(redis_from_env(), args.host, args.port)
    server.start()
    print(f"pbem mail-in: SMTP on {args.host}:{args.port} for {server.handler.domain}")
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    stop.wait()
    server.stop()


if __name__ == "__main__":
    main()
