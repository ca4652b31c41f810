"""Issue 25, point 2: no client's behaviour locks out another, on the shipped deployment.
Real nginx (Debian's) with deploy/nginx.conf (only its port, upstreams and paths
changed) in front of a real `pbem serve` (gunicorn, 2 processes) and a real `pbem
worker`, the API set as deploy/compose.yaml sets it and at the default limits; clients
on different loopback addresses (each client's socket bound to its own 127.0.0.x), so
nginx sees each as the address it is. Each test has addresses of its own: a lockout
lasts its window, in each gunicorn process."""
from __future__ import annotations

import os
import shutil
import tempfile
import threading
from pathlib import Path

import pytest
import redis
import requests
import yaml
from requests.adapters import HTTPAdapter

from service.bench.running import free_port, wait_until_healthy
from service.limits import DEFAULTS
from tests.conftest import TEST_REDIS_URL
from tests.deploy.test_nginx import DEPLOY, SHIPPED, nginx_conf, started
from tests.e2e.client import Table
from tests.e2e.conftest import Service

WRONG_TOKENS = 300
FAILURES = 10                  # PBEM_LIMIT_AUTH_FAILURES' default: 10 a minute
TURNS = 120                    # PBEM_LIMIT_TURNS' default: 120 a minute
CREATIONS = 20                 # PBEM_LIMIT_CREATE's default: 20 a minute
NEW_GAME = {"game": "pile", "players": [{"name": "a"}, {"name": "b"}]}


def shipped_api_env() -> dict[str, str]:
    """What deploy/compose.yaml sets for the API beyond where its Redis are."""
    env = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]["api"]["environment"]
    return {k: str(v) for k, v in env.items() if not k.endswith("REDIS_URL")}


class FromAddress(HTTPAdapter):
    """Every connection's socket bound to `address` before it connects."""

    def __init__(self, address: str):
        self.address = address
        super().__init__()

    def init_poolmanager(self, *args, **kwargs):
        super().init_poolmanager(*args, source_address=(self.address, 0), **kwargs)


def client_at(address: str) -> requests.Session:
    """A client on `address`; its `answers` are the status of each of its requests."""
    session = requests.Session()
    session.mount("http://", FromAddress(address))
    session.answers = []
    session.hooks["response"].append(
        lambda answer, *args, **kwargs: session.answers.append(answer.status_code))
    return session


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def wrong_tokens(client: requests.Session, url: str, count: int, framing: str) -> list[int]:
    """`count` requests with wrong tokens; every other one also writes `framing` into
    X-Forwarded-For itself, as if it came from there."""
    return [client.get(url, headers={**bearer(f"wrong-{i}"),
                                     **({"X-Forwarded-For": framing} if i % 2 else {})}
                       ).status_code for i in range(count)]


