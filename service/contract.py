"""Requests are validated against openapi.yaml (openapi-core) before any view runs;
failures become problem+json naming each failing field and what is allowed."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from openapi_core import OpenAPI
from openapi_core.contrib.flask import FlaskOpenAPIRequest
from openapi_core.templating.media_types.exceptions import MediaTypeNotFound
from openapi_core.templating.paths.exceptions import PathNotFound
from openapi_core.validation.request.exceptions import SecurityValidationError

from service import problems

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"
if not SPEC_PATH.exists():                      # installed without the source tree
    SPEC_PATH = Path(__file__).resolve().parent / "openapi.yaml"

UnsupportedMediaType = problems.problem(415, "unsupported-media-type",
                                        "The body must be application/json")


@cache
def spec_text() -> str:
    return SPEC_PATH.read_text()


@cache
def spec() -> dict:
    return yaml.safe_load(spec_text())


@cache
def openapi() -> OpenAPI:
    return OpenAPI.from_dict(spec())


def validate(flask_request) -> None:
    """Raise a Problem when the request does not match the contract."""
    errors = list(openapi().iter_request_errors(FlaskOpenAPIRequest(flask_request)))
    if not errors:
        return
    error = errors[0]
    if isinstance(error, PathNotFound):
        raise problems.NotFound(f"no such resource: {flask_request.path}")
    if isinstance(error, SecurityValidationError):
        raise problems.Unauthorized("send the seat's token as 'Authorization: Bearer <token>'")
    if isinstance(error, MediaTypeNotFound) or isinstance(error.__cause__, MediaTypeNotFound):
        raise UnsupportedMediaType(f"Content-Type {flask_request.mimetype or 'none'} is not "
                                   "allowed here; send application/json")
    fields = list(field_errors(error))
    raise problems.ValidationFailed("; ".join(f"{f['field']}: {f['message']}" for f in fields),
                                    errors=fields)


def field_errors(error):
    """Each failing field as {"field": "moves[0].action", "message": ...}."""
    cause = error.__cause__
    schema_errors = getattr(cause, "schema_errors", None) or getattr(error, "schema_errors", None)
    if schema_errors:
        where = getattr(error, "name", None)
        for schema_error in schema_errors:
            path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                           for p in schema_error.absolute_path).lstrip(".")
            yield {"field": path or where or "body", "message": schema_error.message}
        return
    name = getattr(error, "name", None) or getattr(cause, "name", None)
    yield {"field": name or "body", "message": str(cause or error)}
