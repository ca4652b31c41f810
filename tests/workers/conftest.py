"""Fixtures for the mail tests: a real Redis (the one database TEST_REDIS_URL names,
flushed per test like every other test's), a real SMTP server on loopback that
receives what the service sends, the service's own SMTP listener (`pbem mail-in`) on
loopback, and a runner for rq jobs and rq's scheduler."""
from __future__ import annotations

import smtplib
import socket
import threading
from datetime import datetime, timedelta, timezone
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest
import redis
import time_machine
from aiosmtpd.controller import Controller
from rq.scheduler import RQScheduler

from service.connection import redis_from_env, redis_url
from service.queues import MAIL, TURNS, queue
from tests.conftest import TEST_REDIS_URL, BurstWorker
from workers.mail import listener
from workers.notify import CONFIRM_WINDOW

DOMAIN = "games.test"
SECRET = "test-inbound-secret"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def forget_redis_url() -> None:
    """service.connection keeps one client per process; a test here changes REDIS_URL."""
    redis_url.cache_clear()
    redis_from_env.cache_clear()


@pytest.fixture
def conn(monkeypatch):
    """The test database, for this test alone; REDIS_URL names it too, for the jobs
    that open their own connection (workers/resolve.py)."""
    monkeypatch.setenv("REDIS_URL", TEST_REDIS_URL)
    forget_redis_url()
    connection = redis.Redis.from_url(TEST_REDIS_URL)
    connection.ping()
    connection.flushdb()
    yield connection
    connection.flushdb()
    forget_redis_url()


class Inbox:
    """What the outgoing side delivered, as parsed messages, per recipient."""

    def __init__(self):
        self.messages: list[EmailMessage] = []
        self.recipients: list[list[str]] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
            self.recipients.append(list(envelope.rcpt_tos))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m, to in zip(self.messages, self.recipients) if address in to]

    def last(self, address: str) -> EmailMessage:
        found = self.to(address)
        assert found, f"no mail to {address}; sent: {[(m['To'], m['Subject']) for m in self.messages]}"
        return found[-1]


def kind(message: EmailMessage) -> str:
    """What a game's mail is ("Your turn", "Game over"): its plain text's first line, the
    subject being the same for every mail of a game to a seat (issue 27)."""
    return message.get_body(("plain",)).get_content().split("\n", 1)[0].strip()


def listed_lines(message: EmailMessage, heading: str) -> list[str]:
    """The lines of the mail's section under `heading` (its legal moves, "Your legal
    moves" or in German "Deine erlaubten Züge") as a player copies them: the indented
    ones, a wrapped line joined to its continuation."""
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    section = text.split(f"{heading}\n{'=' * len(heading)}\n", 1)[1].split("\n\n", 1)[0]
    lines: list[str] = []
    for line in section.splitlines():
        if line.startswith("    ") and lines:
            lines[-1] += " " + line.strip()
        elif line.startswith("  "):
            lines.append(line.strip())
    return lines


def badly_written(message: EmailMessage) -> list[str]:
    """Issue 20, finding 7, and issue 27: a text part in base64, or a line (but one that
    is one word, such as a link) over 78 columns in the plain text, the board's too."""
    found = []
    for part in message.walk():
        if part.get_content_maintype() == "text" and str(part.get("Content-Transfer-Encoding", "")).lower() == "base64":
            found.append(f"{message['Subject']}: {part.get_content_type()} in base64")
    plain = message.get_body(("plain",))
    lines, title = plain.get_content().replace("\r\n", "\n").split("\n") if plain else [], ""
    for number, line in enumerate(lines):
        if number + 1 < len(lines) and line and lines[number + 1] == "=" * len(line):
            title = line
        elif line == "-- ":
            title = "footer"
        if len(line) > 78 and len(line.split()) > 1:   # a lone link cannot wrap; the board fits too (issue 27)
            found.append(f"{message['Subject']}: a line of {len(line)} columns: {line!r}")
    return found


