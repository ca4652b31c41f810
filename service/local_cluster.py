"""A three-master Redis Cluster on loopback ports, for the tests and `pbem bench api
--cluster` (deploy/compose.yaml starts the same for trying the service on one machine):
`redis-server --cluster-enabled yes` three times in a folder of its own, joined by
`redis-cli --cluster create ... --cluster-yes`, no replicas, nothing saved to disk
unless `options` say so (the outage tests kill a master and start it again on its AOF)."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time

import redis

MASTERS = 3


class LocalCluster:
    """`ports`: 2 x MASTERS free loopback ports, the masters' and their cluster bus's
    (service.bench.running.free_port finds them); `options`, more redis-server arguments for
    every node (e.g. "--appendonly", "yes")."""

    def __init__(self, ports: list[int], *options: str):
        self.folder = tempfile.mkdtemp(prefix="pbem-cluster-")
        self.ports, self.bus_ports = ports[:MASTERS], ports[MASTERS:2 * MASTERS]
        self.options = options
        self.procs: list[subprocess.Popen] = []

    @property
    def url(self) -> str:
        """STATE_REDIS_URL for this cluster: any one node; the client finds the others."""
        return f"redis://127.0.0.1:{self.ports[0]}/0"

    def start(self, timeout: float = 30.0) -> "LocalCluster":
        for port in self.ports:
            os.mkdir(os.path.join(self.folder, str(port)))
            self.procs.append(self.node(port))
        for port in self.ports:
            self.wait(lambda p=port: redis.Redis(port=p).ping(), timeout)
        subprocess.run(["redis-cli", "--cluster", "create",
                        *(f"127.0.0.1:{port}" for port in self.ports), "--cluster-yes"],
                       check=True, stdout=subprocess.DEVNULL, timeout=timeout)
        for port in self.ports:
            self.wait(lambda p=port: redis.Redis(port=p).cluster("info")["cluster_state"] == "ok",
                      timeout)
        return self

    def node(self, port: int) -> subprocess.Popen:
        """The master of `port`, started on its folder (its nodes.conf, and its data
        where `options` keep any)."""
        bus = self.bus_ports[self.ports.index(port)]
        return subprocess.Popen(
            [shutil.which("redis-server") or "redis-server", "--port", str(port),
             "--bind", "127.0.0.1", "--cluster-enabled", "yes",
             "--cluster-port", str(bus), "--cluster-config-file", "nodes.conf",
             "--cluster-node-timeout", "5000", "--dir", os.path.join(self.folder, str(port)),
             "--save", "", "--appendonly", "no", *self.options],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    def kill(self, index: int) -> None:
        """SIGKILL the index-th master, as a crash would."""
        os.killpg(self.procs[index].pid, signal.SIGKILL)
        self.procs[index].wait(10)

    def restart(self, index: int, timeout: float = 30.0) -> None:
        """Start the index-th master again on its folder; returns once it answers."""
        port = self.ports[index]
        self.procs[index] = self.node(port)
        self.wait(lambda: redis.Redis(port=port).ping(), timeout)

    @staticmethod
    def wait(ready, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if ready():
                    return
            except redis.ConnectionError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the local Redis Cluster did not come up")
            time.sleep(0.05)

    def client(self) -> redis.RedisCluster:
        return redis.RedisCluster.from_url(self.url)

    def flush(self) -> None:
        for port in self.ports:
            redis.Redis(port=port).flushall()

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            proc.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)
