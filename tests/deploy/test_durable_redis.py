"""Issue 25: every Redis deploy/ starts (the queues' and each node of the state's
cluster, in compose and in Kubernetes) writes each change to its append-only file and
fsyncs it before it answers (`appendfsync always`): a turn answered 202 survives a
process kill and a host crash. tests/e2e/test_durable_turns.py kills deploy/redis.conf's."""
from __future__ import annotations

import shlex
from itertools import pairwise

import yaml

from tests.deploy.test_manifests import DEPLOY, DOCS, containers


def settings(words: list[str]) -> dict:
    """redis-server's `--name value` options among a command's words."""
    return {word[2:]: value for word, value in pairwise(words) if word.startswith("--")}


def redis_commands() -> dict[str, list[str]]:
    """Each redis-server the deployment starts: its command line as words."""
    found = {}
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    for name, service in compose["services"].items():
        command = service.get("command") or []
        if command[:1] == ["redis-server"]:
            found[f"compose {name}"] = command
    for doc in DOCS:
        if doc["kind"] == "StatefulSet":
            for container in containers(doc):
                words = shlex.split(container["command"][-1]) if container["command"][0] == "sh" \
                    else container["command"]
                found[f"kubernetes {doc['metadata']['name']}"] = words[words.index("redis-server"):]
    return found


def test_issue25_every_shipped_redis_fsyncs_each_write_before_it_answers():
    commands = redis_commands()
    assert {"compose redis", "compose state-1", "compose state-2", "compose state-3",
            "kubernetes pbem-queues-redis", "kubernetes pbem-state-redis"} <= set(commands)
    conf = dict(line.split(" ", 1) for line in (DEPLOY / "redis.conf").read_text().splitlines()
                if line and not line.startswith("#"))
    for name, words in commands.items():
        options = {**conf, **settings(words)} if "/usr/local/etc/redis/redis.conf" in words \
            else settings(words)
        assert (options.get("appendonly"), options.get("appendfsync")) == ("yes", "always"), \
            (name, options)
