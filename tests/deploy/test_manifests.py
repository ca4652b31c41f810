"""deploy/ as shipped (issue 18): every Kubernetes manifest is valid against
Kubernetes's own schemas (kubernetes-validate, which carries them: no network), each
server is probed on /v1/health and /v1/ready, every container has resource requests
and limits, each workload has a PodDisruptionBudget and an autoscaler, the state goes
to a Redis Cluster and the queues to a plain Redis; compose starts a three-master
cluster for the state."""
from __future__ import annotations

import copy
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
KUBERNETES = "1.30.0"          # the oldest release the manifests promise to run on
DOCS = [d for d in yaml.safe_load_all((DEPLOY / "kubernetes.yaml").read_text()) if d]
WORKLOADS = {"pbem-api", "pbem-worker", "pbem-mail-in"}


def named(kind: str) -> dict:
    return {d["metadata"]["name"]: d for d in DOCS if d["kind"] == kind}


def containers(doc: dict) -> list[dict]:
    return doc["spec"]["template"]["spec"]["containers"]


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: f"{d['kind']}-{d['metadata']['name']}")
def test_issue18_each_manifest_is_valid_against_kubernetes_schemas(doc):
    kubernetes_validate.validate(doc, KUBERNETES, strict=True)


def test_issue18_the_linter_refuses_a_misspelt_field():
    wrong = copy.deepcopy(named("Deployment")["pbem-api"])
    containers(wrong)[0]["livenessProbe"]["httpGet"]["paht"] = "/v1/health"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(wrong, KUBERNETES, strict=True)


def test_issue18_kustomize_takes_the_manifests_and_the_proxy_configuration():
    kustomization = yaml.safe_load((DEPLOY / "kustomization.yaml").read_text())
    assert all((DEPLOY / name).exists() for name in kustomization["resources"])
    assert (DEPLOY / kustomization["configMapGenerator"][0]["files"][0]).exists()


def test_issue18_servers_are_probed_on_health_and_ready_and_every_container_is_bounded():
    api = containers(named("Deployment")["pbem-api"])
    probes = {c["name"]: yaml.safe_dump({k: v for k, v in c.items() if k.endswith("Probe")})
              for c in api}
    for server in ("proxy", "api", "streams"):
        assert "/v1/health" in probes[server] and "/v1/ready" in probes[server], server
    for kind in ("Deployment", "StatefulSet", "Job"):
        for doc in named(kind).values():
            for container in containers(doc):
                resources = container["resources"]
                assert {"cpu", "memory"} <= set(resources["requests"]) & set(resources["limits"])
                assert kind == "Job" or {"livenessProbe", "readinessProbe"} <= set(container)


def test_issue18_each_workload_has_a_disruption_budget_and_an_autoscaler():
    budgets = {d["spec"]["selector"]["matchLabels"]["app"]
               for d in named("PodDisruptionBudget").values()}
    scaled = {d["spec"]["scaleTargetRef"]["name"]
              for d in named("HorizontalPodAutoscaler").values()}
    assert WORKLOADS <= budgets and WORKLOADS == scaled <= set(named("Deployment"))


def test_issue18_state_on_a_redis_cluster_and_queues_on_a_plain_redis():
    urls = named("Secret")["pbem"]["stringData"]
    state = named("StatefulSet")["pbem-state-redis"]
    queues = named("StatefulSet")["pbem-queues-redis"]
    assert urls["state-redis-url"].startswith("redis://pbem-state-redis:")
    assert urls["redis-url"].startswith("redis://pbem-queues-redis:")
    assert "--cluster-enabled yes" in " ".join(containers(state)[0]["command"])
    assert state["spec"]["replicas"] == 6                      # 3 masters, a replica each
    assert "--cluster-enabled" not in " ".join(containers(queues)[0]["command"])
    create = containers(named("Job")["pbem-state-redis-create"])[0]["command"]
    assert "--cluster-replicas 1" in " ".join(create)
    for name in WORKLOADS:
        for container in containers(named("Deployment")[name]):
            if container["image"].startswith("pbem"):
                assert {e["name"] for e in container["env"]} - {"PBEM_TRUSTED_PROXIES"} == \
                    {"REDIS_URL", "STATE_REDIS_URL"}


def test_issue18_compose_starts_a_three_master_cluster_for_the_state():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    nodes = [s for s in compose.values() if "--cluster-enabled" in s.get("command", [])]
    assert len(nodes) == 3
    create = compose["state-cluster"]["command"][-1]
    assert "--cluster create" in create and create.count(":6379") == 3
    for name in ("api", "streams", "worker"):
        env = compose[name]["environment"]
        assert env["STATE_REDIS_URL"].startswith("redis://172.28.0.1")
        assert env["REDIS_URL"] == "redis://redis:6379/0"
        assert compose[name]["depends_on"]["state-cluster"]["condition"] == \
            "service_completed_successfully"
