"""Health, readiness, game types, the contract and its browsable docs."""
from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template

from service import availability, contract, metrics
from service.api import store
from service.games.registry import game_types
from service.liveness import alive_within, live_workers
from service.queues import MAIL, TURNS

bp = Blueprint("meta", __name__)


@bp.get("/v1/health")
def health():
    return {"status": "ok"}


@bp.get("/v1/ready")
def ready():
    """200 when Redis answers, the game state's store serves every slot (on a Redis
    Cluster: every master answers and sees all 16,384 slots ok, service/availability.py)
    and a worker on each queue sent a heartbeat within alive_within() seconds (rq's worker
    keys outlive a dead worker by minutes, so they are not counted); else 503 naming
    what is missing (issue 10, finding 2; issue 25, point 5)."""
    try:
        store().redis.ping()
        unserved = availability.unserved(store().state)
        alive = live_workers(current_app.extensions["redis"])
    except Exception as err:                            # any Redis failure means not ready
        return {"redis": False, "workers": {},
                "missing": [f"redis ({type(err).__name__}: {err})"[:300]]}, 503
    if unserved:
        return {"redis": False, "workers": {}, "missing": unserved}, 503
    workers = {name: alive[name] for name in (TURNS, MAIL)}
    missing = [f"a live worker on the {name} queue (none sent a heartbeat within "
               f"{alive_within():.0f} s)" for name, count in workers.items() if not count]
    return {"redis": True, "workers": workers, "missing": missing}, 503 if missing else 200


@bp.get("/metrics")
def prometheus_metrics():
    """Prometheus's text format (service/metrics.py); outside /v1, as scrapers expect."""
    body, content_type = metrics.exposition(current_app.extensions["redis"])
    return Response(body, content_type=content_type)


@bp.get("/v1/game-types")
def list_game_types():
    return {"game_types": [g.as_dict() for g in game_types().values()]}


@bp.get("/v1/openapi.yaml")
def openapi_yaml():
    return Response(contract.spec_text(), mimetype="application/yaml")


@bp.get("/docs")
def docs():
    """The contract as one self-contained page: no script, no outside assets."""
    spec = contract.spec()
    return render_template("docs.html", spec=spec, paths=contract.inline(spec["paths"], spec),
                           schemes=spec["components"]["securitySchemes"],
                           schemas=spec["components"]["schemas"])
