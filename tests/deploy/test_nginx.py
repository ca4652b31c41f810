"""The shipped nginx in front of gunicorn (issue 11, finding 5): real nginx (Debian's
package; .ci/run installs it) with deploy/nginx.conf, changed only in its port, its
upstream and its /tmp/nginx paths, in front of a real `pbem serve`, all on loopback in
a temporary folder (nothing in it needs root). 100 connections that send 20 of 100
declared body bytes and stall leave /v1/health answering within 1 s through nginx;
straight at gunicorn, slow bodies stall it."""
from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import yaml

from service.bench.running import free_port
from tests.conftest import TEST_REDIS_URL

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SHIPPED = DEPLOY / "nginx.conf"
SLOW_CLIENTS = 100
HEAD = ("POST /v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: 100\r\n\r\n")


def nginx_conf(port: int, upstream: int, folder: str) -> str:
    """The shipped config with only its port, upstream and paths changed."""
    text = SHIPPED.read_text()
    for shipped, here in (("listen 8080;", f"listen 127.0.0.1:{port};"),
                          ("server api:8000;", f"server 127.0.0.1:{upstream};"),
                          ("server streams:8001;", f"server 127.0.0.1:{upstream};"),
                          ("/tmp/nginx", f"{folder}/nginx")):
        assert shipped in text, f"deploy/nginx.conf no longer says {shipped!r}"
        text = text.replace(shipped, here)
    return text


@contextlib.contextmanager
def started(args: list[str], port: int, env: dict | None = None):
    """A process group, up once its port answers /v1/health; ended with its group."""
    process = subprocess.Popen(args, env=env, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while health_seconds(port, timeout=1) is None:
            assert process.poll() is None, process.stderr.read().decode()
            assert time.monotonic() < deadline, f"{args[0]} did not answer on {port}"
            time.sleep(0.2)
        yield process
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


def health_seconds(port: int, timeout: float) -> float | None:
    """How long GET /v1/health took to answer 200; None when it did not within timeout."""
    start = time.monotonic()
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        client.request("GET", "/v1/health")
        answer = client.getresponse()
        answer.read()
        return time.monotonic() - start if answer.status == 200 else None
    except OSError:
        return None
    finally:
        client.close()


@contextlib.contextmanager
def slow_bodies(port: int, count: int = SLOW_CLIENTS):
    """count connections, each sending its head and 20 of the 100 body bytes it declares."""
    sockets = []
    try:
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(HEAD.encode() + b'{"game": "pile", ')
            sockets.append(sock)
        time.sleep(0.5)                    # let the server pick them all up
        yield
    finally:
        for sock in sockets:
            sock.close()


@pytest.fixture(scope="module")
def gunicorn():
    port = free_port()
    env = {**os.environ, "REDIS_URL": TEST_REDIS_URL}
    with started([sys.executable, "-m", "service.cli", "serve", "--port", str(port)], port, env):
        yield port


@pytest.fixture(scope="module")
def nginx(gunicorn):
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    assert os.path.exists(binary), "nginx is missing: apt-get install nginx (.ci/run does)"
    folder = tempfile.mkdtemp(prefix="pbem-nginx-")
    os.chmod(folder, 0o755)                # nginx's workers drop root, if it has it
    port = free_port()
    conf = Path(folder, "nginx.conf")
    conf.write_text(nginx_conf(port, gunicorn, folder))
    try:
        with started([binary, "-p", folder, "-c", str(conf), "-e", "stderr",
                      "-g", "daemon off;"], port):
            yield port
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_slow_bodies_leave_health_answering_within_a_second_behind_nginx(nginx):
    with slow_bodies(nginx):
        took = [health_seconds(nginx, timeout=5) for _ in range(5)]
    assert None not in took and max(took) < 1.0, took
    print(f"health through nginx beside {SLOW_CLIENTS} slow bodies: at most {max(took):.3f} s")


def test_nginx_passes_a_whole_request_through(nginx):
    client = http.client.HTTPConnection("127.0.0.1", nginx, timeout=10)
    client.request("POST", "/v1/games", body='{"game": "pile", "players": [{"name": "a"}, {"name": "b"}]}',
                   headers={"Content-Type": "application/json"})
    assert client.getresponse().status == 201


def test_without_nginx_slow_bodies_stall_gunicorn(gunicorn):
    """The attack of the finding, straight at gunicorn: why nginx is in front. Its
    workers take connections unevenly under load, so slow bodies are added, 25 at a
    time, until every thread waits on one (25 to 50 in a quiet run, well below the 100
    that nginx shrugs off)."""
    with contextlib.ExitStack() as stack:
        for opened in range(25, 401, 25):
            stack.enter_context(slow_bodies(gunicorn, 25))
            if health_seconds(gunicorn, timeout=2) is None:
                break
        else:
            pytest.fail("400 slow bodies did not stall gunicorn")
    print(f"gunicorn stalled with {opened} slow bodies")
    assert health_seconds(gunicorn, timeout=10) is not None      # it recovers once they go


def test_compose_and_kubernetes_reach_gunicorn_only_through_the_shipped_nginx():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    assert "ports" not in compose["api"] and compose["proxy"]["ports"] == ["8000:8080"]
    assert "./nginx.conf:/etc/nginx/nginx.conf:ro" in compose["proxy"]["volumes"]
    kustomization = yaml.safe_load((DEPLOY / "kustomization.yaml").read_text())
    assert kustomization["configMapGenerator"] == [{"name": "pbem-nginx", "files": ["nginx.conf"]}]
    manifests = {m["kind"] + "/" + m["metadata"]["name"]: m
                 for m in yaml.safe_load_all((DEPLOY / "kubernetes.yaml").read_text())}
    pod = manifests["Deployment/pbem-api"]["spec"]["template"]["spec"]
    containers = {c["name"]: c for c in pod["containers"]}
    assert containers["api"]["command"][2:6] == ["--host", "127.0.0.1", "--port", "8000"]
    assert [port["containerPort"] for port in containers["proxy"]["ports"]] == [8080]
    assert pod["volumes"] == [{"name": "nginx", "configMap": {"name": "pbem-nginx"}}]
    assert [(port["port"], port["targetPort"]) for port in
            manifests["Service/pbem-api"]["spec"]["ports"]] == [(80, 8080)]


def test_trace_behind_nginx_is_the_apis_405_with_allow(nginx):
    """Issue 29: nginx refuses TRACE with a page of its own and no Allow; the shipped
    config has the API answer it: 405 problem+json, Allow naming what the path takes."""
    for path, allowed in (("/v1/health", "GET"), ("/v1/games", "GET, POST")):
        client = http.client.HTTPConnection("127.0.0.1", nginx, timeout=10)
        client.request("TRACE", path)
        answer = client.getresponse()
        assert answer.status == 405 and answer.getheader("Allow") == allowed, answer.getheaders()
        assert answer.getheader("Content-Type") == "application/problem+json"
        assert json.loads(answer.read())["status"] == 405
