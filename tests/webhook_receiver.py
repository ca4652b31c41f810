"""A real HTTP server receiving webhooks on loopback (http.server on a thread), for the
webhook tests (tests/workers/test_webhooks.py, tests/e2e/test_webhook_*.py)."""
from __future__ import annotations

import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks import Webhook


class Receiver:
    """A real HTTP server that answers each POST with the next of `answers` (the last
    one repeats) and keeps (headers, body, when) of each. `down()` closes its port (a
    delivery then finds nobody listening) until `up()` opens it again."""

    def __init__(self, answers=(204,), tls: ssl.SSLContext | None = None):
        self.answers, self.got, self.server_names = list(answers), [], []
        self.tls, self.port, self.server = tls, 0, None
        if tls is not None:            # the TLS server name each client asked for (SNI)
            tls.sni_callback = lambda _sock, name, _ctx: self.server_names.append(name)
        self.up()
        self.url = f"http://127.0.0.1:{self.port}/hook"

    def handler(self):
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.got.append(({k.lower(): v for k, v in self.headers.items()}, body,
                                     time.monotonic()))
                status = receiver.answers[min(len(receiver.got), len(receiver.answers)) - 1]
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass
        return Handler

    def up(self) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), self.handler())
        self.port = self.server.server_port
        if self.tls is not None:
            self.server.socket = self.tls.wrap_socket(self.server.socket, server_side=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def down(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def verified(self, secret: str) -> list[dict]:
        """Each message received, verified with the `standardwebhooks` package."""
        return [Webhook(secret).verify(body, headers) for headers, body, _ in self.got]

    close = down
