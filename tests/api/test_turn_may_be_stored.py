"""Issue 25: a submission whose storing fails midway. The app talks to a real redis-server
through a TCP link (Link) that fails as a network or a dying server does: it delivers a
chosen write to Redis, which applies it, and drops the answer; `down`: it then drops
every connection and refuses new ones until told otherwise. So a turn is stored while the
API never hears so: its 503 says the turn may be stored (turn-may-be-stored) and to repeat
it with the same Idempotency-Key, which gives the one turn; a stored turn whose job or
wait lost the store answers 202; redis-py's retry of a keyless write whose answer was
lost makes no second turn."""
from __future__ import annotations

import socket
import threading

import pytest

from service.app import create_app
from service.api.turns import UNSURE_RETRY_AFTER
from service.problems import BASE
from service.store import Store, key
from tests.api.helpers import a_game, submit
from tests.api.test_errors import TURNS, assert_problem
from tests.api.test_redis_outage import server  # noqa: F401 (the fixture)


class Link:
    """A TCP relay to a real Redis server. `cut(match, down)`: the next client chunk for
    which match(chunk) holds is delivered, its answer dropped and its connection closed;
    with `down`, every connection with it, and new ones are refused until `up()`."""

    def __init__(self, port: int):
        self.target, self.lock = port, threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"redis://127.0.0.1:{self.listener.getsockname()[1]}/0"
        self.match, self.down, self.refusing = None, False, False
        self.open: set[socket.socket] = set()
        self.cuts = 0
        threading.Thread(target=self.accept, daemon=True).start()

    def cut(self, match, down: bool = False) -> None:
        self.match, self.down = match, down

    def up(self) -> None:
        self.refusing = False

    def accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return                                  # closed
            if self.refusing:
                client.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target))
            with self.lock:
                self.open |= {client, upstream}
            dropping = threading.Event()
            threading.Thread(target=self.requests, args=(client, upstream, dropping),
                             daemon=True).start()
            threading.Thread(target=self.answers, args=(upstream, client, dropping),
                             daemon=True).start()

    def requests(self, client, upstream, dropping) -> None:
        while data := self.received(client):
            if self.match and self.match(data):
                self.match = None
                dropping.set()                          # before Redis can answer
            try:
                upstream.sendall(data)
            except OSError:
                return

    def answers(self, upstream, client, dropping) -> None:
        while data := self.received(upstream):
            if dropping.is_set():                       # applied by Redis, never heard of
                self.cuts += 1
                self.refusing = self.down
                self.close([client, upstream] if not self.down else list(self.open))
                return
            try:
                client.sendall(data)
            except OSError:
                return
        self.close([client, upstream])

    @staticmethod
    def received(sock) -> bytes:
        try:
            return sock.recv(65536)
        except OSError:
            return b""

    def close(self, sockets) -> None:
        with self.lock:
            for sock in sockets:
                self.open.discard(sock)
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()

    def stop(self) -> None:
        self.listener.close()
        self.close(list(self.open))


def turn_write(data: bytes) -> bool:
    """A chunk that stores a turn record (SET game:{id}:turn:...)."""
    return b"\r\nSET\r\n" in data and b":turn:" in data


def job_write(data: bytes) -> bool:
    """A chunk that puts a job on rq's turn queue."""
    return b"rq:queue:turns" in data


@pytest.fixture
def link(server):
    running = Link(server.port)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def client(link):
    return create_app({"REDIS_URL": link.url, "TESTING": True}).test_client()


def first_move(client, game) -> list:
    return client.get(f"/v1/games/{game.id}/legal-moves", headers=game.auth(0)).json["moves"][:1]


def stored_turns(server, game_id: str) -> list[dict]:
    store = Store(server.client())
    names = server.client().keys(key(game_id, "turn", "*"))
    return [store.turn(game_id, name.decode().rsplit(":", 1)[1]) for name in names]


@pytest.mark.parametrize("idempotency", [{}, {"Idempotency-Key": "k-1"}], ids=["no key", "key"])
def test_a_turn_whose_answer_was_lost_once_is_stored_once(client, link, server,
                                                          idempotency):
    """redis-py sends the write again on a new connection: it finds its own record (no
    key) or its claimed key (a key), and the submission is one turn, answered 202."""
    game = a_game(client)
    moves = first_move(client, game)
    link.cut(turn_write)
    answer = submit(client, game, 0, moves, 0, **idempotency)
    assert link.cuts == 1, "the write was not cut"
    assert answer.status_code == 202, answer.json
    assert [turn["id"] for turn in stored_turns(server, game.id)] == [answer.json["id"]]


@pytest.mark.parametrize("idempotency", [{}, {"Idempotency-Key": "k-2"}], ids=["no key", "key"])
def test_a_turn_stored_as_the_store_went_down_is_answered_may_be_stored(
        client, link, server, idempotency):
    game = a_game(client)
    moves = first_move(client, game)
    link.cut(turn_write, down=True)
    answer = submit(client, game, 0, moves, 0, **idempotency)
    body = assert_problem(answer, 503, TURNS)
    assert body["type"] == BASE + "turn-may-be-stored"
    assert answer.headers["Retry-After"] == str(UNSURE_RETRY_AFTER)
    assert "may have been stored" in body["detail"]
    assert ("same Idempotency-Key" if idempotency else f"GET /v1/games/{game.id}") in body["detail"]
    stored = stored_turns(server, game.id)
    assert [turn["status"] for turn in stored] == ["queued"]     # it was: the 503 said maybe
    link.up()
    if idempotency:
        again = submit(client, game, 0, moves, 0, **idempotency)
        assert again.status_code == 202 and again.json["id"] == stored[0]["id"]
        assert len(stored_turns(server, game.id)) == 1


def test_a_submission_refused_before_its_turn_was_written_says_so(client, link, server):
    game = a_game(client)
    moves = first_move(client, game)
    link.cut(lambda data: b"MGET" in data, down=True)      # reading the game
    answer = submit(client, game, 0, moves, 0)
    assert assert_problem(answer, 503, TURNS)["type"] == BASE + "unavailable"
    assert stored_turns(server, game.id) == []


@pytest.mark.parametrize("wait", ["", "?wait=5"], ids=["at once", "waiting"])
def test_a_stored_turn_whose_job_or_wait_lost_the_store_is_answered_202(
        client, link, server, wait):
    game = a_game(client)
    moves = first_move(client, game)
    link.cut(job_write, down=True)
    answer = client.post(f"/v1/games/{game.id}/turns{wait}", headers=game.auth(0),
                         json={"expected_version": 0, "moves": moves})
    assert link.cuts == 1, "the job was not cut"
    assert answer.status_code == 202, answer.json
    assert answer.json["status"] == "queued"
    [turn] = stored_turns(server, game.id)
    assert turn["id"] == answer.json["id"]
    owed = Store(server.client()).pending_turns(float("inf"))
    assert [(game_id, turn_id) for game_id, turn_id, _ in owed] == [(game.id, turn["id"])]
