"""A three-master Redis Cluster on loopback ports, for the tests and `pbem bench api
--cluster` (deploy/compose.yaml starts the same for trying the service on one machine):
`redis-server --cluster-enabled yes` three times in a folder of its own, joined by
`redis-cli --cluster create ... --cluster-yes`, no replicas, nothing saved to disk."""
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
    (service.bench.free_port finds them)."""

    def __init__(self, ports: list[int]):
        self.folder = tempfile.mkdtemp(prefix="pbem-cluster-")
        self.ports, self.bus_ports = ports[:MASTERS], ports[MASTERS:2 * MASTERS]
        self.procs: list[subprocess.Popen] = []

    @property
    def url(self) -> str:
        """STATE_REDIS_URL for this cluster: any one node; the client finds the others."""
        return f"redis://127.0.0.1:{self.ports[0]}/0"

    def start(self, timeout: float = 30.0) -> "LocalCluster":
        for port, bus in zip(self.ports, self.bus_ports):
            node = os.path.join(self.folder, str(port))
            os.mkdir(node)
            self.procs.append(subprocess.Popen(
                [shutil.which("redis-server") or "redis-server", "--port", str(port),
                 "--bind", "127.0.0.1", "--cluster-enabled", "yes",
                 "--cluster-port", str(bus), "--cluster-config-file", "nodes.conf",
                 "--cluster-node-timeout", "5000", "--dir", node, "--save", "",
                 "--appendonly", "no"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        for port in self.ports:
            self.wait(lambda p=port: redis.Redis(port=p).ping(), timeout)
        subprocess.run(["redis-cli", "--cluster", "create",
                        *(f"127.0.0.1:{port}" for port in self.ports), "--cluster-yes"],
                       check=True, stdout=subprocess.DEVNULL, timeout=timeout)
        for port in self.ports:
            self.wait(lambda p=port: redis.Redis(port=p).cluster("info")["cluster_state"] == "ok",
                      timeout)
        return self

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