@pytest.fixture(scope="module")
def proxied():
    """The base URL of nginx in front of the service."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    assert os.path.exists(binary), "nginx is missing: apt-get install nginx (.ci/run does)"
    redis.Redis.from_url(TEST_REDIS_URL).flushdb()
    service = Service(**{**DEFAULTS, **shipped_api_env()})
    folder = tempfile.mkdtemp(prefix="pbem-nginx-")
    os.chmod(folder, 0o755)                # nginx's workers drop root, if it has it
    try:
        service.start_worker()
        wait_until_healthy(service.base)
        port = free_port()
        conf = Path(folder, "nginx.conf")
        conf.write_text(nginx_conf(port, service.port, folder))
        with started([binary, "-p", folder, "-c", str(conf), "-e", "stderr",
                      "-g", "daemon off;"], port):
            yield f"http://127.0.0.1:{port}"
    finally:
        service.stop()
        shutil.rmtree(folder, ignore_errors=True)
        redis.Redis.from_url(TEST_REDIS_URL).flushdb()


def test_the_shipped_deployments_trust_exactly_the_nginx_in_front():
    """compose and Kubernetes run the API and the streams behind deploy/nginx.conf, one
    proxy, and say so; nginx appends the client's address in every location it proxies."""
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    for name in ("api", "streams"):
        assert compose[name]["environment"]["PBEM_TRUSTED_PROXIES"] == "1"
    pods = [m for m in yaml.safe_load_all((DEPLOY / "kubernetes.yaml").read_text())
            if m["metadata"]["name"] == "pbem-api" and m["kind"] == "Deployment"]
    containers = {c["name"]: c for c in pods[0]["spec"]["template"]["spec"]["containers"]}
    for name in ("api", "streams"):
        assert {"name": "PBEM_TRUSTED_PROXIES", "value": "1"} in containers[name]["env"]
    text = SHIPPED.read_text()
    assert text.count("proxy_pass ") == text.count(
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;") == 3   # @trace: issue 29


def test_300_wrong_tokens_from_one_address_leave_the_players_at_another_playing(proxied):
    """The attack of the finding while two players at 127.0.0.3 play a game to its end
    (legal moves, then each turn with ?wait): every answer of theirs is 200, while
    127.0.0.2 is refused after its tenth wrong token, half of them claiming in
    X-Forwarded-For to come from 127.0.0.3."""
    players, attacker = client_at("127.0.0.3"), client_at("127.0.0.2")
    table = Table(proxied, "pile", 2, seed=31, http=players)
    attack = []
    thread = threading.Thread(target=lambda: attack.extend(
        wrong_tokens(attacker, table.url, WRONG_TOKENS, framing="127.0.0.3")))
    thread.start()
    try:
        finished = table.play_to_end(max_turns=60)
    finally:
        thread.join(60)
    assert finished["status"] == "finished" and finished["version"] >= 6, finished
    assert attack == [401] * FAILURES + [429] * (WRONG_TOKENS - FAILURES)
    assert players.answers and set(players.answers) == {201, 200}, players.answers
    assert players.get(f"{table.url}/log").status_code == 200           # no credential
    print(f"127.0.0.3 played {finished['version']} turns ({len(players.answers)} requests, "
          f"all 2xx) beside {WRONG_TOKENS} wrong tokens from 127.0.0.2")


class Neighbours(Table):
    """Players behind the address of a client that keeps sending wrong tokens: they read
    the game with a seat's token, each read right after one more wrong token on the same
    connection (so the gunicorn process that answers them has the address locked out:
    nginx takes its last used upstream connection first)."""

    def state(self, seat: int | None = None) -> dict:
        assert self.http.get(self.url, headers=bearer("wrong")).status_code == 429
        return super().state(0 if seat is None else seat)


def test_a_valid_credential_is_never_refused_for_its_own_address_failures(proxied):
    """A player behind the same address as a client that keeps failing (a NAT, an
    office): once 127.0.0.4 is locked out, its requests without a credential, or with a
    wrong one, are refused, but two players there play their game to its end with their
    seats' tokens, and a player's token reads the player."""
    here = client_at("127.0.0.4")
    table = Neighbours(proxied, "pile", 2, seed=32, http=here)
    player = here.post(f"{proxied}/v1/players", json={"name": "Ada", "email": "ada@nat.test"})
    assert player.status_code == 201, player.text
    assert wrong_tokens(here, table.url, 30, framing="127.0.0.9") == \
        [401] * FAILURES + [429] * (30 - FAILURES)
    here.answers.clear()
    for refused in (lambda: here.get(table.url), lambda: here.post(f"{proxied}/v1/games", json=NEW_GAME)):
        assert here.get(table.url, headers=bearer("wrong")).status_code == 429
        assert refused().status_code == 429
    assert here.get(f"{proxied}/v1/health").status_code == 200
    assert here.answers == [429, 429, 429, 429, 200]
    here.answers.clear()
    finished = table.play_to_end(max_turns=60)
    assert finished["status"] == "finished", finished
    played = [status for status in here.answers if status != 429]
    assert set(played) == {200} and len(played) >= 3 * finished["version"], here.answers
    me = here.get(f"{proxied}/v1/players/me", headers=bearer(player.json()["token"]["token"]))
    assert me.status_code == 200 and me.json()["name"] == "Ada"
    assert client_at("127.0.0.5").get(table.url).status_code == 200


def test_turn_limits_are_counted_per_seat_not_per_address(proxied):
    """Four players at 127.0.0.6, two games: the seat that spends its turn budget is
    refused (429, from any address) and the three others play on, their games to the
    end; at one count per address they would have shared the first seat's."""
    here = client_at("127.0.0.6")
    spent, table = Table(proxied, "pile", 2, seed=33, http=here), \
        Table(proxied, "pile", 2, seed=34, http=here)
    stale = [spent.submit(0, [{"action": "pass"}], version=99, wait=0).status_code
             for _ in range(TURNS)]
    assert stale == [409] * TURNS
    assert spent.submit(0, [{"action": "pass"}], version=0, wait=0).status_code == 429
    elsewhere = client_at("127.0.0.7")
    assert elsewhere.post(f"{spent.url}/turns", json={"expected_version": 0, "moves": [
        {"action": "pass"}]}, headers=spent.auth(0)).status_code == 429
    assert spent.submit(1, [{"action": "pass"}], version=0, wait=0).status_code == 403
    here.answers.clear()
    finished = table.play_to_end(max_turns=60)
    assert finished["status"] == "finished" and set(here.answers) == {200}, here.answers
    print(f"after one seat's {TURNS} turns, two other seats at the same address played "
          f"{finished['version']} turns")


def test_game_creation_is_counted_per_player_not_per_address(proxied):
    """Two players at 127.0.0.8: one spends its creation budget, the other and the
    address's anonymous budget are untouched."""
    here = client_at("127.0.0.8")
    tokens = []
    for name in ("ada", "bob"):
        answer = here.post(f"{proxied}/v1/players", json={"name": name,
                                                           "email": f"{name}@nat.test"})
        assert answer.status_code == 201, answer.text
        tokens.append(answer.json()["token"]["token"])
    created = [here.post(f"{proxied}/v1/games", json=NEW_GAME, headers=bearer(tokens[0])
                         ).status_code for _ in range(CREATIONS + 1)]
    assert created == [201] * CREATIONS + [429]
    assert here.post(f"{proxied}/v1/games", json=NEW_GAME, headers=bearer(tokens[1])
                     ).status_code == 201
    assert here.post(f"{proxied}/v1/games", json=NEW_GAME).status_code == 201
