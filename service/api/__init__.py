"""HTTP blueprints, one per URL area: thin views over service.play."""
from __future__ import annotations

from flask import current_app, request

from service.store import Store


def store() -> Store:
    return Store(current_app.extensions["redis"])


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None