@pytest.fixture
def inbox(monkeypatch, tmp_path):
    """A real SMTP server on loopback; the service sends to it through SMTP_URL. Every
    mail it received is checked to be well written (`badly_written`)."""
    box = Inbox()
    server = Controller(box, hostname="127.0.0.1", port=free_port())
    server.start()
    monkeypatch.setenv("SMTP_URL", f"smtp://127.0.0.1:{server.port}")
    monkeypatch.setenv("MAIL_DOMAIN", DOMAIN)
    monkeypatch.setenv("MAIL_FROM", f"Turns <turns@{DOMAIN}>")
    monkeypatch.setenv("INBOUND_MAIL_SECRET", SECRET)
    monkeypatch.setenv("MAIL_SINK_DIR", str(tmp_path / "sink"))
    yield box
    server.stop()
    assert not [fault for message in box.messages for fault in badly_written(message)]


@pytest.fixture
def run_jobs(conn):
    """Run every due job: rq's scheduler moves the scheduled ones whose time has come
    (by the clock, which time-machine may move) onto their queues, then a burst
    worker runs the turn and mail queues, until nothing is left to do."""
    queues = [queue(conn, TURNS), queue(conn, MAIL)]

    def run(rounds: int = 20) -> None:
        scheduler = RQScheduler([q.name for q in queues], connection=conn)
        for _ in range(rounds):
            assert scheduler.acquire_locks(), "another rq scheduler holds this database's lock"
            scheduler.enqueue_scheduled_jobs()
            if not any(q.count for q in queues):
                break
            BurstWorker([q.name for q in queues], connection=conn).work(burst=True)
        scheduler.release_locks()
    return run


@pytest.fixture
def after_window(run_jobs):
    """Run the jobs due once the window for confirming a move alone has passed (issue
    14: a confirmation waits that long for another mail to go in)."""
    def run() -> None:
        later = datetime.now(timezone.utc) + timedelta(seconds=CONFIRM_WINDOW + 5)
        with time_machine.travel(later, tick=True):
            run_jobs()
    return run


@pytest.fixture
def mail_in(conn, inbox):
    """The service's SMTP listener on loopback, and a function that sends to it."""
    server = listener.controller(conn, "127.0.0.1", free_port(), DOMAIN)
    server.start()

    def send(message: EmailMessage, envelope_from: str | None = None) -> None:
        with smtplib.SMTP("127.0.0.1", server.port) as client:
            client.send_message(message, from_addr=envelope_from)
    yield send
    server.stop()


def reply_to(original: EmailMessage, body: str, sender: str, **headers) -> EmailMessage:
    """A reply as a mail client writes it: to the Reply-To address, "Re:" subject,
    In-Reply-To, the player's lines on top and the original quoted below."""
    answer = EmailMessage()
    answer["From"] = sender
    answer["To"] = str(original["Reply-To"])
    answer["Subject"] = "Re: " + str(original["Subject"])
    answer["In-Reply-To"] = str(original["Message-ID"])
    answer["Message-ID"] = f"<{abs(hash((body, str(original['Message-ID']))))}@player.test>"
    for name, value in headers.items():
        answer[name.replace("_", "-")] = value
    quoted = "\n".join("> " + line for line in original.get_body(("plain",)).get_content().splitlines())
    answer.set_content(f"{body}\n\nOn Tuesday, Turns wrote:\n{quoted}\n")
    return answer


PLAYERS = [{"name": "Ada", "email": "ada@player.test"},
           {"name": "Bert", "email": "bert@player.test"}]


@pytest.fixture
def new_game(conn):
    """A game created as POST /v1/games creates it, with its invitation job owed; its
    players' addresses confirmed before (issue 11, finding 4), unless confirmed=False."""
    from service.mail import consent
    from service.play import create_game
    from service.store import Store

    def create(game: str = "pile", players=PLAYERS, options=None, clock=None, seed=7,
               confirmed: bool = True) -> str:
        if confirmed:
            for player in players:
                conn.sadd(consent.CONFIRMED, consent.normal(player.get("email")))
        record, _tokens, _admin = create_game(Store(conn), game, players, options, seed,
                                              settings={"clock": clock} if clock else {})
        queue(conn, MAIL).enqueue("workers.notify.on_game_created", record.id)
        return record.id
    return create
